// The one headline figure of an operation (an instance at one message length): the median of
// its trial means with a distribution-free interval from order statistics. Every page, export,
// ranking and comparison reads the figure from here.
import { median } from './median.js';
import { StatsError } from './stats-error.js';

/** The coverage the headline interval aims at: 95 %, reached exactly or as closely as the trial count allows. */
export const HEADLINE_TARGET_COVERAGE = 0.95;

/** What the headline needs of one trial: `ticks` counter ticks around `iterations` calls. */
export interface HeadlineTrial {
  iterations: number;
  ticks: number;
}

/**
 * The headline figure of one operation, in counter ticks per call (cycles only with a core-cycle
 * counter). The interval is `[lowCycles, highCycles]`, the k-th smallest and k-th largest trial
 * means; `coverage` is its exact probability of holding the true median of a trial's mean.
 */
export interface HeadlineFigure {
  /** Median of the trial means (ticks / iterations of each trial), ticks per call. */
  medianCycles: number;
  /** k-th smallest trial mean, ticks per call; null with a single trial. */
  lowCycles: number | null;
  /** k-th largest trial mean, ticks per call; null with a single trial. */
  highCycles: number | null;
  /** Exact coverage of the interval, a fraction (0.9375 for 5 trials); null with a single trial. */
  coverage: number | null;
  /** Trials the figure is made of. */
  trialsCount: number;
}

/** P(B ≤ j) for B ~ Binomial(n, ½), summed in log space so that no term underflows. */
function binomialHalfCdf(n: number, j: number): number {
  let logTerm = -n * Math.LN2; // log C(n, 0) / 2^n
  let sum = 0;
  for (let i = 0; i <= j; i += 1) {
    sum += Math.exp(logTerm);
    logTerm += Math.log((n - i) / (i + 1));
  }
  return Math.min(1, sum);
}

/**
 * Coverage of the order-statistic interval [x₍ₖ₎, x₍ₙ₊₁₋ₖ₎] for the median of n independent
 * values from a continuous distribution: 1 − 2 · P(B ≤ k − 1), B ~ Binomial(n, ½).
 *
 * @param trialsCount - n ≥ 2.
 * @param k - 1 ≤ k ≤ n / 2.
 * @returns the coverage, a fraction.
 * @throws nothing (the caller keeps k in range).
 * @remarks Source: the distribution-free confidence interval for a median (Conover,
 *   *Practical Nonparametric Statistics*, 3rd ed., §3.2; Hahn & Meeker, *Statistical Intervals*, §5.2).
 * @example
 * ```ts
 * medianIntervalCoverage(5, 1); // 0.9375 (min..max of 5 values)
 * ```
 */
export function medianIntervalCoverage(trialsCount: number, k: number): number {
  return 1 - 2 * binomialHalfCdf(trialsCount, k - 1);
}

/**
 * The order of the headline interval's bounds for n trials: the largest k whose coverage is at
 * least {@link HEADLINE_TARGET_COVERAGE}, or k = 1 (minimum..maximum) when even that falls short
 * (n ≤ 5: 5 trials give 93.75 %, 4 give 87.5 %).
 */
function orderStatisticIndex(trialsCount: number): number {
  let k = 1;
  while (k + 1 <= trialsCount / 2 && medianIntervalCoverage(trialsCount, k + 1) >= HEADLINE_TARGET_COVERAGE) k += 1;
  return k;
}

/**
 * The headline figure of an operation from its trials: the median of the trial means
 * (ticks / iterations each) — one disturbed trial moves a mean of all calls, not this median —
 * with the distribution-free order-statistic interval for the median: the k-th smallest to the
 * k-th largest trial mean, k the largest order whose exact coverage reaches 95 %. With the
 * guide's 5 trials no order reaches 95 %: the interval is the minimum to the maximum and its
 * coverage is 1 − 2/2⁵ = 93.75 %, which the figure states (`coverage`) rather than calling it 95 %.
 *
 * @param trials - at least one trial, each with iterations > 0 and finite ticks ≥ 0.
 * @returns {@link HeadlineFigure} in ticks per call; nothing is rounded.
 * @throws {@link StatsError} `EMPTY_SAMPLE` for no trial; `INVALID_TRIAL` for a trial without
 *   iterations or with ticks that are negative or not finite.
 * @remarks Source: the seeds' and the guide's figure is the mean of all calls (guide §3.4), kept
 *   in the seed-layout §4 table; the headline is this project's robust figure (the method
 *   page, `reports/method.md`, "The headline figure"). Interval: Conover §3.2 (order statistics of a median).
 * @example
 * ```ts
 * const figure = headlineFigure([100, 98, 103, 101, 99].map((ticks) => ({ iterations: 1, ticks })));
 * figure.medianCycles; // 100
 * [figure.lowCycles, figure.highCycles, figure.coverage]; // [98, 103, 0.9375]
 * ```
 */
export function headlineFigure(trials: readonly HeadlineTrial[]): HeadlineFigure {
  if (trials.length === 0)
    throw new StatsError(
      'EMPTY_SAMPLE',
      'headlineFigure got no trial; an operation needs at least one completed trial.',
    );
  const means = trials.map((trial, index) => {
    if (!(trial.iterations > 0) || !Number.isFinite(trial.ticks) || trial.ticks < 0) {
      throw new StatsError(
        'INVALID_TRIAL',
        `trial ${index + 1} has ${trial.iterations} iterations and ${trial.ticks} ticks; ` +
          'iterations must be positive and ticks a finite number ≥ 0.',
      );
    }
    return trial.ticks / trial.iterations;
  });
  const { median: medianCycles, low, high, coverage, count } = medianWithInterval(means);
  return { medianCycles, lowCycles: low, highCycles: high, coverage, trialsCount: count };
}

/** The median of `values` with the order-statistic interval of {@link headlineFigure} (null bounds for one value). */
export function medianWithInterval(values: readonly number[]): {
  median: number;
  low: number | null;
  high: number | null;
  coverage: number | null;
  count: number;
} {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = median(sorted);
  if (sorted.length < 2) return { median: middle, low: null, high: null, coverage: null, count: sorted.length };
  const k = orderStatisticIndex(sorted.length);
  return {
    median: middle,
    low: sorted[k - 1]!,
    high: sorted[sorted.length - k]!,
    coverage: medianIntervalCoverage(sorted.length, k),
    count: sorted.length,
  };
}
