// The KAT of a category other than hash (docs/ARCHITECTURE.md "Categories"): the toy fixed-output
// function of native/testlibs, its records made by the driver's op-kat with the category's C
// adapter, its text written by the category's own formatFile, judged against a manifest.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { formatKeyValueKat, parseKeyValueKat, type AlgorithmCategory } from '@ngcc-perf/category';
import { canonicalDigest } from '../src/canonical-digest.js';
import { parseManifest } from '../src/parse-manifest.js';
import { runCategoryKat } from '../src/run-category-kat.js';

const driverPath = process.env.NGCC_PERF_DRIVER ?? '';
const testlibs = path.join(process.env.NGCC_PERF_NATIVE_BUILD ?? path.dirname(driverPath), 'testlibs');
const adapterPath = path.join(testlibs, 'libtoy_fof_adapter.so');
const describeWithToy = existsSync(driverPath) && existsSync(adapterPath) ? describe : describe.skip;
const outputDirectory = mkdtempSync(path.join(tmpdir(), 'ngcc-perf-category-kat-'));
afterAll(() => rmSync(outputDirectory, { recursive: true, force: true }));

const toyKat: Pick<AlgorithmCategory, 'id' | 'driver' | 'kat'> = {
  id: 'toy-fof',
  driver: { kind: 'adapter', adapterPath },
  kat: {
    kinds: [{ kind: 'KAT_FOF', byDefault: true, fileName: (instance) => `KAT_FOF_${instance}.txt` }],
    producedBy: 'op-kat',
    formatFile: (_kind, records) => formatKeyValueKat(records),
    parseFile: (kind, text) => parseKeyValueKat(text, kind),
  },
};

/** toy_fof.c by hand: input byte i = 3i mod 256, out[j] = (L + Σ in + 7j) mod 256, 16 bytes. */
function expectedText(): string {
  const hex = (bytes: number[]) => Buffer.from(bytes).toString('hex').toUpperCase();
  return [0, 1, 16, 100]
    .map((length, count) => {
      const input = Array.from({ length }, (_, i) => (3 * i) & 0xff);
      const sum = input.reduce((total, byte) => (total + byte) & 0xff, length & 0xff);
      const output = Array.from({ length: 16 }, (_, j) => (sum + 7 * j) & 0xff);
      return `Count = ${count}\nIn_Len = ${length}\nIn = ${hex(input)}\nOut = ${hex(output)}\n\n`;
    })
    .join('');
}

describeWithToy('runCategoryKat', () => {
  const digest = canonicalDigest(expectedText(), { mode: 'strict' });

  it('writes the file the category formats and passes against a manifest of its digest', async () => {
    const manifest = parseManifest(`${digest} strict toy/KAT_FOF_toy.txt\n`, 'kat.sha256');
    const result = await runCategoryKat({
      library: path.join(testlibs, 'libtoy_fof.so'),
      category: toyKat,
      kind: 'KAT_FOF',
      instance: 'toy',
      manifest,
      outputDirectory,
    });
    expect(result).toMatchObject({ verdict: 'PASS', file: 'KAT_FOF_toy.txt', records: 4, canonicalSha256: digest });
    expect(readFileSync(path.join(outputDirectory, 'KAT_FOF_toy.txt'), 'utf8')).toBe(expectedText());
  });

  it('is NOKAT without a manifest entry, and MISMATCH against another digest', async () => {
    const common = {
      library: path.join(testlibs, 'libtoy_fof.so'),
      category: toyKat,
      kind: 'KAT_FOF',
      instance: 'toy',
      outputDirectory,
    };
    expect((await runCategoryKat({ ...common, manifest: null })).verdict).toBe('NOKAT');
    const other = parseManifest(`${'0'.repeat(64)} strict toy/KAT_FOF_toy.txt\n`, 'kat.sha256');
    expect((await runCategoryKat({ ...common, manifest: other })).verdict).toBe('MISMATCH');
  });

  it('an output past its length is OVERFLOW, a library of another category LOADFAIL: verdicts, not exceptions', async () => {
    const common = { category: toyKat, kind: 'KAT_FOF', instance: 'toy', manifest: null, outputDirectory };
    const overflow = await runCategoryKat({ ...common, library: path.join(testlibs, 'libtoy_fof_overflow.so') });
    expect(overflow).toMatchObject({ verdict: 'OVERFLOW', records: 0 });
    const hash = await runCategoryKat({ ...common, library: path.join(testlibs, 'libxor_ok.so') });
    expect(hash.verdict).toBe('LOADFAIL');
  });
});
