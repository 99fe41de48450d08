import { describe, expect, it } from '@jest/globals';
import { derivePrimitiveProfile, type PrimitiveProfileRound } from './derive-primitive-profile.js';

const names = ['sm3hash', 'pseudohash', 'pseudoXOF', 'get_random_number'] as const;
type Name = (typeof names)[number];

const none = { sm3hash: 0, pseudohash: 0, pseudoXOF: 0, get_random_number: 0 };
const primitives = [
  { name: 'sm3hash' as const, origin: 'instance' as const, calls: 0 },
  { name: 'pseudohash' as const, origin: 'driver' as const, calls: 0 },
  { name: 'pseudoXOF' as const, origin: 'driver' as const, calls: 60 },
  { name: 'get_random_number' as const, origin: 'driver' as const, calls: 30 },
];

/** A round of 10 calls: 2 pseudoXOF calls and 1 DRNG call per call of the operation. */
function round(profiledTicks: number, xofTicks: number, drngTicks: number): PrimitiveProfileRound<Name> {
  return {
    cleanTicks: 10_000,
    profiledTicks,
    insideTicks: { ...none, pseudoXOF: xofTicks, get_random_number: drngTicks },
    timedCalls: { ...none, pseudoXOF: 20, get_random_number: 10 },
  };
}

describe('derivePrimitiveProfile', () => {
  it('takes the probes’ counter reads off: one per timed call inside, two per timed call in the whole', () => {
    // 30 timed calls × 10 ticks a read: the whole holds 600 ticks of reads, pseudoXOF's 20 calls 200.
    const derived = derivePrimitiveProfile({
      names,
      iterations: 10,
      overheadTicks: 10,
      primitives,
      rounds: [round(10_600, 5_200, 1_100)],
    });
    const share = Object.fromEntries(derived.primitives.map((entry) => [entry.name, entry.share]));
    // (5200 − 200) / (10600 − 600) = 0.5; (1100 − 100) / 10000 = 0.1
    expect(share).toEqual({ sm3hash: null, pseudohash: 0, pseudoXOF: 0.5, get_random_number: 0.1 });
    expect(derived.sharesSum).toBeCloseTo(0.6, 12);
    expect(derived.probeOverheadRatio).toBeCloseTo(0.06, 12);
  });

  it('gives calls per operation over every round, and nothing for an instance’s own primitive', () => {
    const derived = derivePrimitiveProfile({
      names,
      iterations: 10,
      overheadTicks: 0,
      primitives,
      rounds: [round(10_000, 5_000, 1_000), round(10_000, 5_000, 1_000), round(10_000, 5_000, 1_000)],
    });
    expect(derived.primitives.map((entry) => [entry.name, entry.callsPerOperation])).toEqual([
      ['sm3hash', 0],
      ['pseudohash', 0],
      ['pseudoXOF', 2],
      ['get_random_number', 1],
    ]);
    expect(derived.primitives[0]).toEqual({
      name: 'sm3hash',
      origin: 'instance',
      calls: 0,
      callsPerOperation: 0,
      share: null,
    });
  });

  it('takes the median over the rounds, so one preempted round does not move the share', () => {
    const derived = derivePrimitiveProfile({
      names,
      iterations: 10,
      overheadTicks: null,
      primitives,
      rounds: [round(10_000, 4_000, 0), round(40_000, 4_000, 0), round(10_000, 4_200, 0)],
    });
    expect(derived.primitives.find((entry) => entry.name === 'pseudoXOF')!.share).toBeCloseTo(0.4, 12);
  });
});
