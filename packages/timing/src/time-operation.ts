import {
  DEFAULT_CALL_MEMORY_TIMEOUT_SECONDS,
  measureCallMemory,
  RssError,
  type CallMemory,
  type CallMemoryResult,
  type MeasureCallMemoryOptions,
} from '@ngcc-perf/rss';
import { measureOperation, type MeasureOperationOptions, type MeasureProgress } from './measure-operation.js';
import type { OperationMeasurement } from './measurement-types.js';
import { DEFAULT_TIMING_OPTIONS } from './timing-options.js';

/** The per-call memory of one operation: the figures, or null and why (`ngcc-perf time`). */
export interface CallMemoryOutcome {
  memory: CallMemory | null;
  memoryFailure: string | null;
}

/**
 * A progress event of {@link timeOperation}: the calibration about to start (its process's
 * timeout, seconds), each finished driver process of `measureOperation`, and the memory process
 * about to start (its timeout, seconds).
 */
export type TimeOperationProgress =
  | { phase: 'calibrating'; messageBytes: number; timeoutSeconds: number }
  | MeasureProgress
  | { phase: 'memory'; timeoutSeconds: number };

/** Options of {@link timeOperation}: those of `measureOperation`, its progress widened, and the two measurers (tests pass fakes). */
export interface TimeOperationOptions extends Omit<MeasureOperationOptions, 'onProgress' | 'digestBits' | 'operation'> {
  /** The hash operation's digest length, bits (the memory and instruction figures are the hash driver's). */
  digestBits: number;
  onProgress?: (event: TimeOperationProgress) => void;
  /** Default timing's `measureOperation`. */
  measureOperation?: (options: MeasureOperationOptions) => Promise<OperationMeasurement>;
  /** Default `@ngcc-perf/rss`'s `measureCallMemory`. */
  measureCallMemory?: (options: MeasureCallMemoryOptions) => Promise<CallMemoryResult>;
}

/** What {@link timeOperation} measured: the trials, the memory of one call, and the warnings a reader needs. */
export interface TimedOperation {
  measured: OperationMeasurement;
  memory: CallMemoryOutcome;
  /**
   * What a reader must know before trusting the figures, as the record of `run` says it: how many
   * disturbed attempts were discarded and rerun, then the derivation's warnings (CV above its
   * limit, outlier trials, disturbed trials kept or flagged).
   */
  warnings: string[];
}

/**
 * One `ngcc-perf-driver memory` process after the trials. A misbehaving library and a driver
 * that cannot measure memory (an old build) both become `memoryFailure`, so the timing result
 * is never lost to the memory figures.
 * @throws {@link RssError} `INVALID_ARGUMENT` for an impossible option (bad input)
 */
async function measureMemoryOnce(
  measure: (options: MeasureCallMemoryOptions) => Promise<CallMemoryResult>,
  options: MeasureCallMemoryOptions,
): Promise<CallMemoryOutcome> {
  try {
    const result = await measure(options);
    return result.status === 'complete'
      ? { memory: result.memory, memoryFailure: null }
      : { memory: null, memoryFailure: result.failure };
  } catch (error) {
    if (error instanceof RssError && error.code !== 'INVALID_ARGUMENT')
      return { memory: null, memoryFailure: `${error.code} — ${error.message}` };
    throw error;
  }
}

/**
 * The warnings of a measurement, as the record of `run` says them: the disturbed attempts
 * discarded and rerun, then `derived.warnings`.
 * @example
 * measurementWarnings(measured); // ['1 disturbed trial attempt(s) were discarded and rerun', 'CV 3.1 % above …']
 */
export function measurementWarnings(measured: OperationMeasurement): string[] {
  const reruns =
    measured.disturbedRetries > 0
      ? [`${measured.disturbedRetries} disturbed trial attempt(s) were discarded and rerun`]
      : [];
  return [...reruns, ...(measured.derived?.warnings ?? [])];
}

/**
 * One operation as `ngcc-perf time` measures it: its calibrated trials (`measureOperation`, guide §3.4),
 * then one memory process for the per-call figures (stack high-water, heap peak, operation peak),
 * pinned to the same CPU and killed after min(budget, {@link DEFAULT_CALL_MEMORY_TIMEOUT_SECONDS}) s
 * (one call may not take longer than the whole operation's budget). A library the driver cannot
 * load (calibration `LOADFAIL`) gets no memory process: the caller reports it as bad input.
 * @param options - those of `measureOperation` (library, digest bits, message bytes, timing options,
 *   CPU, counter, address layout, driver path) and `onProgress`
 * @returns the {@link TimedOperation}; a failed library is a `failed` measurement or a `memoryFailure`, never an exception
 * @throws {@link TimingError} and {@link RssError} `INVALID_ARGUMENT` for impossible options or harness problems, as `measureOperation` does
 * @example
 * const timed = await timeOperation({ library: 'libsha512.so', digestBits: 512, messageBytes: 64, cpu: 1 });
 */
export async function timeOperation(options: TimeOperationOptions): Promise<TimedOperation> {
  const {
    onProgress,
    measureOperation: measure = measureOperation,
    measureCallMemory: measureMemory = measureCallMemory,
    ...rest
  } = options;
  const say = onProgress ?? (() => undefined);
  const budgetSeconds = rest.options?.budgetSeconds ?? DEFAULT_TIMING_OPTIONS.budgetSeconds;
  say({ phase: 'calibrating', messageBytes: rest.messageBytes, timeoutSeconds: budgetSeconds });
  const measured = await measure({ ...rest, onProgress: say });
  const warnings = measurementWarnings(measured);
  if (measured.plan === null && measured.calibration.failure?.code === 'LOADFAIL')
    return { measured, memory: { memory: null, memoryFailure: 'the library did not load' }, warnings };
  const timeoutSeconds = Math.min(budgetSeconds, DEFAULT_CALL_MEMORY_TIMEOUT_SECONDS);
  say({ phase: 'memory', timeoutSeconds });
  const memory = await measureMemoryOnce(measureMemory, {
    library: rest.library,
    digestBits: rest.digestBits,
    messageBytes: rest.messageBytes,
    ...(rest.driverPath === undefined ? {} : { driverPath: rest.driverPath }),
    timeoutSeconds,
    ...(typeof rest.cpu === 'number' ? { cpu: rest.cpu } : {}),
  });
  return { measured, memory, warnings };
}
