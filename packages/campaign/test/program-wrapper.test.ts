// A benchmark program that #includes the algorithm file (which has a test main of its own) and adds
// its own main: both objects define main and the symbols the CryptHash adapter needs. The library
// is built from the algorithm file, whatever the names sort to, because the compiler's list of files
// the benchmark read holds the algorithm file. Before, the first name in sort order was linked
// (bench_toy.c) and the record said "no other source defines them".
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pacedMilliseconds } from '@ngcc-perf/native';
import { discoverPackage, type DiscoveredPackage, readHashCatalog } from '@ngcc-perf/intake';
import { PROGRAM_SOURCE_FOLDER, writeProgramSourcePackage } from './support/program-source-packages.js';

const catalog = readHashCatalog(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'toy-packages', 'catalog'),
);
const work = mkdtempSync(path.join(tmpdir(), 'program-wrapper-'));
let discovered: DiscoveredPackage;

beforeAll(async () => {
  const packageFolder = writeProgramSourcePackage(path.join(work, 'packages'));
  writeFileSync(
    path.join(packageFolder, PROGRAM_SOURCE_FOLDER, 'bench_toy.c'),
    '#define TOY_NO_MAIN\n#include "toy_core.c"\n#include <stdio.h>\nint main(void)\n{\n    unsigned char d[32];\n' +
      '    int r;\n    for (r = 0; r < 100; r++) toy_core_hash(256, d, 256, d);\n    printf("%02x\\n", d[0]);\n' +
      '    return 0;\n}\n',
  );
  discovered = await discoverPackage(packageFolder, { catalog, host: { arch: process.arch, cpuFlags: [] } });
}, pacedMilliseconds(120_000));

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a benchmark program that includes the algorithm file', () => {
  test('is passed over for the file it includes, and the record says so', () => {
    expect(discovered.instances).toHaveLength(1);
    const [instance] = discovered.instances;
    expect(instance!.sources).toEqual([
      `${PROGRAM_SOURCE_FOLDER}/CryptHash_AlgorithmInstance.c`,
      `${PROGRAM_SOURCE_FOLDER}/toy_core.c`,
    ]);
    expect(instance!.added).toEqual([
      {
        file: `${PROGRAM_SOURCE_FOLDER}/toy_core.c`,
        kind: 'source',
        reason:
          "defines toy_core_hash, left undefined by the instance's other objects, and a main of its own " +
          `(taken rather than ${PROGRAM_SOURCE_FOLDER}/bench_toy.c, a program that includes it; ` +
          'a library never calls its main)',
      },
    ]);
    expect(instance!.excluded).toContainEqual({ file: `${PROGRAM_SOURCE_FOLDER}/bench_toy.c`, reason: 'defines main' });
  });
});
