import {
  deriveTrialFigures,
  recordedHeadline,
  recordTrialFigures,
  StatsError,
  type DerivedTrialFigures,
} from '@ngcc-perf/stats';
import type { CounterKind, CpuQuota } from '@ngcc-perf/record';
import { aggregatePerCall } from './aggregate-per-call.js';
import { CV_WARNING_LIMITS, cvWarningLimit, type CvWarningLimits } from '@ngcc-perf/stats';
import { derivationWarnings } from './internal/derivation-warnings.js';
import type { DerivedStatistics } from './measurement-types.js';
import { TimingError } from './timing-error.js';
import type { DisturbedReason, PerCallFigures, RerunStop, TrialFigures } from './trial-types.js';

/** What {@link deriveStatistics} needs of one completed trial process (a `TrialProcess` fits). */
export interface DerivationTrial {
  trial: Pick<TrialFigures, 'iterations' | 'seconds' | 'ticks'> & { perCall?: PerCallFigures };
  baselineRssBytes: number | null;
  peakRssBytes: number | null;
  /** Kept although disturbed (see `TrialProcess.disturbed`): named in the warnings. */
  disturbed?: true;
  /** Disturbances of the kept attempt: flag-only ones are counted in the warnings. */
  disturbedReasons?: readonly DisturbedReason[];
  rerunStopped?: RerunStop;
}

/** Options of {@link deriveStatistics}. */
export interface DeriveStatisticsOptions {
  /** CV limits for the warning; default {@link CV_WARNING_LIMITS} (2 % from 4 KiB, else 5 %). */
  cvWarningLimits?: Readonly<CvWarningLimits>;
  /**
   * The counter's kind (`counter.kind` of the record): the outlier warnings name a trial's mean in
   * its term, ticks for `fixed-rate`, cycles for `core-cycles` (default: cycles).
   */
  counterKind?: CounterKind | null;
  /**
   * The CFS CPU quota the trials ran under (`readCpuQuota`), if any: the warnings then name it as the
   * cause of slow, preempted or disagreeing trials instead of asking for a quieter host.
   */
  cpuQuota?: CpuQuota | null;
}

/**
 * Statistics over completed trials (guide §3.4): mean cycles = Σ ticks / n, mean time = Σ seconds / n,
 * cycles/byte = mean cycles / L, MB/s = L · n / Σ seconds / 10^6, ops/s = n / Σ seconds; over the
 * per-trial means (ticks / iterations) the median, minimum, maximum, sample standard deviation,
 * CV, the 95 % Student-t confidence interval of the mean (`summarizeSamples`) and Tukey outliers
 * (`findTukeyOutliers`); the per-call quartiles when every trial has them (`aggregatePerCall`);
 * and warning sentences. RSS figures are maxima over the processes (guide §3.1). Nothing is rounded.
 *
 * Warnings, in this order: fewer than 2 trials; CV above 2 % (L ≥ 4096 B) or 5 % (shorter) — a CV
 * exactly at the limit passes; each outlier trial; each trial kept although disturbed; one line
 * per kind of flag-only disturbance (e.g. context switches that were not rerun).
 *
 * @param trials - completed trial processes (a failed process has no trial: leave it out); their
 *   order gives `outlierTrials` its indices.
 * @param messageBytes - L, the message length in bytes. For L = 0 there are no bytes to divide
 *   by: `cyclesPerByte` is reported as 0 (and MB/s comes out 0).
 * @param options - {@link DeriveStatisticsOptions}.
 * @returns {@link DerivedStatistics}; `sdTrialCycles`, `cv` and the interval are null with fewer than 2 trials.
 * @throws {@link TimingError} `NO_TRIALS` for an empty list; `INVALID_OPTIONS` for a trial with no
 *   iterations or no elapsed seconds.
 * @remarks Source: guide §3.4 (derived figures); the anchor's arm_1 `litchi_512` at 32 B gives
 *   3061 cycles, 95.7 cycles/byte, 1.14 µs, 28.1 MB/s.
 * @example
 * ```ts
 * const derived = deriveStatistics(
 *   [{ trial: { iterations: 20000, seconds: 0.0228, ticks: 61340123 }, baselineRssBytes: 1437696, peakRssBytes: 1503232 }],
 *   32,
 * );
 * derived.meanCycles; // 3067.00615
 * ```
 */
export function deriveStatistics(
  trials: readonly DerivationTrial[],
  messageBytes: number,
  options: DeriveStatisticsOptions = {},
): DerivedStatistics {
  const figures = figuresOf(trials, messageBytes);
  const stats = figures.trialMeans;
  const outliers = figures.outliers;
  const limits = options.cvWarningLimits ?? CV_WARNING_LIMITS;
  const perCalls = trials.map(({ trial }) => trial.perCall).filter((p): p is PerCallFigures => p !== undefined);
  return {
    ...recordTrialFigures(figures),
    baselineRssBytes: maxOrNull(trials.map((t) => t.baselineRssBytes)),
    peakRssBytes: maxOrNull(trials.map((t) => t.peakRssBytes)),
    cv: stats.cv,
    ciLowCycles: stats.ciLow,
    ciHighCycles: stats.ciHigh,
    outlierTrials: outliers.outlierIndices,
    perCall: perCalls.length === trials.length ? aggregatePerCall(perCalls) : null,
    // the headline per call and per byte: `recordedHeadline` of @ngcc-perf/stats, which validate recomputes
    headline: recordedHeadline(
      trials.map(({ trial }) => trial),
      messageBytes,
    ),
    warnings: derivationWarnings(
      trials,
      figures.trialMeansCycles,
      stats,
      outliers,
      cvWarningLimit(messageBytes, limits),
      messageBytes,
      limits.longMessageBytes,
      options.counterKind ?? null,
      options.cpuQuota ?? null,
    ),
  };
}

/** The guide §3.4 figures of `@ngcc-perf/stats`, its input errors as this package's `TimingError`. */
function figuresOf(trials: readonly DerivationTrial[], messageBytes: number): DerivedTrialFigures {
  try {
    return deriveTrialFigures(
      trials.map(({ trial }) => trial),
      messageBytes,
    );
  } catch (error) {
    if (!(error instanceof StatsError)) throw error;
    const code = error.code === 'EMPTY_SAMPLE' ? 'NO_TRIALS' : 'INVALID_OPTIONS';
    throw new TimingError(
      code,
      error.code === 'EMPTY_SAMPLE'
        ? 'deriveStatistics got no completed trial; pass at least one trial process.'
        : error.message,
      { cause: error },
    );
  }
}

function maxOrNull(values: Array<number | null>): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : Math.max(...known);
}
