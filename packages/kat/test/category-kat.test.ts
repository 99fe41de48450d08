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
import { runCategoryInstanceKat } from '../src/run-category-instance-kat.js';
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

describeWithToy('runCategoryKat of a category produced by this package (kat-package)', () => {
  const xorKat: Pick<AlgorithmCategory, 'id' | 'driver' | 'kat'> = {
    id: 'hash',
    driver: { kind: 'built-in' },
    kat: {
      kinds: [{ kind: 'KAT_2_12', byDefault: true, fileName: (instance) => `KAT_2_12_${instance}.txt` }],
      producedBy: 'kat-package',
      formatFile: (_kind, records) => formatKeyValueKat(records),
      parseFile: (kind, text) => parseKeyValueKat(text, kind),
    },
  };
  const common = {
    library: path.join(testlibs, 'libxor_ok.so'),
    category: xorKat,
    instance: 'xor',
    manifest: null,
    outputDirectory,
    driverPath,
  };

  it('writes the generator’s file for the instance’s digestBits and judges it like any other', async () => {
    const result = await runCategoryKat({ ...common, kind: 'KAT_2_12', parameters: { digestBits: 256 } });
    expect(result).toMatchObject({ verdict: 'NOKAT', file: 'KAT_2_12_xor.txt' });
    if (result.verdict !== 'NOKAT') return;
    const text = readFileSync(result.katFilePath, 'utf8');
    expect(result.canonicalSha256).toBe(canonicalDigest(text, { mode: 'strict' }));
    expect(result.records).toBe(parseKeyValueKat(text, 'KAT_2_12').length);
    expect(result.records).toBeGreaterThan(0);
    const manifest = parseManifest(`${result.canonicalSha256} strict xor/KAT_2_12_xor.txt\n`, 'kat.sha256');
    const judged = await runCategoryKat({ ...common, manifest, kind: 'KAT_2_12', parameters: { digestBits: 256 } });
    expect(judged.verdict).toBe('PASS');
  });

  it('refuses a kind its generator does not write, or an instance without digestBits', async () => {
    await expect(runCategoryKat({ ...common, kind: 'KAT_FOF', parameters: { digestBits: 256 } })).rejects.toThrow(
      /kat-package.*KAT_FOF/,
    );
    await expect(runCategoryKat({ ...common, kind: 'KAT_2_12' })).rejects.toThrow(/digestBits undefined/);
  });
});

describeWithToy('runCategoryInstanceKat', () => {
  const digest = canonicalDigest(expectedText(), { mode: 'strict' });
  const common = {
    category: toyKat,
    candidateId: 'toy-01',
    instance: 'toy',
    outputDirectory: path.join(outputDirectory, 'instance'),
    logPathsRelativeTo: outputDirectory,
    manifestName: 'kat.sha256',
  };

  it('checks every default kind and writes the log in the layout validate reads', async () => {
    const manifest = parseManifest(`${digest} strict toy/KAT_FOF_toy.txt\n`, 'kat.sha256');
    const kat = await runCategoryInstanceKat({ ...common, library: path.join(testlibs, 'libtoy_fof.so'), manifest });
    expect(kat).toMatchObject({ verdict: 'PASS', detail: null });
    expect(kat.logText).toContain('type         = toy-fof\n');
    expect(kat.logText).toContain(`  written   instance/KAT_FOF_toy.txt (${expectedText().length} bytes)\n`);
    expect(kat.logText).toContain(`  manifest  ${digest} strict toy/KAT_FOF_toy.txt (kat.sha256 line 1): match\n`);
    expect(kat.logText.endsWith('RESULT toy-01 toy PASS\n')).toBe(true);
  });

  it('takes the verdict of a failing file, with its sentence, and says NOKAT without a manifest', async () => {
    const overflow = await runCategoryInstanceKat({
      ...common,
      library: path.join(testlibs, 'libtoy_fof_overflow.so'),
      manifest: null,
    });
    expect(overflow.verdict).toBe('OVERFLOW');
    expect(overflow.detail).toMatch(/^KAT_FOF_toy\.txt: /);
    expect(overflow.logText.endsWith('RESULT toy-01 toy OVERFLOW\n')).toBe(true);
    const nokat = await runCategoryInstanceKat({
      ...common,
      library: path.join(testlibs, 'libtoy_fof.so'),
      manifest: null,
    });
    expect(nokat).toMatchObject({ verdict: 'NOKAT', detail: 'no manifest entry for a KAT file' });
  });
});
