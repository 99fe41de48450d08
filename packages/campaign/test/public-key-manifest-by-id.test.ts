// A public-key candidate without a manifest of its own whose id the catalog gives (`kem-02`, from a
// folder named Amoeba) is judged by the bundled manifest of that id: the toy KEM of native/testlibs,
// given an instance name of that manifest (Amoeba128), is then a MISMATCH against Amoeba's digest,
// where under an id without a bundled manifest it is NOKAT.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { runCampaign, type CampaignCandidate } from '../src/index.js';

const testlibs = path.join(process.env.NGCC_PERF_NATIVE_BUILD ?? '', 'testlibs');
const toyKem = path.join(testlibs, 'libpk_toy_kem.so');
const describeWithToy = existsSync(toyKem) ? describe : describe.skip;
const work = mkdtempSync(path.join(tmpdir(), 'ngcc-perf-manifest-by-id-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function candidate(id: string): CampaignCandidate {
  return {
    id,
    algorithm: 'Toy KEM',
    category: 'kem',
    variant: 'reference',
    directory: testlibs,
    manifestPath: null,
    instances: [
      {
        name: 'Amoeba128',
        category: 'kem',
        katName: 'Amoeba128',
        parameters: {},
        variant: 'reference',
        xofName: null,
        sourcePaths: [],
        includeDirPaths: [],
        prebuiltLibraryPath: toyKem,
        versionLabel: null,
        katFilePaths: [],
        addedSources: [],
        patchPath: null,
        defines: {},
        cFlags: [],
      },
    ],
    unmeasured: [],
    origin: null,
  };
}

describeWithToy('the bundled public-key manifest of a catalog id', () => {
  it.each([
    [
      'kem-02',
      'MISMATCH',
      /manifest {2}1ae8995c[0-9a-f]+ strict Amoeba128\/KAT_KEM_Amoeba128.txt \(kem-02\.kat\.sha256 \(bundled\) line 1\): MISMATCH/,
    ],
    ['pkg-toy-kem', 'NOKAT', /reference none/],
  ])('judges %s by the manifest of its id when it has one: %s', async (id, verdict, log) => {
    const out = path.join(work, id);
    const result = await runCampaign({
      candidates: [candidate(id)],
      outDirectory: out,
      systemId: 'toy_1',
      baseline: false,
      allowUnfixedHost: true,
      phases: ['build', 'kat'],
    });
    expect(result.verdicts.map((entry) => entry.verdict)).toEqual([verdict]);
    expect(readFileSync(path.join(out, 'kat', id, 'Amoeba128.log'), 'utf8')).toMatch(log);
  });
});
