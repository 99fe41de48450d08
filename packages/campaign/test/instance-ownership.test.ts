// Two faults met on packages that ship an x86 and an ARM tree and header-only instance folders:
// 1. an optimized folder with its instance header and no code was built from the nearest other
//    instance's CryptHash source, compiled against that folder's own header (the #include finds
//    it first): the "optimized" 256-bit instance was the 512-bit reference, and its KAT failed as
//    OVERFLOW, blamed on the optimized code. Another instance's code is never taken now.
// 2. a second copy of an instance was named by cutting its own "-256" off ("Plum-2").
// 3. own sources that are alternatives (one file per capacity, each defining the same functions)
//    were all linked together: "ld returned 1 exit status"; now the folder is listed with them.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pacedMilliseconds } from '@ngcc-perf/native';
import { discoverPackage, type DiscoveredPackage, readHashCatalog } from '@ngcc-perf/intake';
import { writeToyPackage } from './support/synthetic-packages.js';

const catalog = readHashCatalog(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'toy-packages', 'catalog'),
);
const work = mkdtempSync(path.join(tmpdir(), 'instance-ownership-'));
const OPT = 'Plum-x86/Implementations/Optimized_Implementation/Plum-256';
const ALT = 'Plum-x86/Implementations/Additional_Implementation/Plum-512';
let discovered: DiscoveredPackage;

beforeAll(async () => {
  const root = writeToyPackage(work, {
    name: 'Plum',
    instances: ['Plum-x86', 'Plum-ARM'].flatMap((tree) => [
      { folder: `${tree}/Implementations/Reference_Implementation/Plum-256`, katName: 'Plum-256', digestBits: 256 },
      { folder: `${tree}/Implementations/Reference_Implementation/Plum-512`, katName: 'Plum-512', digestBits: 512 },
    ]),
  });
  // the optimized 256-bit folder: its header (and the KAT generator), but its algorithm file missing
  writeToyPackage(work, {
    name: 'Plum',
    instances: [{ folder: OPT, katName: 'Plum-256', digestBits: 256 }],
  });
  for (const file of readdirSync(path.join(root, OPT)).filter((f) => f.startsWith('plum_')))
    unlinkSync(path.join(root, OPT, file));
  // two alternative algorithm files in one folder: the same functions, a capacity each
  writeToyPackage(work, { name: 'Plum', instances: [{ folder: ALT, katName: 'Plum-512', digestBits: 512 }] });
  copyFileSync(path.join(root, ALT, 'plum_512.c'), path.join(root, ALT, 'plum_512_cap2.c'));
  discovered = await discoverPackage(root, { catalog, host: { arch: process.arch, cpuFlags: [] } });
}, pacedMilliseconds(120_000));

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('an instance is built from its own code and shared code only', () => {
  test('a header-only instance folder is not measurable, never built from another instance’s source', () => {
    expect(discovered.instances.some((i) => i.folder === OPT)).toBe(false);
    for (const instance of discovered.instances)
      for (const source of instance.sources) expect(source.startsWith(`${instance.folder}/`)).toBe(true);
    const left = discovered.unmeasured.find((u) => u.folder === OPT);
    expect(left).toMatchObject({ status: 'not-measurable', katName: 'Plum-256' });
    expect(left!.reason).toContain('holds the instance header but no algorithm code of its own');
    expect(left!.reason).toContain('another instance’s code is never built in its place');
  });

  test('own sources defining the same functions are listed as alternatives, not linked together', () => {
    expect(discovered.instances.some((i) => i.folder === ALT)).toBe(false);
    const left = discovered.unmeasured.find((u) => u.folder === ALT);
    expect(left).toMatchObject({ status: 'not-measurable', katName: 'Plum-512' });
    expect(left!.reason).toContain('alternatives the linker refuses together');
    expect(left!.reason).toMatch(/plum_512\.c, plum_512_cap2\.c each define .*CryptHash/);
    expect(left!.reason).toContain('candidate.json "sources"');
  });

  test('a second copy keeps the instance’s own name and gets a count after it', () => {
    expect(discovered.instances.map((i) => [i.name, i.folder.split('/')[0]]).sort()).toEqual([
      ['Plum-256', 'Plum-ARM'],
      ['Plum-256-2', 'Plum-x86'],
      ['Plum-512', 'Plum-ARM'],
      ['Plum-512-2', 'Plum-x86'],
    ]);
  });
});
