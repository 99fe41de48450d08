import { calibrate, type CalibrationResult } from './calibrate.js';
import type { CounterName } from './counter-types.js';
import type { DriverOperation } from './driver-operation.js';
import type { TimingRunner } from './driver-runner.js';
import { resolvePinning, type CpuPinning } from './cpu-affinity.js';
import { checkOperation } from './internal/check-operation.js';
import { checkOptionsShape, planOperationOptionsSchema } from './internal/operation-options-schema.js';
import { checkTimingOptions, withoutUndefined } from './internal/check-timing-options.js';
import { resolveRunner } from './internal/resolve-runner.js';
import { processTimeouts } from './internal/driver-argv.js';
import type { ContextSwitchPolicy, MeasurementPlan } from './measurement-types.js';
import { planTrials, type PlanTrialsOptions } from './plan-trials.js';
import { TimingError } from './timing-error.js';
import { DEFAULT_MEASUREMENT_CHOICES, DEFAULT_TIMING_OPTIONS, MAX_PER_CALL_ITERATIONS } from './timing-options.js';
import type { AddressLayout, MessagePattern, TimingScope } from './trial-types.js';

/** Options of {@link planOperation} (and the planning half of `measureOperation`). */
export interface PlanOperationOptions {
  /** Path of the shared library under test, as the driver should open it. */
  library: string;
  /** The hash operation's digest length, bits (the driver's `time`); not used with `operation`. */
  digestBits?: number;
  /**
   * L, bytes: 0 … 16 MiB (`MAX_MESSAGE_BYTES`): the hash operation's message length, or with
   * `operation` the bytes one call processes, behind the per-byte figures (0: none).
   */
  messageBytes: number;
  /**
   * An operation of any category, timed with the driver's `op-time` (@ngcc-perf/native/PROTOCOL.md
   * "Categories"): loop scope, rule message, no offset, randomized layout only.
   */
  operation?: DriverOperation;
  /** Timing options (defaults: DEFAULT_TIMING_OPTIONS); `iterationsPerTrial` fixes the count (calibration still runs). */
  options?: PlanTrialsOptions;
  /**
   * Pin every driver process (calibration and trials) to this CPU. Default: the last CPU this
   * process may run on (`defaultMeasuringCpus()`), as `ngcc-perf time`, `plan` and `run` do;
   * `null` leaves the processes unpinned. The result's `pinning` says which.
   */
  cpu?: number | null;
  /** Force this counter. */
  counter?: CounterName;
  /**
   * The per-operation timeout, seconds (`ngcc-perf run --operation-timeout`): the calibration
   * process (one call, and its set-up objects) is ended after it — by the driver's own `op-time
   * --timeout`, a TIMEOUT naming the phase, for an `operation`; by SIGKILL for the hash `time` —
   * and so is each trial process, unless ten times its estimate is longer
   * (`plan.timeoutPerProcessSeconds`; it replaces the 60 s floor). Default: the calibration gets the
   * operation's budget (`options.budgetSeconds`, 900 s), a trial max(60 s, 10 × its estimate).
   */
  operationTimeoutSeconds?: number;
  /** What each trial times (default `loop`); calibration always times the loop. */
  scope?: TimingScope;
  /** Message bytes (default `rule`); `random` needs a driver with `--message` (else `DRIVER_UNSUPPORTED`). */
  message?: MessagePattern;
  /** Offset of the message from a 64-byte boundary, 0 … 63 bytes (default 0); non-zero needs `--offset`. */
  alignmentOffsetBytes?: number;
  /** `fixed`: every driver process (calibration and trials) runs with ADDR_NO_RANDOMIZE (default `randomized`). */
  addressLayout?: AddressLayout;
  /** What a context switch during a trial leads to (default `rerun-until-futile`). */
  onContextSwitch?: ContextSwitchPolicy;
  /**
   * Fixed core clock of the measuring CPU, Hz. With a `core-cycles` counter a trial whose
   * ticks/seconds is below 95 % of it is disturbed and rerun (guide §3.4).
   */
  coreClockHz?: number;
  /** Driver path; default: `driverPath()` of @ngcc-perf/native. Ignored when `runner` is given. */
  driverPath?: string;
  /** Injected runner (tests); default the real driver. */
  runner?: TimingRunner;
}

/** The outcome of {@link planOperation}: the plan, or why calibration failed (data, not an exception). */
export type OperationPlan =
  | {
      status: 'planned';
      plan: MeasurementPlan;
      /**
       * plan.estimatedSeconds plus, per trial, the start-up the calibration process showed
       * (its wall time less its timed calls), seconds: what the trials should take on the clock.
       */
      estimatedWallSeconds: number;
      calibration: Extract<CalibrationResult, { status: 'complete' }>;
      pinning: CpuPinning;
    }
  | {
      status: 'failed';
      failure: string;
      plan: null;
      calibration: Extract<CalibrationResult, { status: 'failed' }>;
      pinning: CpuPinning;
    };

/**
 * Calibrates one library × message size with one cold call and plans its trials (guide §3.4) —
 * what `measureOperation` does before its first trial, and all `ngcc-perf plan` does, so a
 * campaign's cost is known before anything is measured.
 *
 * @param options - {@link PlanOperationOptions}.
 * @returns an {@link OperationPlan}: `planned` with the {@link MeasurementPlan} (iterations,
 *   warm-ups, trials, estimate, timeout per process, and the choices it will run with), or
 *   `failed` when the calibration process failed (crash, timeout, non-zero exit).
 * @throws {@link TimingError} `INVALID_OPTIONS` for impossible arguments (L beyond 16 MiB, more
 *   than 1000000 iterations per trial in per-call scope, …);
 *   `DRIVER_UNSUPPORTED` for a message option the driver does not take; `DRIVER_NOT_FOUND`,
 *   `DRIVER_VERSION`, `PROTOCOL`, `DRIVER_FAILED` for harness problems.
 * @remarks Source: guide §3.4 (calibration, plan).
 * @example
 * ```ts
 * const planned = await planOperation({ library: 'libsha512.so', digestBits: 512, messageBytes: 4096 });
 * if (planned.status === 'planned') console.log(planned.plan.iterationsPerTrial, planned.estimatedWallSeconds);
 * ```
 */
export async function planOperation(options: PlanOperationOptions): Promise<OperationPlan> {
  checkOptionsShape(planOperationOptionsSchema, options, 'planOperation');
  const timing = { ...DEFAULT_TIMING_OPTIONS, ...withoutUndefined(options.options ?? {}) };
  const pinning = resolvePinning(options.cpu);
  checkOperation({ ...options, cpu: pinning.cpu ?? undefined }, 'planOperation');
  checkTimingOptions(timing, timing.iterationsPerTrial);
  const mostIterations = timing.iterationsPerTrial ?? timing.maxIterations;
  if (options.scope === 'per-call' && mostIterations > MAX_PER_CALL_ITERATIONS) {
    throw new TimingError(
      'INVALID_OPTIONS',
      `planOperation(${options.library}): per-call scope times at most ${MAX_PER_CALL_ITERATIONS} calls per trial ` +
        `(@ngcc-perf/native/PROTOCOL.md), but up to ${mostIterations} could be planned; lower iterationsPerTrial or maxIterations.`,
    );
  }
  const choices = { ...DEFAULT_MEASUREMENT_CHOICES, ...withoutUndefined(pickChoices(options)) };
  const calibration = await calibrate({
    library: options.library,
    ...(options.digestBits === undefined ? {} : { digestBits: options.digestBits }),
    messageBytes: options.messageBytes,
    ...(options.operation === undefined ? {} : { operation: options.operation }),
    ...processTimeouts(options.operationTimeoutSeconds ?? timing.budgetSeconds, options.operation),
    runner: resolveRunner(options.runner, options.driverPath),
    ...(options.message === undefined ? {} : { message: options.message }),
    ...(options.alignmentOffsetBytes === undefined ? {} : { alignmentOffsetBytes: options.alignmentOffsetBytes }),
    ...(options.counter === undefined ? {} : { counter: options.counter }),
    ...(pinning.cpu === null ? {} : { cpu: pinning.cpu }),
    ...(options.addressLayout === 'fixed' ? { fixedAddressLayout: true } : {}),
  });
  if (calibration.status === 'failed') {
    return { status: 'failed', failure: calibration.failure, plan: null, calibration, pinning };
  }
  const trialPlan = planTrials(calibration.planCallSeconds, timing);
  // A first call that did one-time set-up is paid again by each trial process's first warm-up.
  const setUpSeconds = Math.max(0, calibration.calibrationSeconds - calibration.planCallSeconds);
  const processSeconds =
    (trialPlan.iterationsPerTrial + trialPlan.warmups) * calibration.planCallSeconds + setUpSeconds;
  const plan: MeasurementPlan = {
    trialTargetSeconds: timing.trialTargetSeconds,
    budgetSeconds: timing.budgetSeconds,
    calibrationSeconds: calibration.calibrationSeconds,
    warmCallSeconds: calibration.warmCallSeconds ?? null,
    planCallSeconds: calibration.planCallSeconds,
    calibrationBasis: calibration.basis,
    ...trialPlan,
    estimatedSeconds: trialPlan.estimatedSeconds + trialPlan.trials * setUpSeconds,
    // A timeout the user gave replaces the 60 s floor; ten times the process's estimate stays.
    timeoutPerProcessSeconds: Math.max(
      options.operationTimeoutSeconds ?? trialPlan.timeoutPerProcessSeconds,
      10 * processSeconds,
    ),
    ...(options.operationTimeoutSeconds === undefined
      ? {}
      : { operationTimeoutSeconds: options.operationTimeoutSeconds }),
    ...choices,
    coreClockHz: options.coreClockHz ?? null,
  };
  // Start-up is what the calibration process spent outside its timed calls: neither the cold call
  // (or batch) nor the warm check, which trials do not repeat.
  const timedSeconds =
    calibration.calibrationSeconds * calibration.batchIterations + (calibration.process.trial?.warmCheck?.seconds ?? 0);
  const startSeconds = Math.max(0, calibration.process.wallSeconds - timedSeconds);
  return {
    status: 'planned',
    plan,
    estimatedWallSeconds: plan.estimatedSeconds + plan.trials * startSeconds,
    calibration,
    pinning,
  };
}

function pickChoices(options: PlanOperationOptions) {
  return {
    scope: options.scope,
    message: options.message,
    alignmentOffsetBytes: options.alignmentOffsetBytes,
    addressLayout: options.addressLayout,
    onContextSwitch: options.onContextSwitch,
  };
}
