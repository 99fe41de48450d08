// A public-key candidate without a manifest of its own whose id the catalog gives (`kem-02`, from a
// folder named Amoeba) is judged by the bundled manifest of that id: the toy KEM of native/testlibs,
// given an instance name of that manifest (Amoeba128), is then a MISMATCH against Amoeba's digest,
// where under an id without a bundled manifest it is NOKAT.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from '@jest/globals';
import { runCampaign } from '../src/index.js';
import { describeWithTestlib, temporaryWorkDirectory, toyKemCandidate } from './support/toy-kem-candidate.js';

const describeWithToy = describeWithTestlib('pk_toy_kem');
const work = temporaryWorkDirectory('ngcc-perf-manifest-by-id-');

/** The toy KEM under candidate id `id`, given an instance name of kem-02's bundled manifest. */
const candidate = (id: string) =>
  toyKemCandidate({ id, algorithm: 'Toy KEM', instance: 'Amoeba128', library: 'pk_toy_kem' });

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
