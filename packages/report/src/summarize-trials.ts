import { deriveTrialFigures } from '@ngcc-perf/stats';
import { ReportError } from './report-error.js';
import type { Trial } from './record-schema.js';

/** Figures derived from a record's trials; units in the names (SPEC §5). */
export interface TrialSummary {
  /** Calls measured: Σ iterations. */
  n: number;
  /** Σ ticks / n: counter ticks per call (core cycles only with a `core-cycles` counter). */
  meanCycles: number;
  /** Σ seconds / n: seconds per call. */
  meanSeconds: number;
  /** meanCycles / message bytes. */
  cyclesPerByte: number;
  /** message bytes · n / Σ seconds / 10^6 (decimal megabytes per second). */
  megabytesPerSecond: number;
  /** n / Σ seconds. */
  opsPerSecond: number;
  /** Median of the per-trial means (ticks / iterations). */
  medianTrialCycles: number;
  minTrialCycles: number;
  maxTrialCycles: number;
  /** Sample standard deviation (n − 1) of the per-trial means; 0 for a single trial. */
  sdTrialCycles: number;
}

/**
 * Derives a record's statistics from its trials, by the formulas of SPEC §5 (guide §3.4.2):
 * means over all calls, per-byte and per-second rates, and spread of the per-trial means —
 * `deriveTrialFigures` of `@ngcc-perf/stats`, the definition the timing package writes with.
 *
 * @param trials - the kept trial of each driver process (at least one)
 * @param messageBytes - message length L in bytes (> 0)
 * @returns the summary; see {@link TrialSummary} for units
 * @throws {@link ReportError} `INVALID_NUMBER` when there is no trial or L ≤ 0; `StatsError`
 *   `INVALID_TRIAL` for a trial without iterations or seconds
 * @example
 * ```ts
 * summarizeTrials([{ iterations: 1000, seconds: 0.002, ticks: 4200000 }], 32);
 * // { n: 1000, meanCycles: 4200, meanSeconds: 2e-6, cyclesPerByte: 131.25, megabytesPerSecond: 16, … }
 * ```
 */
export function summarizeTrials(trials: readonly Trial[], messageBytes: number): TrialSummary {
  if (trials.length === 0 || !(messageBytes > 0)) {
    throw new ReportError(
      'INVALID_NUMBER',
      `summarizeTrials needs at least one trial and a positive message length (got ${trials.length} trials, ${messageBytes} bytes).`,
    );
  }
  const figures = deriveTrialFigures(trials, messageBytes);
  return {
    n: figures.n,
    meanCycles: figures.meanCycles,
    meanSeconds: figures.meanSeconds,
    cyclesPerByte: figures.cyclesPerByte,
    megabytesPerSecond: figures.megabytesPerSecond,
    opsPerSecond: figures.opsPerSecond,
    medianTrialCycles: figures.trialMeans.p50,
    minTrialCycles: figures.trialMeans.min,
    maxTrialCycles: figures.trialMeans.max,
    sdTrialCycles: figures.trialMeans.sd ?? 0,
  };
}
