// Discovery over the synthetic layouts (test/support/synthetic-packages.ts), unpacked and zipped:
// instance folders by content, sources without main programs or an unused DRNG, versions from
// the path, ISA folders skipped, folders without their own header not measurable, Others/ ignored.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pacedMilliseconds } from '@ngcc-perf/native';
import {
  discoverPackage,
  type DiscoveredPackage,
  extractZipArchive,
  readHashCatalog,
  packageRoot,
} from '@ngcc-perf/intake';
import { TOY_LAYOUTS, writeToyPackage, zipToyPackage } from './support/synthetic-packages.js';

const catalog = readHashCatalog(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'toy-packages', 'catalog'),
);
const host = { arch: 'x64', cpuFlags: ['sse4_1', 'avx2'] };
const work = mkdtempSync(path.join(tmpdir(), 'discovery-layouts-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const found = new Map<string, DiscoveredPackage>();
/** Layouts also discovered from a .zip (each discovery compiles the package's sources, so not all of them). */
const ZIPPED = ['Kumquat', 'Pomelo Hash', 'Ugli'];
const zipped = new Map<string, DiscoveredPackage>();

let withAvx512: DiscoveredPackage;
let mystery: DiscoveredPackage;

// Each discovery compiles its package's sources one after the other; the packages are discovered
// side by side (the compiler runs are independent), which is what keeps this file fast.
beforeAll(async () => {
  const discoverLayout = async (layout: (typeof TOY_LAYOUTS)[number]) => {
    const folder = writeToyPackage(path.join(work, 'unpacked'), layout);
    found.set(layout.name, await discoverPackage(folder, { catalog, host }));
    if (!ZIPPED.includes(layout.name)) return;
    const archive = await zipToyPackage(folder, path.join(work, `${layout.name}.zip`));
    const extracted = await extractZipArchive(archive, path.join(work, 'extracted', layout.name));
    zipped.set(
      layout.name,
      await discoverPackage(await packageRoot(extracted.directory), { catalog, host, packageName: layout.name }),
    );
  };
  const kumquat = TOY_LAYOUTS.find((layout) => layout.name === 'Kumquat')!;
  const quince = TOY_LAYOUTS.find((layout) => layout.name === 'Quince')!;
  await Promise.all([
    ...TOY_LAYOUTS.map(discoverLayout),
    (async () => {
      const folder = writeToyPackage(path.join(work, 'avx512'), quince);
      withAvx512 = await discoverPackage(folder, { catalog, host: { arch: 'x64', cpuFlags: ['avx2', 'avx512f'] } });
    })(),
    (async () => {
      const folder = writeToyPackage(path.join(work, 'mystery'), kumquat);
      mystery = await discoverPackage(folder, { catalog, host, packageName: 'Mystery Fruit (v2)' });
    })(),
  ]);
}, pacedMilliseconds(300_000));

const summary = (p: DiscoveredPackage) =>
  p.instances.map((i) => [i.name, i.katName, i.digestBits, i.version.label, i.version.variant, i.sources]);

describe('discoverPackage over the synthetic layouts', () => {
  test('a zipped package is discovered exactly as the unpacked one (paths relative to the package)', () => {
    for (const name of ZIPPED) expect(summary(zipped.get(name)!)).toEqual(summary(found.get(name)!));
  });

  test('flat tree: natural instance order, generator and unused DRNG left out, catalog id and name', () => {
    const kumquat = found.get('Kumquat')!;
    expect([kumquat.id, kumquat.algorithm, kumquat.catalogued]).toEqual(['toy-01', 'Kumquat', true]);
    expect(kumquat.instances.map((i) => i.name)).toEqual(['kumquat_512', 'kumquat_768', 'kumquat_1024']);
    const first = kumquat.instances[0]!;
    expect(first.sources).toEqual(['Implementations/Reference_Implementation/Kumquat-512/kumquat_512.c']);
    expect(first.excluded).toEqual([
      { file: 'Implementations/Reference_Implementation/Kumquat-512/KAT_CryptHash.c', reason: 'defines main' },
      {
        file: 'Implementations/Reference_Implementation/Kumquat-512/drng.c',
        reason: 'ICCS DRNG, not used by the algorithm',
      },
    ]);
    expect(kumquat.versions).toEqual(['Reference_Implementation']);
    expect(kumquat.unmeasured).toEqual([]);
  });

  test('deep folders with spaces and a CRLF header with a reformatted generator', () => {
    const pomelo = found.get('Pomelo Hash')!;
    expect([pomelo.id, pomelo.algorithm]).toEqual(['toy-02', 'The Pomelo Hash Function']);
    expect(summary(pomelo)).toEqual([
      [
        'Pomelo-256',
        'Pomelo-256',
        256,
        'Reference_Implementation',
        'reference',
        [
          'Implementations and Test_Vectors/API_CryptHash/Implementations/Reference_Implementation/Pomelo-256/pomelo_256.c',
        ],
      ],
    ]);
    expect(pomelo.instances[0]!.excluded.map((e) => e.reason)).toEqual([
      'defines main',
      'ICCS DRNG, not used by the algorithm',
    ]);
  });

  test('another header name; ISA folders the host cannot run and Verilog are skipped with the reason', () => {
    const quince = found.get('Quince')!;
    expect(summary(quince).map((row) => row.slice(0, 5))).toEqual([
      ['quince_512', 'quince_512', 512, 'Reference_Implementation', 'reference'],
      ['quince_512.optimized-avx2', 'quince_512', 512, 'Optimized_Implementation/AVX2', 'performance'],
    ]);
    expect(quince.instances[0]!.header).toBe(
      'Implementations/Reference_Implementation/Quince-512/CryptHash_Quince-512.h',
    );
    expect(quince.unmeasured).toEqual([
      {
        folder: 'Implementations/Additional_Implementation/ARMv8/Quince-512',
        version: 'Additional_Implementation/ARMv8',
        katName: 'quince_512',
        status: 'skipped',
        reason: 'written for ARMv8; this host is x86-64',
      },
      {
        folder: 'Implementations/Additional_Implementation/ASIC',
        version: 'Additional_Implementation/ASIC',
        katName: null,
        status: 'skipped',
        reason: 'a hardware description (Verilog/VHDL), no C code for the CryptHash API',
      },
      {
        folder: 'Implementations/Additional_Implementation/AVX512/Quince-512',
        version: 'Additional_Implementation/AVX512',
        katName: 'quince_512',
        status: 'skipped',
        reason: "needs AVX-512 (CPU flag avx512f); this host's CPU does not have it",
      },
    ]);
  });

  test('an AVX-512 folder is measured on a host that has the flag', () => {
    expect(withAvx512.instances.map((i) => i.name)).toEqual([
      'quince_512',
      'quince_512.optimized-avx2',
      'quince_512.additional-avx512',
    ]);
  });

  test('an optimized folder with only a .S file and the header is an instance of its own', () => {
    const sloe = found.get('Sloe')!;
    expect(summary(sloe)).toEqual([
      [
        'sloe_512',
        'sloe_512',
        512,
        'Reference_Implementation',
        'reference',
        ['Implementations/Reference_Implementation/Sloe-512/sloe_512.c'],
      ],
      [
        'sloe_512.optimized',
        'sloe_512',
        512,
        'Optimized_Implementation',
        'performance',
        ['Implementations/Optimized_Implementation/Sloe-512/sloe_512.S'],
      ],
    ]);
  });

  test('an algorithm-only optimized folder is not measurable and never borrows the reference files; Others/ is ignored', () => {
    const tamarind = found.get('Tamarind')!;
    expect([tamarind.id, tamarind.algorithm]).toEqual(['toy-05', 'Tamarind Hash Family']);
    expect(tamarind.instances.map((i) => i.folder)).toEqual(['Implementations/Reference_Implementation/Tamarind-512']);
    expect(tamarind.unmeasured).toEqual([
      expect.objectContaining({
        folder: 'Implementations/Optimized_Implementation/Tamarind-512',
        status: 'not-measurable',
        katName: null,
      }),
    ]);
    expect(tamarind.unmeasured[0]!.reason).toContain(
      'no header of its own defining ALGORITHM_INSTANCE and DIGEST_BIT_LENGTH',
    );
  });

  test('goals pick the profile, C++ sources are flagged, and a DRNG the algorithm calls is kept', () => {
    const ugli = found.get('Ugli')!;
    expect(ugli.instances.map((i) => [i.name, i.version.label, i.version.variant, i.cplusplus])).toEqual([
      ['ugli_512', 'Reference_Implementation', 'reference', true],
      ['ugli_512.optimized-performance-goal', 'Optimized_Implementation (performance goal)', 'performance', false],
      ['ugli_512.optimized-resource-goal', 'Optimized_Implementation (resource goal)', 'resource', false],
    ]);
    expect(ugli.instances[1]!.sources).toEqual([
      'Implementations/Optimized_Implementation/Ugli-512-op-per/drng.c',
      'Implementations/Optimized_Implementation/Ugli-512-op-per/ugli_512.c',
    ]);
    expect(ugli.instances[2]!.excluded.map((e) => e.reason)).toContain('ICCS DRNG, not used by the algorithm');
  });

  test('a package the catalog does not list runs under an id derived from its name', () => {
    expect([mystery.id, mystery.algorithm, mystery.catalogued]).toEqual([
      'pkg-mystery-fruit-v2',
      'Mystery Fruit (v2)',
      false,
    ]);
  });
});
