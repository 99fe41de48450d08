// runCategoryKat of a category whose KAT files the driver's pk-kat writes (KEM, signature, key
// exchange): the toy public-key instances of native/testlibs judged as PASS/NOKAT with their failed
// functional checks, the verdicts of runs that stop, and report item (6) from the getters beside
// what the calls wrote.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import {
  formatKeyValueKat,
  parseKeyValueKat,
  type AlgorithmCategory,
  type CategorySizeSource,
} from '@ngcc-perf/category';
import { parseManifest } from '../src/parse-manifest.js';
import { measuredSizes } from '../src/public-key/measured-sizes.js';
import { runCategoryKat } from '../src/run-category-kat.js';

const driverPath = process.env.NGCC_PERF_DRIVER ?? '';
const testlibs = path.join(process.env.NGCC_PERF_NATIVE_BUILD ?? path.dirname(driverPath), 'testlibs');
const lib = (name: string): string => path.join(testlibs, `lib${name}.so`);
const describeWithToys = existsSync(driverPath) && existsSync(lib('pk_toy_kem')) ? describe : describe.skip;
const outputDirectory = mkdtempSync(path.join(tmpdir(), 'ngcc-perf-category-pk-kat-'));
afterAll(() => rmSync(outputDirectory, { recursive: true, force: true }));

/** A public-key category as kat sees it: its id, the built-in driver table, pk-kat and its size sources. */
function pkCategory(
  id: string,
  kind: string,
  sizeSources: CategorySizeSource[],
): Pick<AlgorithmCategory, 'id' | 'driver' | 'kat'> {
  return {
    id,
    driver: { kind: 'built-in' },
    kat: {
      kinds: [{ kind, byDefault: true, fileName: (instance) => `${kind}_${instance}.txt` }],
      producedBy: 'pk-kat',
      formatFile: (_kind, records) => formatKeyValueKat(records),
      parseFile: (fileKind, text) => parseKeyValueKat(text, fileKind),
      sizeSources,
    },
  };
}
const source = (key: string, getter: string, written: string, mayBeShorter = false): CategorySizeSource => ({
  key,
  label: key,
  getter,
  written,
  mayBeShorter,
});
const kem = pkCategory('kem', 'KAT_KEM', [
  source('pk', 'kem_get_pk_len_bytes', 'pk'),
  source('ct', 'kem_get_ct_len_bytes', 'ct'),
]);
const sig = pkCategory('sig', 'KAT_SIG', [source('signature', 'sig_get_sn_len_bytes', 'sn', true)]);
const run = (category: Pick<AlgorithmCategory, 'id' | 'driver' | 'kat'>, library: string, instance: string) =>
  runCategoryKat({
    library: lib(library),
    category,
    kind: category.kat.kinds[0]!.kind,
    instance,
    manifest: null,
    outputDirectory,
    driverPath,
  });

describeWithToys('runCategoryKat through pk-kat', () => {
  it('writes the official file, NOKAT without a manifest, PASS with its digest, and the sizes the calls wrote', async () => {
    const nokat = await run(kem, 'pk_toy_kem', 'Toy');
    expect(nokat).toMatchObject({ verdict: 'NOKAT', file: 'KAT_KEM_Toy.txt', records: 10, failedChecks: [] });
    expect(nokat.sizes).toEqual([
      { key: 'pk', label: 'pk', getterBytes: 32, writtenBytes: 32, agrees: true },
      { key: 'ct', label: 'ct', getterBytes: 40, writtenBytes: 40, agrees: true },
    ]);
    if (nokat.verdict !== 'NOKAT') throw new Error('expected NOKAT');
    const manifest = parseManifest(`${nokat.canonicalSha256} strict Toy/KAT_KEM_Toy.txt\n`, 'kat.sha256');
    const pass = await runCategoryKat({
      library: lib('pk_toy_kem'),
      category: kem,
      kind: 'KAT_KEM',
      instance: 'Toy',
      manifest,
      outputDirectory,
      driverPath,
    });
    expect(pass).toMatchObject({ verdict: 'PASS', comparedSha256: nokat.canonicalSha256 });
  });

  it('a signature shorter than its getter agrees', async () => {
    const result = await run(sig, 'pk_toy_sig', 'Toy');
    expect(result.sizes).toEqual([
      { key: 'signature', label: 'signature', getterBytes: 40, writtenBytes: 32, agrees: true },
    ]);
  });

  it('a dec that gives another secret shows its failed check beside the verdict', async () => {
    const result = await run(kem, 'pk_toy_kem_wrong_secret', 'Toy');
    expect(result.verdict).toBe('NOKAT');
    if (result.verdict !== 'NOKAT') throw new Error('expected NOKAT');
    expect(result.failedChecks?.[0]).toMatchObject({ record: 0, name: 'decapsulation' });
  });

  it('a run that stops is its verdict, with the getters as far as it got', async () => {
    const overflow = await run(kem, 'pk_toy_kem_claim_long', 'Toy');
    expect(overflow).toMatchObject({ verdict: 'OVERFLOW', records: 0 });
    expect(overflow.sizes?.[1]).toEqual({ key: 'ct', label: 'ct', getterBytes: 40, writtenBytes: null, agrees: null });
    expect(await run(sig, 'pk_toy_sig_sign_fails', 'Toy')).toMatchObject({ verdict: 'CRYPTOFAIL' });
  });
});

describe('measuredSizes', () => {
  it('flags a written length that disagrees with its getter, and lets a largest-length getter be undercut', () => {
    const written = { ct: { min: 40, max: 48 }, sn: { min: 30, max: 38 } };
    expect(
      measuredSizes(
        [source('ct', 'kem_get_ct_len_bytes', 'ct'), source('signature', 'sig_get_sn_len_bytes', 'sn', true)],
        { kem_get_ct_len_bytes: 40, sig_get_sn_len_bytes: 40 },
        written,
      ).map((size) => size.agrees),
    ).toEqual([false, true]);
    expect(measuredSizes([source('ct', 'kem_get_ct_len_bytes', 'ct')], null, null)[0]?.agrees).toBeNull();
  });
});
