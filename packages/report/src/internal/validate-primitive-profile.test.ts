// `validate` recomputes a public-key record's `primitiveProfile` from its recorded rounds: a profile
// as the timing package writes it holds; an edited share, calls per operation, sum or probe overhead
// is named by record file, operation and field.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import { BUILT_IN_REGISTRY } from '@ngcc-perf/categories';
import type { PrimitiveProfile } from '@ngcc-perf/record';
import { loadRunDirectory } from '../load-run-directory.js';
import { findOperationDerivedDifference } from './validate-operation-derived.js';

const fixture = fileURLToPath(new URL('../../test/fixtures/run-kem/', import.meta.url));
const RECORD = 'records/kem-99/ToyKEM__enc.json';
const scratch: string[] = [];
afterAll(() => {
  for (const directory of scratch) rmSync(directory, { recursive: true, force: true });
});

const none = { sm3hash: 0, pseudohash: 0, pseudoXOF: 0, get_random_number: 0 };
/** 10 calls a batch, one round: 2 pseudoXOF and 1 DRNG call per call, 10 ticks a counter read. */
const round = {
  cleanTicks: 10_000,
  profiledTicks: 10_600,
  insideTicks: { ...none, pseudoXOF: 5_200, get_random_number: 1_100 },
  timedCalls: { ...none, pseudoXOF: 20, get_random_number: 10 },
};
/** Figures by hand: (5200 − 20 × 10) / (10600 − 2 × 30 × 10) = 0.5, (1100 − 100) / 10000 = 0.1, 10600 / 10000 − 1. */
const profile: PrimitiveProfile = {
  command: ['ngcc-perf-driver', 'op-profile'],
  counter: { name: 'tsc', overheadTicks: 10 },
  iterations: 10,
  rounds: [round],
  readFailures: 0,
  primitives: [
    { name: 'sm3hash', origin: 'instance', calls: 0, callsPerOperation: 0, share: null },
    { name: 'pseudohash', origin: 'driver', calls: 0, callsPerOperation: 0, share: 0 },
    { name: 'pseudoXOF', origin: 'driver', calls: 20, callsPerOperation: 2, share: 0.5 },
    { name: 'get_random_number', origin: 'driver', calls: 10, callsPerOperation: 1, share: 0.1 },
  ],
  sharesSum: 0.6,
  probeOverheadRatio: 0.06,
  seconds: 0.2,
};

/** A copy of the fixture whose enc record holds `profile`, changed by `edit`. */
async function check(edit: (copy: PrimitiveProfile) => void = () => undefined) {
  const directory = mkdtempSync(path.join(tmpdir(), 'run-kem-profile-'));
  scratch.push(directory);
  cpSync(fixture, directory, { recursive: true });
  const file = path.join(directory, RECORD);
  const record = JSON.parse(readFileSync(file, 'utf8')) as { primitiveProfile?: PrimitiveProfile };
  record.primitiveProfile = structuredClone(profile);
  edit(record.primitiveProfile);
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  return findOperationDerivedDifference(await loadRunDirectory(directory, { verifyDerived: false }), BUILT_IN_REGISTRY);
}

describe('validate recomputes primitiveProfile from its rounds', () => {
  it('accepts a profile as it was recorded', async () => {
    expect(await check()).toBeNull();
  });

  it('names the record file, the operation and the field of an edited share', async () => {
    expect(await check((copy) => void (copy.primitives[2]!.share = 0.55))).toEqual({
      check: 'derived',
      file: RECORD,
      field: 'primitiveProfile.primitives[2].share',
      line: null,
      message:
        'records/kem-99/ToyKEM__enc.json: operation kem enc, field "primitiveProfile.primitives[2].share" is 0.55, but its recorded rounds give 0.5. Regenerate the record with "ngcc-perf run"; a profile\'s figures are never edited by hand.',
    });
  });

  it.each<[string, (copy: PrimitiveProfile) => void]>([
    ['primitives[3].callsPerOperation', (copy) => void (copy.primitives[3]!.callsPerOperation = 2)],
    ['primitives[0].share', (copy) => void (copy.primitives[0]!.share = 0)],
    ['primitives[1].share', (copy) => void (copy.primitives[1]!.share = null)],
    ['sharesSum', (copy) => void (copy.sharesSum = 0.7)],
    ['probeOverheadRatio', (copy) => void (copy.probeOverheadRatio = 0)],
  ])('names primitiveProfile.%s when it is edited', async (field, edit) => {
    expect((await check(edit))?.field).toBe(`primitiveProfile.${field}`);
  });

  it('recomputes from the rounds: an edited round moves the expected share', async () => {
    const difference = await check((copy) => void (copy.rounds[0]!.insideTicks.pseudoXOF = 3_200));
    expect(difference?.field).toBe('primitiveProfile.primitives[2].share');
    expect(difference?.message).toContain('is 0.5, but its recorded rounds give 0.3.');
  });
});
