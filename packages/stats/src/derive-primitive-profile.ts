import { median } from './median.js';

/** Where a profiled primitive comes from: the driver's counting stand-in, or the instance's own code. */
export type PrimitiveOrigin = 'driver' | 'instance';

/** One round of a profile (a record's `primitiveProfile.rounds[i]`), over primitives named `Name`. */
export interface PrimitiveProfileRound<Name extends string> {
  /** Ticks of the calls with counting off. */
  cleanTicks: number;
  /** Ticks of the calls with counting on. */
  profiledTicks: number;
  /** Ticks inside each primitive in the calls with counting on. */
  insideTicks: Readonly<Record<Name, number>>;
  /** Outermost calls of each primitive. */
  timedCalls: Readonly<Record<Name, number>>;
}

/** What {@link derivePrimitiveProfile} takes: the driver's `op-profile` figures. */
export interface PrimitiveProfileInput<Name extends string> {
  /** The primitives, in the order the result lists them. */
  names: readonly Name[];
  /** Calls per batch. */
  iterations: number;
  /** One or more rounds. */
  rounds: readonly PrimitiveProfileRound<Name>[];
  /** The median cost of one counter read, ticks; null (unknown) counts as 0. */
  overheadTicks: number | null;
  /** Each primitive's calls over every round and where it comes from (absent: the driver's, 0 calls). */
  primitives: readonly { name: Name; origin: PrimitiveOrigin; calls: number }[];
}

/** One primitive's row (a record's `primitiveProfile.primitives[i]`). */
export interface DerivedPrimitiveShare<Name extends string> {
  name: Name;
  origin: PrimitiveOrigin;
  calls: number;
  callsPerOperation: number;
  share: number | null;
}

/** The derived part of a record's `primitiveProfile`. */
export interface DerivedPrimitiveProfile<Name extends string> {
  primitives: DerivedPrimitiveShare<Name>[];
  sharesSum: number;
  probeOverheadRatio: number;
}

/**
 * The shares of a profile (@ngcc-perf/record/docs/RUN-DIRECTORY.md, `primitiveProfile`): per primitive
 * `callsPerOperation` = calls / (iterations × rounds) and `share` = median over the rounds of
 * max(0, insideTicks − timedCalls × o) / (profiledTicks − 2 × Σ timedCalls × o), o the counter's
 * read cost; null for a primitive the instance defines itself (its own code, not measured). Also
 * `sharesSum` (Σ share) and `probeOverheadRatio` (median of profiledTicks / cleanTicks − 1). The one
 * definition the timing package writes a record's profile with and `validate` recomputes it with.
 *
 * @param input - {@link PrimitiveProfileInput}
 * @returns {@link DerivedPrimitiveProfile}, primitives in the order of `input.names`
 * @throws {@link StatsError} `EMPTY_SAMPLE` for no round; a round without ticks gives share 0
 * @example
 * ```ts
 * derivePrimitiveProfile({ names: ['pseudoXOF'], iterations: 1, overheadTicks: 0,
 *   primitives: [{ name: 'pseudoXOF', origin: 'driver', calls: 1 }],
 *   rounds: [{ cleanTicks: 100, profiledTicks: 100, insideTicks: { pseudoXOF: 50 }, timedCalls: { pseudoXOF: 1 } }] });
 * // pseudoXOF share 0.5
 * ```
 */
export function derivePrimitiveProfile<Name extends string>(
  input: PrimitiveProfileInput<Name>,
): DerivedPrimitiveProfile<Name> {
  const read = input.overheadTicks ?? 0;
  const calls = input.iterations * input.rounds.length;
  const wholeTicks = input.rounds.map((round) => {
    const timed = input.names.reduce((sum, name) => sum + round.timedCalls[name], 0);
    return round.profiledTicks - 2 * timed * read;
  });
  const primitives = input.names.map((name): DerivedPrimitiveShare<Name> => {
    const given = input.primitives.find((entry) => entry.name === name);
    const origin = given?.origin ?? 'driver';
    const total = given?.calls ?? 0;
    if (origin === 'instance') return { name, origin, calls: total, callsPerOperation: 0, share: null };
    const shares = input.rounds.map((round, index) => {
      const inside = Math.max(0, round.insideTicks[name] - round.timedCalls[name] * read);
      return wholeTicks[index]! > 0 ? inside / wholeTicks[index]! : 0;
    });
    return { name, origin, calls: total, callsPerOperation: calls > 0 ? total / calls : 0, share: median(shares) };
  });
  return {
    primitives,
    sharesSum: primitives.reduce((sum, entry) => sum + (entry.share ?? 0), 0),
    probeOverheadRatio: median(
      input.rounds.map((round) => (round.cleanTicks > 0 ? round.profiledTicks / round.cleanTicks - 1 : 0)),
    ),
  };
}
