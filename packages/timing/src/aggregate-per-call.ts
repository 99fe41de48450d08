import { median } from 'simple-statistics';
import type { PerCallSummary } from './measurement-types.js';
import { TimingError } from './timing-error.js';
import type { PerCallFigures } from './trial-types.js';

/**
 * Combines the per-call figures of several `per-call` trials: each quartile, raw median and
 * overhead is the **median over the trials** of the trial's own figure (the median of the trial
 * medians, the median of the trial first quartiles, …), so one trial spoiled by the host moves
 * nothing; `calls` is the sum and `rawMinCycles` the smallest raw reading of any trial. The
 * trials' samples are not pooled (the driver reports quartiles, not samples); with equal call
 * counts and steady trials both give the same figure.
 *
 * @param trials - the `perCall` figures of each trial (ticks), at least one.
 * @param source - what the figures are: the trials (default) or a per-call sample process.
 * @returns the {@link PerCallSummary} (ticks of the counter, named `Cycles` like the other derived figures).
 * @throws {@link TimingError} `NO_TRIALS` for an empty list.
 * @remarks Source: @ngcc-perf/native/PROTOCOL.md `time --scope per-call`; this package's README.
 * @example
 * ```ts
 * const one = { count: 1000, rawMedianTicks: 1040, rawQ1Ticks: 1030, rawQ3Ticks: 1060, rawMinTicks: 1010,
 *   overheadTicks: 40, medianTicks: 1000, q1Ticks: 990, q3Ticks: 1020 };
 * aggregatePerCall([one, { ...one, medianTicks: 1010 }, { ...one, medianTicks: 1200 }]).medianCycles; // 1010
 * ```
 */
export function aggregatePerCall(
  trials: readonly PerCallFigures[],
  source: PerCallSummary['source'] = 'trials',
): PerCallSummary {
  if (trials.length === 0) {
    throw new TimingError(
      'NO_TRIALS',
      'aggregatePerCall got no per-call trial; pass the perCall figures of at least one trial.',
    );
  }
  const over = (pick: (figures: PerCallFigures) => number) => median(trials.map(pick));
  return {
    source,
    calls: trials.reduce((sum, figures) => sum + figures.count, 0),
    medianCycles: over((f) => f.medianTicks),
    q1Cycles: over((f) => f.q1Ticks),
    q3Cycles: over((f) => f.q3Ticks),
    rawMedianCycles: over((f) => f.rawMedianTicks),
    rawMinCycles: Math.min(...trials.map((f) => f.rawMinTicks)),
    overheadCycles: over((f) => f.overheadTicks),
  };
}
