import { z } from 'zod';

const count = z.number().int().nonnegative();

/**
 * Zod schema of what a trial times (@ngcc-perf/native/PROTOCOL.md `time --scope`): `loop` reads the counter
 * around the whole timed loop (guide §3.4, the anchor's method); `per-call` also reads it around
 * every call and reports the quartiles of the per-call ticks.
 */
export const timingScopeSchema = z.enum(['loop', 'per-call']);

/** What a trial times. */
export type TimingScope = z.infer<typeof timingScopeSchema>;

/**
 * Zod schema of the message bytes: `rule` is guide §3.4's byte i = (i·131 + L) mod 256; `random`
 * asks the driver for pseudo-random bytes (@ngcc-perf/native/PROTOCOL.md `--message random`).
 */
export const messagePatternSchema = z.enum(['rule', 'random']);

/** The message bytes' pattern. */
export type MessagePattern = z.infer<typeof messagePatternSchema>;

/**
 * Zod schema of the address-space layout of each driver process: `randomized` (the kernel's ASLR,
 * the default) or `fixed` (`time --fixed-layout`: the personality flag ADDR_NO_RANDOMIZE, so every
 * trial process puts its stack, heap, library and buffers at the same addresses).
 */
export const addressLayoutSchema = z.enum(['randomized', 'fixed']);

/** The address-space layout of each driver process. */
export type AddressLayout = z.infer<typeof addressLayoutSchema>;

/**
 * Zod schema of what a trial with involuntary context switches during its loop leads to: `flag`
 * only records it; `rerun` reruns it like any disturbed trial (at most 3 attempts);
 * `rerun-until-futile` reruns it, but once a rerun is preempted again the host is judged too busy
 * for a clean attempt: that attempt is kept (`rerunStopped: 'futile'`) and context switches are
 * only flagged for the rest of the operation (@ngcc-perf/timing/README.md).
 */
export const contextSwitchPolicySchema = z.enum(['flag', 'rerun', 'rerun-until-futile']);

/** What an involuntary context switch during a trial leads to. */
export type ContextSwitchPolicy = z.infer<typeof contextSwitchPolicySchema>;

/**
 * Zod schema of a record's `plan` (guide §3.4, @ngcc-perf/record/docs/RUN-DIRECTORY.md): the options the measurement
 * ran with and the calibrated trial plan. Fields added after the first records are optional, and
 * `calibrationSeconds` is null where no calibration was kept (an imported dataset).
 *
 * @example
 * ```ts
 * const plan = measurementPlanSchema.parse(record.plan);
 * console.log(plan.iterationsPerTrial * plan.trials); // n
 * ```
 */
export const measurementPlanSchema = z.object({
  /** Seconds each trial's loop aims at. */
  trialTargetSeconds: z.number().positive(),
  /** Seconds the whole operation may take. */
  budgetSeconds: z.number().positive(),
  /**
   * Seconds of one call, from the calibration process: its cold call (guide §3.4), or the batch mean
   * for calls under 1 µs; null when the calibration was not kept (e.g. an imported dataset).
   */
  calibrationSeconds: z.number().nonnegative().nullable(),
  /**
   * Seconds of one call among those the calibration process timed right after its cold call
   * (`--warm-check`); null when it timed none (a batch, or a driver without the option).
   */
  warmCallSeconds: z.number().nonnegative().nullish(),
  /** The seconds per call the trials were planned with: `calibrationSeconds`, or `warmCallSeconds` when the basis is `warm-calls`. */
  planCallSeconds: z.number().nonnegative().optional(),
  /**
   * `first-call` (guide §3.4), `batch` (calls under 1 µs), or `warm-calls`: the cold call took more
   * than twice a warm one (one-time set-up, e.g. OpenSSL fetching its provider), so planning from
   * it would have made every trial far shorter than the target.
   */
  calibrationBasis: z.enum(['first-call', 'batch', 'warm-calls']).optional(),
  iterationsPerTrial: z.number().int().positive(),
  warmups: count,
  trials: z.number().int().positive(),
  /**
   * trials × (iterationsPerTrial + warm-ups) × planCallSeconds, plus each trial's one-time set-up
   * (calibrationSeconds − planCallSeconds) under `warm-calls`: one attempt per trial, seconds.
   */
  estimatedSeconds: z.number().nonnegative(),
  /**
   * Seconds after which a driver process is ended: an `op-time` process by the driver itself
   * (`--timeout`, a TIMEOUT verdict naming the phase), any process by the harness's SIGKILL.
   */
  timeoutPerProcessSeconds: z.number().positive(),
  /**
   * The per-operation timeout the user gave (`ngcc-perf run --operation-timeout`), seconds: the
   * calibration process's limit, and the least `timeoutPerProcessSeconds` of a trial. Absent: the
   * calibration had the operation's budget (`budgetSeconds`).
   */
  operationTimeoutSeconds: z.number().positive().optional(),
  /** What each trial timed: the whole loop (default) or also every call. */
  scope: timingScopeSchema.optional(),
  /** The message bytes: guide §3.4's rule (default) or pseudo-random. */
  message: messagePatternSchema.optional(),
  /** Offset of the message from a 64-byte boundary, bytes (0: aligned, the default). */
  alignmentOffsetBytes: count.optional(),
  /** The address-space layout of every driver process. */
  addressLayout: addressLayoutSchema.optional(),
  /** What an involuntary context switch during a trial led to. */
  onContextSwitch: contextSwitchPolicySchema.optional(),
  /** Fixed core clock the slow-clock test used, Hz; null when none was known (the test was not made). */
  coreClockHz: z.number().positive().nullish(),
});

/** A record's plan. */
export type RecordedMeasurementPlan = z.infer<typeof measurementPlanSchema>;
