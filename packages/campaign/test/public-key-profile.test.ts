// The measure phase of a public-key instance adds where each operation's time goes among the ICCS
// placeholder primitives (`primitiveProfile`, the driver's op-profile), after the trials. Two toys of
// native/testlibs taken through build, KAT, calibrate, measure and report: pk_toy_profile_three_quarters
// (pk_toy_profile_kem.c: enc and dec make 3 pseudoXOF calls beside the same SM3 work once in its own
// code, so pseudoXOF holds about 3/4 of dec by construction), and pk_toy_kem_own_sm3hash, which
// defines sm3hash itself (its row reads "own primitives", never 0 %).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from '@jest/globals';
import { operationRecordSchema, type PrimitiveProfile } from '@ngcc-perf/record';
import { validateRunDirectory } from '@ngcc-perf/report';
import { runCampaign } from '../src/index.js';
import { describeWithTestlib, temporaryWorkDirectory, toyKemCandidate } from './support/toy-kem-candidate.js';

const describeWithToy = describeWithTestlib('pk_toy_profile_three_quarters');
const work = temporaryWorkDirectory('ngcc-perf-pk-profile-');

function profileOf(out: string, candidate: string, instance: string, operation: string): PrimitiveProfile {
  const file = path.join(out, 'records', candidate, `${instance}__${operation}.json`);
  const record = operationRecordSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  if (record.primitiveProfile == null) throw new Error(`${operation}: no profile (${record.primitiveProfileFailure})`);
  return record.primitiveProfile;
}

const callsPerOperation = (profile: PrimitiveProfile) =>
  Object.fromEntries(profile.primitives.map((entry) => [entry.name, entry.callsPerOperation]));

describeWithToy('where the time of a public-key operation goes', () => {
  it('profiles each operation after its trials: exact calls per operation, the share the construction gives', async () => {
    const out = path.join(work, 'run');
    const result = await runCampaign({
      candidates: [
        toyKemCandidate({ id: 'kem-97', instance: 'ToyXof', library: 'pk_toy_profile_three_quarters' }),
        toyKemCandidate({ id: 'kem-98', instance: 'ToyOwn', library: 'pk_toy_kem_own_sm3hash' }),
      ],
      outDirectory: out,
      systemId: 'toy_1',
      baseline: false,
      allowUnfixedHost: true,
      phases: ['build', 'kat', 'calibrate', 'measure', 'report'],
      trialTargetSeconds: 0.002,
      trials: 2,
    });
    expect(result.records).toMatchObject({ complete: 6, failed: 0 });
    expect(callsPerOperation(profileOf(out, 'kem-97', 'ToyXof', 'keygen'))).toEqual({
      sm3hash: 1,
      pseudohash: 0,
      pseudoXOF: 0,
      get_random_number: 1,
    });
    expect(callsPerOperation(profileOf(out, 'kem-97', 'ToyXof', 'enc'))).toMatchObject({
      pseudoXOF: 3,
      get_random_number: 1,
    });
    const dec = profileOf(out, 'kem-97', 'ToyXof', 'dec');
    expect(callsPerOperation(dec)).toEqual({ sm3hash: 0, pseudohash: 0, pseudoXOF: 3, get_random_number: 0 });
    // 3 units of SM3 work in pseudoXOF beside 1 in the toy's own code: 3/4, less the little time
    // spent filling the message; a preempted round is outvoted by the median of three.
    const share = dec.primitives.find((entry) => entry.name === 'pseudoXOF')!.share!;
    expect(share).toBeGreaterThan(0.6);
    expect(share).toBeLessThan(0.88);
    expect(dec.sharesSum).toBe(share);
    expect(dec.command.slice(1, 5)).toEqual(['op-profile', 'lib/kem-97/libToyXof.so', 'kem', 'dec']);
    // The toy that defines sm3hash: its row is its own code, not a figure.
    const own = profileOf(out, 'kem-98', 'ToyOwn', 'enc').primitives.find((entry) => entry.name === 'sm3hash')!;
    expect(own).toEqual({ name: 'sm3hash', origin: 'instance', calls: 0, callsPerOperation: 0, share: null });
    const xofPage = readFileSync(path.join(out, 'reports', 'kem-97', 'perf_toy_1.md'), 'utf8');
    expect(xofPage).toContain('## Time in the ICCS placeholder primitives');
    expect(xofPage).toMatch(
      /\| `ToyXof` \| not called \| not called \| 3 calls · \d+\.\d % \| not called \| \d+\.\d % \|/,
    );
    const ownPage = readFileSync(path.join(out, 'reports', 'kem-98', 'perf_toy_1.md'), 'utf8');
    expect(ownPage).toMatch(/\| `ToyOwn` \| own primitives \|/);
    const method = readFileSync(path.join(out, 'reports', 'method_toy_1.md'), 'utf8');
    expect(method).toContain('## Time in the ICCS placeholder primitives');
    expect(await validateRunDirectory(out)).toMatchObject({ valid: true });
  }, 300_000);
});
