/**
 * The knobs of a timing plan (SPEC §5). Every figure carries its unit in its name.
 */
export interface TimingOptions {
  /** Wanted duration of one trial's timed loop, seconds. */
  trialTargetSeconds: number;
  /** Most seconds one operation (all trials with their warm-ups) may take, per the calibration estimate. */
  budgetSeconds: number;
  /** Trials, each in its own driver process. */
  trials: number;
  /** Fewest timed calls per trial. */
  minIterations: number;
  /** Most timed calls per trial. */
  maxIterations: number;
  /** Fewest timed calls over all trials (n = trials × iterations). */
  minMeasurements: number;
}

/**
 * The defaults of SPEC §5 (the guide's method as the anchor applies it): 1 s per trial, 900 s per
 * operation, 5 trials, 20 to 20000 iterations per trial, at least 100 measurements.
 *
 * @example
 * ```ts
 * const options = { ...DEFAULT_TIMING_OPTIONS, trialTargetSeconds: 0.2 };
 * ```
 */
export const DEFAULT_TIMING_OPTIONS: Readonly<TimingOptions> = Object.freeze({
  trialTargetSeconds: 1.0,
  budgetSeconds: 900,
  trials: 5,
  minIterations: 20,
  maxIterations: 20000,
  minMeasurements: 100,
});
