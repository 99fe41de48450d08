import type { DriverMetaLine } from './driver-lines.js';
import type { TimingRunner } from './driver-runner.js';
import { resolveRunner } from './internal/resolve-runner.js';
import { trialProcessFromRun } from './internal/trial-process-from-run.js';
import type { CounterName } from './counter-types.js';
import { DEFAULT_TIMING_OPTIONS } from './timing-options.js';
import type { MessagePattern, TrialProcess } from './trial-types.js';

/** Options of {@link calibrate}. */
export interface CalibrateOptions {
  /** Path of the shared library exporting `CryptHash`. */
  library: string;
  digestBits: number;
  messageBytes: number;
  /** Pin the calibration process to this CPU. */
  cpu?: number;
  /** Force this counter. */
  counter?: CounterName;
  /** Message bytes (default `rule`); calibration always times the whole loop (scope `loop`). */
  message?: MessagePattern;
  /** Offset of the message from a 64-byte boundary, bytes (default 0). */
  alignmentOffsetBytes?: number;
  /** Kill the calibration process after this many seconds (default 900, the default operation budget). */
  timeoutSeconds?: number;
  /** Driver path; default `process.env.NGCC_PERF_DRIVER`. Ignored when `runner` is given. */
  driverPath?: string;
  /** Injected runner (tests); default the real driver. */
  runner?: TimingRunner;
}

/** The outcome of {@link calibrate}: seconds of one call, or why the process failed. */
export type CalibrationResult =
  | {
      status: 'complete';
      /** t1: seconds of one call. */
      calibrationSeconds: number;
      /** Calls the figure was taken over: 1 (one cold call), or the batch size when one call was too short to time. */
      batchIterations: number;
      /** The driver process the figure came from. */
      process: TrialProcess;
      /** Its `meta` line (names the counter). */
      meta: DriverMetaLine | null;
    }
  | { status: 'failed'; failure: string; process: TrialProcess; meta: DriverMetaLine | null };

/** Below this one call is too short to time on its own (clock reads cost tens of ns), seconds. */
export const CALIBRATION_RESOLUTION_SECONDS = 1e-6;
/** Calls timed together when one call is shorter than {@link CALIBRATION_RESOLUTION_SECONDS}. */
export const CALIBRATION_BATCH_ITERATIONS = 100;
/** Smallest t1 reported, seconds: a 1 ns call, so a plan never divides by zero. */
const SMALLEST_CALL_SECONDS = 1e-9;

/**
 * Times one cold call of `CryptHash` in its own driver process (1 iteration, no warm-up): the
 * t1 from which `planTrials` sizes the trials (SPEC §5 "calibrate with one cold call").
 *
 * When that call took less than 1 µs — near the cost of reading the clocks — a second process
 * times a batch of 100 calls (still no warm-up) and t1 = its seconds / 100. Only tiny messages
 * get there; their plan is capped at maxIterations anyway, so the batch changes nothing but the
 * estimate.
 *
 * @param options - {@link CalibrateOptions}.
 * @returns a {@link CalibrationResult}: `complete` with `calibrationSeconds`, or `failed` when the
 *   library crashed, timed out or made the driver exit non-zero (data, not an exception).
 * @throws {@link TimingError} `DRIVER_NOT_FOUND`, `DRIVER_VERSION`, `PROTOCOL`, `DRIVER_FAILED`
 *   for harness problems.
 * @remarks Source: SPEC §5; native/PROTOCOL.md `time`.
 * @example
 * ```ts
 * const result = await calibrate({ library: 'native/build/examples/libsha512.so', digestBits: 512, messageBytes: 65536 });
 * if (result.status === 'complete') console.log(`${result.calibrationSeconds * 1e6} µs per call`);
 * ```
 */
export async function calibrate(options: CalibrateOptions): Promise<CalibrationResult> {
  const runner = resolveRunner(options.runner, options.driverPath);
  const once = async (iterations: number) => {
    const run = await runner.time({
      library: options.library,
      digestBits: options.digestBits,
      messageBytes: options.messageBytes,
      iterations,
      warmups: 0,
      timeoutSeconds: options.timeoutSeconds ?? DEFAULT_TIMING_OPTIONS.budgetSeconds,
      ...(options.counter === undefined ? {} : { counter: options.counter }),
      ...(options.cpu === undefined ? {} : { cpu: options.cpu }),
      ...(options.message === undefined ? {} : { message: options.message }),
      ...(options.alignmentOffsetBytes === undefined ? {} : { alignmentOffsetBytes: options.alignmentOffsetBytes }),
    });
    return trialProcessFromRun(run, 1);
  };
  let batchIterations = 1;
  let { process, meta } = await once(batchIterations);
  if (process.trial !== null && process.trial.seconds < CALIBRATION_RESOLUTION_SECONDS) {
    batchIterations = CALIBRATION_BATCH_ITERATIONS;
    ({ process, meta } = await once(batchIterations));
  }
  if (process.trial === null) {
    return {
      status: 'failed',
      failure: `calibration: ${process.failure?.code ?? 'EXIT'} — ${process.failure?.message ?? 'no trial line'}`,
      process,
      meta,
    };
  }
  return {
    status: 'complete',
    calibrationSeconds: Math.max(process.trial.seconds / batchIterations, SMALLEST_CALL_SECONDS),
    batchIterations,
    process,
    meta,
  };
}
