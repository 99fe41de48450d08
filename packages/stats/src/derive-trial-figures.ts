import { findTukeyOutliers, type TukeyOutliers } from './find-tukey-outliers.js';
import { StatsError } from './stats-error.js';
import { summarizeSamples, type SampleStats } from './summarize-samples.js';

/** What one trial measured: `ticks` counter ticks and `seconds` of wall clock around `iterations` calls. */
export interface TrialCounts {
  iterations: number;
  seconds: number;
  ticks: number;
}

/** The guide §3.4 figures of a set of trials; units in the names (ticks are cycles only with a core-cycle counter). */
export interface DerivedTrialFigures {
  /** Calls measured: Σ iterations. */
  n: number;
  /** Σ ticks / n: ticks per call. */
  meanCycles: number;
  /** Σ seconds / n: seconds per call. */
  meanSeconds: number;
  /** meanCycles / L; 0 for L = 0 (no bytes to divide by). */
  cyclesPerByte: number;
  /** L · n / Σ seconds / 10^6: decimal megabytes per second. */
  megabytesPerSecond: number;
  /** n / Σ seconds. */
  opsPerSecond: number;
  /** Each trial's mean, ticks / iterations, in trial order. */
  trialMeansCycles: number[];
  /** Spread of the trial means: median, min, max, sd, CV and the 95 % Student-t interval ({@link summarizeSamples}). */
  trialMeans: SampleStats;
  /** Tukey's fences over the trial means ({@link findTukeyOutliers}); indices in trial order. */
  outliers: TukeyOutliers;
}

/**
 * The statistics of guide §3.4 over completed trials, the one definition the timing package writes
 * and the report package checks: mean cycles = Σ ticks / n, mean time = Σ seconds / n,
 * cycles/byte = mean cycles / L, MB/s = L · n / Σ seconds / 10^6, ops/s = n / Σ seconds, and over
 * the per-trial means (ticks / iterations) the sample statistics, the 95 % t interval and Tukey
 * outliers. Nothing is rounded.
 *
 * @param trials - at least one trial, each with iterations > 0 and seconds > 0.
 * @param messageBytes - L, the message length in bytes (≥ 0).
 * @returns {@link DerivedTrialFigures}.
 * @throws {@link StatsError} `EMPTY_SAMPLE` for no trial; `INVALID_TRIAL` for a trial without
 *   iterations or elapsed seconds.
 * @remarks Source: guide §3.4.2.
 * @example
 * ```ts
 * const figures = deriveTrialFigures([{ iterations: 1000, seconds: 0.002, ticks: 4200000 }], 32);
 * figures.meanCycles; // 4200
 * figures.megabytesPerSecond; // 16
 * ```
 */
export function deriveTrialFigures(trials: readonly TrialCounts[], messageBytes: number): DerivedTrialFigures {
  if (trials.length === 0)
    throw new StatsError('EMPTY_SAMPLE', 'no completed trial; guide §3.4 figures need at least one.');
  let n = 0;
  let sumTicks = 0;
  let sumSeconds = 0;
  const trialMeansCycles = trials.map((trial, index) => {
    if (!(trial.iterations > 0) || !(trial.seconds > 0)) {
      throw new StatsError(
        'INVALID_TRIAL',
        `trial ${index + 1} has ${trial.iterations} iterations over ${trial.seconds} s; both must be positive.`,
      );
    }
    n += trial.iterations;
    sumTicks += trial.ticks;
    sumSeconds += trial.seconds;
    return trial.ticks / trial.iterations;
  });
  const meanCycles = sumTicks / n;
  return {
    n,
    meanCycles,
    meanSeconds: sumSeconds / n,
    cyclesPerByte: messageBytes > 0 ? meanCycles / messageBytes : 0,
    megabytesPerSecond: (messageBytes * n) / sumSeconds / 1e6,
    opsPerSecond: n / sumSeconds,
    trialMeansCycles,
    trialMeans: summarizeSamples(trialMeansCycles),
    outliers: findTukeyOutliers(trialMeansCycles),
  };
}
