import { checkTimingOptions, withoutUndefined } from './internal/check-timing-options.js';
import { DEFAULT_TIMING_OPTIONS, type TimingOptions } from './timing-options.js';

/** The calibrated plan of one operation's trials (guide §3.4). */
export interface TrialPlan {
  /** Timed calls per trial. */
  iterationsPerTrial: number;
  /** Untimed calls before each trial's loop. */
  warmups: number;
  /** Trials, each in its own driver process. */
  trials: number;
  /** trials × (iterationsPerTrial + warmups) × calibrationSeconds, seconds. */
  estimatedSeconds: number;
  /** Kill a trial's driver process after this many seconds. */
  timeoutPerProcessSeconds: number;
}

/** Options of {@link planTrials}: {@link TimingOptions}, plus a fixed iteration count if wanted. */
export interface PlanTrialsOptions extends Partial<TimingOptions> {
  /** Use exactly this many iterations per trial (no target, budget or bounds applied). */
  iterationsPerTrial?: number;
}

/** Warm-up rule of guide §3.4: calls shorter than these (seconds) get 3, then 1, then 0 warm-ups. */
const THREE_WARMUPS_BELOW_SECONDS = 0.05;
const ONE_WARMUP_BELOW_SECONDS = 5;
/** A trial process is killed after max(floor, multiple × its own estimate). */
const TIMEOUT_FLOOR_SECONDS = 60;
const TIMEOUT_ESTIMATE_MULTIPLE = 10;

/**
 * Plans one operation's trials from the seconds of one calibration call (guide §3.4, guide §3.4.2):
 *
 * 1. iterations = ⌈trialTargetSeconds / t1⌉, at most maxIterations, and at least the floor
 *    max(minIterations, ⌈minMeasurements / trials⌉) (20 with the defaults; the floor wins);
 * 2. warm-ups = 3 if t1 < 50 ms, 1 if t1 < 5 s, else 0;
 * 3. if trials × (iterations + warm-ups) × t1 > budgetSeconds, iterations shrink to
 *    ⌊budgetSeconds / (trials × t1)⌋ − warm-ups, but never below the floor: **the guide's
 *    minimum of 100 measurements wins over the budget**, and `estimatedSeconds` then exceeds
 *    `budgetSeconds` so the caller can see (and report) the overrun;
 * 4. timeoutPerProcessSeconds = max(60 s, 10 × (iterations + warm-ups) × t1): ten times a
 *    process's own estimate, with a floor that covers process start and library load.
 *
 * @param calibrationSeconds - t1, seconds of one call (from `calibrate`).
 * @param options - {@link PlanTrialsOptions}; missing fields come from {@link DEFAULT_TIMING_OPTIONS}.
 * @returns the {@link TrialPlan}.
 * @throws {@link TimingError} `INVALID_OPTIONS` when t1 is not a positive finite number, or an
 *   option is not positive (iterations and trials must be integers).
 * @remarks Source: guide §3.4. The seed's `litchi_512` at 65536 B ran 5 × 1013: with a 1 s target
 *   that is t1 between 987.2 and 988.1 µs, a cold call a little slower than the 986 µs mean.
 * @example
 * ```ts
 * planTrials(0.0009875, { trialTargetSeconds: 1 });
 * // { iterationsPerTrial: 1013, warmups: 3, trials: 5, estimatedSeconds: 5.01675, timeoutPerProcessSeconds: 60 }
 * ```
 */
export function planTrials(calibrationSeconds: number, options: PlanTrialsOptions = {}): TrialPlan {
  const merged = { ...DEFAULT_TIMING_OPTIONS, ...withoutUndefined(options) };
  checkTimingOptions(merged, options.iterationsPerTrial, calibrationSeconds);
  const t1 = calibrationSeconds;
  const { trials } = merged;
  const warmups = t1 < THREE_WARMUPS_BELOW_SECONDS ? 3 : t1 < ONE_WARMUP_BELOW_SECONDS ? 1 : 0;
  let iterationsPerTrial: number;
  if (options.iterationsPerTrial !== undefined) {
    iterationsPerTrial = options.iterationsPerTrial;
  } else {
    const floor = Math.max(merged.minIterations, Math.ceil(merged.minMeasurements / trials));
    iterationsPerTrial = Math.max(Math.min(Math.ceil(merged.trialTargetSeconds / t1), merged.maxIterations), floor);
    if (trials * (iterationsPerTrial + warmups) * t1 > merged.budgetSeconds) {
      const fitting = Math.floor(merged.budgetSeconds / (trials * t1)) - warmups;
      iterationsPerTrial = Math.max(Math.min(fitting, iterationsPerTrial), floor);
    }
  }
  const processSeconds = (iterationsPerTrial + warmups) * t1;
  return {
    iterationsPerTrial,
    warmups,
    trials,
    estimatedSeconds: trials * processSeconds,
    timeoutPerProcessSeconds: Math.max(TIMEOUT_FLOOR_SECONDS, TIMEOUT_ESTIMATE_MULTIPLE * processSeconds),
  };
}
