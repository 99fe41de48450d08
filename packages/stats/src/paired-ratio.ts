// Two operations measured in turns (trial k of each in the same round): the ratio of their trial
// means round by round, and whether the trials establish that one needs fewer ticks per call.
import { medianWithInterval, type HeadlineTrial } from './headline-figure.js';
import { StatsError } from './stats-error.js';

/**
 * The smallest difference a paired comparison ranks, a fraction: 1 %. Two libraries built from
 * the same code differ by a few tenths of a percent (code placement): the median round ratios of
 * two identical toys, each its own library, measured in turns on one host, lay between 0.996 and
 * 1.003 and were consistent enough to pass the sign test (https://github.com/ngcc-perf/ngcc-perf/blob/main/bench/ranking.mjs). A ranking must
 * not order such a difference, so a difference is established only when the interval of the
 * ratio lies wholly beyond 1 ± 1 %.
 */
export const PAIRED_MINIMUM_DIFFERENCE = 0.01;

/** The paired comparison of two operations whose trials were interleaved ({@link pairedRatio}). */
export interface PairedRatio {
  /** Median over the rounds of (trial mean of A) / (trial mean of B): above 1, A needs more ticks per call. */
  medianRatio: number;
  /** The k-th smallest round ratio (the headline's order statistic); null with a single round. */
  lowRatio: number | null;
  /** The k-th largest round ratio; null with a single round. */
  highRatio: number | null;
  /** Exact coverage of [lowRatio, highRatio] for the median ratio (0.9375 for 5 rounds); null with one. */
  coverage: number | null;
  /** Rounds paired. */
  rounds: number;
  /**
   * -1 when the interval lies below 1 / (1 + m) (A is faster by at least m), 1 when above 1 + m (A
   * is slower), 0 otherwise or without an interval: the trials do not establish a difference of at
   * least m ({@link PAIRED_MINIMUM_DIFFERENCE} unless given).
   */
  order: -1 | 0 | 1;
}

function trialMean(trial: HeadlineTrial, which: string, round: number): number {
  if (!(trial.iterations > 0) || !Number.isFinite(trial.ticks) || !(trial.ticks > 0)) {
    throw new StatsError(
      'INVALID_TRIAL',
      `pairedRatio: trial ${round + 1} of ${which} has ${trial.iterations} iterations and ${trial.ticks} ticks; ` +
        'iterations and ticks must be positive and finite.',
    );
  }
  return trial.ticks / trial.iterations;
}

/**
 * Compares two operations whose trials were measured in turns — trial k of A and trial k of B in
 * the same round, close in time — by the ratio of their trial means round by round. A change of the
 * host's state (a burst of load, a clock step) that lasts a round falls on both trials of the round
 * and largely cancels in their ratio, where it would widen each operation's own headline interval;
 * so a difference of a few percent that the two headline intervals cannot separate can still be
 * established. The figure is the median of the round ratios with the same distribution-free
 * order-statistic interval as the headline ({@link headlineFigure}); the difference is established
 * (`order` ≠ 0) when that interval lies wholly beyond 1 ± `minimumDifference` — for 5 rounds, all
 * five ratios more than 1 % on one side of 1: the sign test of the median ratio at a two-sided
 * level of 1 − coverage (6.25 %), against a difference smaller than code placement makes.
 *
 * Only meaningful for trials measured in turns: pairing trials of operations measured at different
 * times compares different host states.
 *
 * @param a - the trials of operation A, in round order (trial 1 first).
 * @param b - the trials of operation B, in the same round order; as many as `a`, at least one.
 * @param minimumDifference - the smallest difference `order` reports, a fraction ≥ 0; default
 *   {@link PAIRED_MINIMUM_DIFFERENCE} (1 %).
 * @returns {@link PairedRatio}; nothing is rounded.
 * @throws {@link StatsError} `EMPTY_SAMPLE` for no round; `INVALID_NUMBER` when the two differ in
 *   length (unpaired); `INVALID_TRIAL` for a trial without iterations or with ticks ≤ 0.
 * @remarks Sources: the sign test and the order-statistic interval of a median (Conover,
 *   *Practical Nonparametric Statistics*, 3rd ed., §3.2, §3.4); the pairing of interleaved
 *   rounds is this project's (@ngcc-perf/campaign/docs/CAMPAIGNS.md, "interleaves").
 * @example
 * ```ts
 * const trials = (...means: number[]) => means.map((ticks) => ({ iterations: 1, ticks }));
 * pairedRatio(trials(110, 121, 108, 112, 131), trials(100, 110, 99, 101, 118)).order; // 1
 * ```
 */
export function pairedRatio(
  a: readonly HeadlineTrial[],
  b: readonly HeadlineTrial[],
  minimumDifference: number = PAIRED_MINIMUM_DIFFERENCE,
): PairedRatio {
  if (a.length !== b.length) {
    throw new StatsError(
      'INVALID_NUMBER',
      `pairedRatio: ${a.length} trials against ${b.length}; pass the trials of one batch, round by round.`,
    );
  }
  if (a.length === 0)
    throw new StatsError('EMPTY_SAMPLE', 'pairedRatio got no round; pass at least one pair of trials.');
  const ratios = a.map((trial, round) => trialMean(trial, 'A', round) / trialMean(b[round]!, 'B', round));
  const { median, low, high, coverage, count } = medianWithInterval(ratios);
  const above = 1 + minimumDifference;
  const order = low !== null && low > above ? 1 : high !== null && high < 1 / above ? -1 : 0;
  return { medianRatio: median, lowRatio: low, highRatio: high, coverage, rounds: count, order };
}
