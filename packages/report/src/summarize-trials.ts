import { deriveTrialFigures, recordTrialFigures, type RecordTrialFigures } from '@ngcc-perf/stats';
import { ReportError } from './report-error.js';
import type { Trial } from '@ngcc-perf/record';

/** Figures derived from a record's trials (guide §3.4; units: `RecordTrialFigures` of `@ngcc-perf/stats`); `sdTrialCycles` is 0 for a single trial. */
export type TrialSummary = Omit<RecordTrialFigures, 'sdTrialCycles'> & { sdTrialCycles: number };

/**
 * Derives a record's statistics from its trials, by the formulas of guide §3.4.2:
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
  const figures = recordTrialFigures(deriveTrialFigures(trials, messageBytes));
  return { ...figures, sdTrialCycles: figures.sdTrialCycles ?? 0 };
}
