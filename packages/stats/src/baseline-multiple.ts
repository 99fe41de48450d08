// "× baseline": an operation's headline figure as a multiple of the baseline's headline at the
// same output width and message length, with an interval built from the two headline intervals.
import { StatsError } from './stats-error.js';
import type { HeadlineFigure } from './headline-figure.js';

/**
 * A candidate's headline over the baseline's: above 1 the candidate needs more ticks per call.
 * {@link baselineMultiple} fills it from two headline figures (the fields below); a candidate
 * measured in turns with the baseline is instead given the {@link pairedRatio} of their trials
 * (ratio, low, high and coverage of the median of the round ratios, coverage exact).
 */
export interface BaselineMultiple {
  /** From two headlines: candidate medianCycles / baseline medianCycles; paired: the median round ratio. */
  ratio: number;
  /** From two headlines: candidate lowCycles / baseline highCycles; null when either figure has no interval. */
  low: number | null;
  /** From two headlines: candidate highCycles / baseline lowCycles; null when either figure has no interval. */
  high: number | null;
  /**
   * The interval's coverage, a fraction. From two headlines a lower bound: both intervals hold at
   * once with probability at least c₁ + c₂ − 1 (Bonferroni), 0.875 for two intervals of 5 trials;
   * paired, the exact coverage of the order-statistic interval (0.9375 for 5 rounds).
   */
  coverage: number | null;
}

/**
 * The multiple of the baseline ("× pseudoXOF", the NGCC site's ordered measurements): the candidate's headline cycles over the
 * baseline's at the same output width and message length, with the interval
 * [candidate low / baseline high, candidate high / baseline low]. When both headline intervals
 * hold, the ratio of the true medians lies in it, so its coverage is at least the sum of the two
 * coverages minus one (Bonferroni's inequality) — stated as such, never as 95 %. Both figures must
 * come from the same counter (same host, same run) for the ratio to mean anything.
 *
 * @param candidate - the candidate's {@link HeadlineFigure}.
 * @param baseline - the baseline's figure at the same width and length; medianCycles > 0.
 * @returns {@link BaselineMultiple}; nothing is rounded.
 * @throws {@link StatsError} `INVALID_NUMBER` when the baseline's figure (or its low bound) is not positive.
 * @remarks Source: the NGCC site's ordered measurements (the published pages' "× pseudoXOF"); the interval is this project's.
 * @example
 * ```ts
 * const c = { medianCycles: 200, lowCycles: 190, highCycles: 220, coverage: 0.9375, trialsCount: 5 };
 * const b = { medianCycles: 100, lowCycles: 95, highCycles: 110, coverage: 0.9375, trialsCount: 5 };
 * baselineMultiple(c, b); // { ratio: 2, low: 1.727…, high: 2.315…, coverage: 0.875 }
 * ```
 */
export function baselineMultiple(candidate: HeadlineFigure, baseline: HeadlineFigure): BaselineMultiple {
  if (!(baseline.medianCycles > 0) || (baseline.lowCycles !== null && !(baseline.lowCycles > 0))) {
    throw new StatsError(
      'INVALID_NUMBER',
      `baseline headline of ${baseline.medianCycles} ticks per call (low ${baseline.lowCycles}): ` +
        'a multiple needs a positive baseline figure; check the baseline record.',
    );
  }
  const ratio = candidate.medianCycles / baseline.medianCycles;
  if (
    candidate.lowCycles === null ||
    candidate.highCycles === null ||
    baseline.lowCycles === null ||
    baseline.highCycles === null ||
    candidate.coverage === null ||
    baseline.coverage === null
  )
    return { ratio, low: null, high: null, coverage: null };
  return {
    ratio,
    low: candidate.lowCycles / baseline.highCycles,
    high: candidate.highCycles / baseline.lowCycles,
    coverage: Math.max(0, candidate.coverage + baseline.coverage - 1),
  };
}
