// An algorithm file with a test main() that only the package's build script turns off
// (test/support/program-source-packages.ts): its object defines main and the symbols the instance's
// CryptHash adapter needs, and no other source defines them. It is linked (the library never calls
// its main), said so with why, and the instance passes its KATs. Before, the file was left out as a
// program and the package refused: "the linker leaves toy_core_hash undefined".
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pacedMilliseconds } from '@ngcc-perf/native';
import { discoverPackage, type DiscoveredPackage, readHashCatalog, resolveRunInputs } from '@ngcc-perf/intake';
import { PROGRAM_SOURCE_FOLDER, writeProgramSourcePackage } from './support/program-source-packages.js';
import { runTinyCampaign } from './support/tiny-campaign.js';

const catalog = readHashCatalog(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'toy-packages', 'catalog'),
);
const host = { arch: process.arch, cpuFlags: [] };
const work = mkdtempSync(path.join(tmpdir(), 'program-source-'));
const runDirectory = path.join(work, 'run');
let discovered: DiscoveredPackage;
let build: { instances: { instance: string; kat: string; addedSources?: { file: string; reason: string }[] }[] };

beforeAll(async () => {
  const packageFolder = writeProgramSourcePackage(path.join(work, 'packages'));
  discovered = await discoverPackage(packageFolder, { catalog, host });
  const resolved = await resolveRunInputs([packageFolder], {
    extractionDirectory: path.join(runDirectory, 'packages'),
    catalog,
    host,
    refused: [],
  });
  ({ build } = await runTinyCampaign<typeof build>({
    candidates: resolved.map((r) => r.candidate),
    outDirectory: runDirectory,
    phases: ['check-host', 'build', 'kat'],
  }));
}, pacedMilliseconds(300_000));

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('an algorithm file with a test main of its own', () => {
  test('is linked because no other source defines what the adapter needs, and said so', () => {
    expect(discovered.instances).toHaveLength(1);
    const [instance] = discovered.instances;
    expect(instance!.sources).toEqual([
      `${PROGRAM_SOURCE_FOLDER}/CryptHash_AlgorithmInstance.c`,
      `${PROGRAM_SOURCE_FOLDER}/toy_core.c`,
    ]);
    expect(instance!.excluded.map((e) => [path.basename(e.file), e.reason])).toEqual([
      ['KAT_CryptHash.c', 'defines main'],
      ['drng.c', 'ICCS DRNG, not used by the algorithm'],
    ]);
    expect(instance!.added).toEqual([
      {
        file: `${PROGRAM_SOURCE_FOLDER}/toy_core.c`,
        kind: 'source',
        reason:
          "defines toy_core_hash, left undefined by the instance's other objects, and a main of its own " +
          '(no other source defines them; a library never calls its main)',
      },
    ]);
  });

  test('the instance builds and passes its official KATs', () => {
    expect(build.instances.map((i) => [i.instance, i.kat])).toEqual([['Wolfberry-256', 'PASS']]);
    expect(build.instances[0]!.addedSources?.map((a) => path.basename(a.file))).toEqual(['toy_core.c']);
  });
});
