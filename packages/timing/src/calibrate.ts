import type { DriverMetaLine } from './driver-lines.js';
import type { DriverOperation } from './driver-operation.js';
import type { TimingRunner } from './driver-runner.js';
import { resolveRunner } from './internal/resolve-runner.js';
import { trialProcessFromRun } from './internal/trial-process-from-run.js';
import type { CounterName } from './counter-types.js';
import { DEFAULT_TIMING_OPTIONS } from './timing-options.js';
import type { MessagePattern, TrialProcess } from './trial-types.js';

/** Options of {@link calibrate}. */
export interface CalibrateOptions {
  /** Path of the shared library under test. */
  library: string;
  /** The hash operation's digest length; not used with `operation`. */
  digestBits?: number;
  /** The hash operation's message length; with `operation`, the bytes one call processes. */
  messageBytes: number;
  /** An operation of a category, timed with the driver's `op-time` (@ngcc-perf/native/PROTOCOL.md "Categories"). */
  operation?: DriverOperation;
  /** Pin the calibration process to this CPU. */
  cpu?: number;
  /** Force this counter. */
  counter?: CounterName;
  /** Message bytes (default `rule`); calibration always times the whole loop (scope `loop`). */
  message?: MessagePattern;
  /** Offset of the message from a 64-byte boundary, bytes (default 0). */
  alignmentOffsetBytes?: number;
  /** Run the calibration processes with ADDR_NO_RANDOMIZE (`--fixed-layout`). */
  fixedAddressLayout?: boolean;
  /** Kill the calibration process after this many seconds (default 900, the default operation budget). */
  timeoutSeconds?: number;
  /** With `operation`: the driver's own `op-time --timeout` (whole seconds; see `TimeArgs.driverTimeoutSeconds`). */
  driverTimeoutSeconds?: number;
  /** Driver path; default: `driverPath()` of @ngcc-perf/native. Ignored when `runner` is given. */
  driverPath?: string;
  /** Injected runner (tests); default the real driver. */
  runner?: TimingRunner;
}

/** The outcome of {@link calibrate}: seconds of one call, or why the process failed. */
export type CalibrationResult =
  | {
      status: 'complete';
      /** t1: seconds of one call (guide §3.4's cold call; the batch mean when one call was too short to time). */
      calibrationSeconds: number;
      /** Calls the figure was taken over: 1 (one cold call), or the batch size when one call was too short to time. */
      batchIterations: number;
      /** The driver process the figure came from. */
      process: TrialProcess;
      /** Its `meta` line (names the counter). */
      meta: DriverMetaLine | null;
      /**
       * The warm check: seconds of one call among the calls the calibration process made right
       * after its cold call (`--warm-check`); absent for a batch or a driver without it.
       */
      warmCallSeconds?: number;
      /**
       * The seconds per call to plan the trials with: `calibrationSeconds`, unless the cold call
       * took more than {@link FIRST_CALL_SETUP_RATIO} × the warm calls — a first call that mostly
       * did one-time set-up — then `warmCallSeconds`.
       */
      planCallSeconds: number;
      /** Which figure `planCallSeconds` is: the cold call, the batch mean, or the warm calls. */
      basis: CalibrationBasis;
    }
  | { status: 'failed'; failure: string; process: TrialProcess; meta: DriverMetaLine | null };

/** Which figure the trials were planned from (see `CalibrationResult.planCallSeconds`). */
export type CalibrationBasis = 'first-call' | 'batch' | 'warm-calls';

/**
 * A cold call slower than this multiple of the warm calls counts as one-time set-up (OpenSSL's
 * first EVP_Digest fetches its provider: 1.6–2.1 ms against 32 µs later at 16 KiB), and the trials
 * are planned from the warm calls, so they last about the target instead of a fiftieth of it.
 */
export const FIRST_CALL_SETUP_RATIO = 2;
/** Calls of the warm check at most (the driver also stops after 10 ms; @ngcc-perf/native/PROTOCOL.md `--warm-check`). */
export const WARM_CHECK_MAX_CALLS = 100;

/** Below this one call is too short to time on its own (clock reads cost tens of ns), seconds. */
export const CALIBRATION_RESOLUTION_SECONDS = 1e-6;
/** Calls timed together when one call is shorter than {@link CALIBRATION_RESOLUTION_SECONDS}. */
export const CALIBRATION_BATCH_ITERATIONS = 100;
/** Smallest t1 reported, seconds: a 1 ns call, so a plan never divides by zero. */
const SMALLEST_CALL_SECONDS = 1e-9;

/**
 * Times one cold call of `CryptHash` in its own driver process (1 iteration, no warm-up): the
 * t1 from which `planTrials` sizes the trials (guide §3.4 "calibrate with one cold call").
 *
 * When that call took less than 1 µs — near the cost of reading the clocks — a second process
 * times a batch of 100 calls (still no warm-up) and t1 = its seconds / 100. Only tiny messages
 * get there; their plan is capped at maxIterations anyway, so the batch changes nothing but the
 * estimate.
 *
 * The cold call's process also times up to 100 further calls (at most ~10 ms of them, never part
 * of t1: the driver's `--warm-check`): when the cold call took more than
 * {@link FIRST_CALL_SETUP_RATIO} × one of those, the trials are planned from the warm calls
 * (`basis: 'warm-calls'`), else from the cold call as guide §3.4 says (`basis: 'first-call'`).
 * Both figures are kept.
 *
 * @param options - {@link CalibrateOptions}.
 * @returns a {@link CalibrationResult}: `complete` with `calibrationSeconds`, or `failed` when the
 *   library crashed, timed out or made the driver exit non-zero (data, not an exception).
 * @throws {@link TimingError} `DRIVER_NOT_FOUND`, `DRIVER_VERSION`, `PROTOCOL`, `DRIVER_FAILED`
 *   for harness problems.
 * @remarks Source: guide §3.4; @ngcc-perf/native/PROTOCOL.md `time`.
 * @example
 * ```ts
 * const result = await calibrate({ library: 'libsha512.so', digestBits: 512, messageBytes: 65536 });
 * if (result.status === 'complete') console.log(`${result.calibrationSeconds * 1e6} µs per call`);
 * ```
 */
export async function calibrate(options: CalibrateOptions): Promise<CalibrationResult> {
  const runner = resolveRunner(options.runner, options.driverPath);
  let chosenCounter = options.counter;
  let rateProbed = false;
  const once = async (iterations: number, warmCheckCalls?: number) => {
    const run = await runner.time({
      library: options.library,
      ...(options.digestBits === undefined ? {} : { digestBits: options.digestBits }),
      messageBytes: options.messageBytes,
      ...(options.operation === undefined ? {} : { operation: options.operation }),
      iterations,
      warmups: 0,
      ...(warmCheckCalls === undefined ? {} : { warmCheckCalls }),
      timeoutSeconds: options.timeoutSeconds ?? DEFAULT_TIMING_OPTIONS.budgetSeconds,
      ...(options.driverTimeoutSeconds === undefined ? {} : { driverTimeoutSeconds: options.driverTimeoutSeconds }),
      // After the first process, reuse the counter it chose without probing rates again.
      ...(chosenCounter === undefined ? {} : { counter: chosenCounter }),
      ...(rateProbed && chosenCounter !== undefined ? { skipRateProbe: true } : {}),
      ...(options.cpu === undefined ? {} : { cpu: options.cpu }),
      ...(options.message === undefined ? {} : { message: options.message }),
      ...(options.alignmentOffsetBytes === undefined ? {} : { alignmentOffsetBytes: options.alignmentOffsetBytes }),
      ...(options.fixedAddressLayout === true ? { fixedAddressLayout: true } : {}),
    });
    rateProbed = true;
    return trialProcessFromRun(run, 1);
  };
  let batchIterations = 1;
  const first = await once(batchIterations, WARM_CHECK_MAX_CALLS);
  // The first process chose and rate-probed the counter: its meta names it for the record, even
  // when a batch process (run with --no-rate-probe) gives the figure.
  const { meta } = first;
  let { process } = first;
  chosenCounter ??= meta?.counter.name;
  if (process.trial !== null && process.trial.seconds < CALIBRATION_RESOLUTION_SECONDS) {
    batchIterations = CALIBRATION_BATCH_ITERATIONS;
    ({ process } = await once(batchIterations));
  }
  if (process.trial === null) {
    return {
      status: 'failed',
      failure: `calibration: ${process.failure?.code ?? 'EXIT'} — ${process.failure?.message ?? 'no trial line'}`,
      process,
      meta,
    };
  }
  const calibrationSeconds = Math.max(process.trial.seconds / batchIterations, SMALLEST_CALL_SECONDS);
  const complete = { status: 'complete' as const, calibrationSeconds, batchIterations, process, meta };
  const warm = process.trial.warmCheck;
  if (batchIterations > 1) return { ...complete, planCallSeconds: calibrationSeconds, basis: 'batch' };
  if (warm === undefined || warm.iterations === 0)
    return { ...complete, planCallSeconds: calibrationSeconds, basis: 'first-call' };
  const warmCallSeconds = Math.max(warm.seconds / warm.iterations, SMALLEST_CALL_SECONDS);
  const setUp = calibrationSeconds > FIRST_CALL_SETUP_RATIO * warmCallSeconds;
  return {
    ...complete,
    warmCallSeconds,
    planCallSeconds: setUp ? warmCallSeconds : calibrationSeconds,
    basis: setUp ? 'warm-calls' : 'first-call',
  };
}
