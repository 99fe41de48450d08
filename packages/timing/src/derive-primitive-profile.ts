import {
  PLACEHOLDER_PRIMITIVES,
  type PlaceholderPrimitive,
  type PrimitiveShare,
  type ProfileRound,
} from '@ngcc-perf/record';

/** What {@link derivePrimitiveProfile} takes: the driver's `op-profile` figures. */
export interface PrimitiveProfileInput {
  /** Calls per batch. */
  iterations: number;
  rounds: readonly ProfileRound[];
  /** The median cost of one counter read, ticks; null (unknown) counts as 0. */
  overheadTicks: number | null;
  /** Each primitive's calls over every round and where it comes from. */
  primitives: readonly { name: PlaceholderPrimitive; origin: 'driver' | 'instance'; calls: number }[];
}

/** The derived part of a record's `primitiveProfile`. */
export interface DerivedPrimitiveProfile {
  primitives: PrimitiveShare[];
  sharesSum: number;
  probeOverheadRatio: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The shares of a profile (@ngcc-perf/record/docs/RUN-DIRECTORY.md, `primitiveProfile`): per primitive
 * `callsPerOperation` = calls / (iterations × rounds) and `share` = median over the rounds of
 * max(0, insideTicks − timedCalls × o) / (profiledTicks − 2 × Σ timedCalls × o), o the counter's
 * read cost; null for a primitive the instance defines itself (its own code, not measured). Also
 * `sharesSum` (Σ share) and `probeOverheadRatio` (median of profiledTicks / cleanTicks − 1).
 *
 * @param input - {@link PrimitiveProfileInput}
 * @returns {@link DerivedPrimitiveProfile}, primitives in {@link PLACEHOLDER_PRIMITIVES}' order
 * @throws nothing: a round without ticks gives share 0
 * @example
 * ```ts
 * derivePrimitiveProfile({ iterations: 1, overheadTicks: 0, primitives, rounds: [{ cleanTicks: 100,
 *   profiledTicks: 100, insideTicks: { pseudoXOF: 50, … }, timedCalls: { pseudoXOF: 1, … } }] });
 * // pseudoXOF share 0.5
 * ```
 */
export function derivePrimitiveProfile(input: PrimitiveProfileInput): DerivedPrimitiveProfile {
  const read = input.overheadTicks ?? 0;
  const calls = input.iterations * input.rounds.length;
  const wholeTicks = input.rounds.map((round) => {
    const timed = PLACEHOLDER_PRIMITIVES.reduce((sum, name) => sum + round.timedCalls[name], 0);
    return round.profiledTicks - 2 * timed * read;
  });
  const primitives = PLACEHOLDER_PRIMITIVES.map((name): PrimitiveShare => {
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
