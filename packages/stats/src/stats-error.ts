/**
 * Codes of {@link StatsError}:
 * - `EMPTY_SAMPLE`: a statistic was asked of no value (e.g. no completed trial).
 * - `NOT_FINITE`: a value is NaN or infinite.
 * - `INVALID_TRIAL`: a trial has no iterations or no elapsed seconds.
 * - `INVALID_NUMBER`: a figure to format is negative, not finite, or not of its form (a digest of
 *   64 hex digits, a positive count).
 * - `INVALID_DEGREES_OF_FREEDOM`: a t quantile was asked for df ≤ 0 (fewer than 2 samples) or a
 *   probability outside (0.5, 1).
 */
export type StatsErrorCode =
  'EMPTY_SAMPLE' | 'NOT_FINITE' | 'INVALID_TRIAL' | 'INVALID_NUMBER' | 'INVALID_DEGREES_OF_FREEDOM';

/**
 * The one error class of `@ngcc-perf/stats`: a statistic asked of input it is not defined for.
 * The message names the value and what is needed.
 *
 * @example
 * ```ts
 * try { summarizeSamples([]); } catch (error) { if (error instanceof StatsError) console.log(error.code); } // EMPTY_SAMPLE
 * ```
 */
export class StatsError extends Error {
  override readonly name = 'StatsError';
  readonly code: StatsErrorCode;

  constructor(code: StatsErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
