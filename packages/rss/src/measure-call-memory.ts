import { accessSync, constants } from 'node:fs';
import { driverPath as nativeDriverPath } from '@ngcc-perf/native';
import { DEFAULT_CALL_MEMORY_TIMEOUT_SECONDS } from './call-memory-types.js';
import type { CallMemory, CallMemoryResult, MeasureCallMemoryOptions } from './call-memory-types.js';
import { runDriverProcess } from './driver-process.js';
import { memoryArgv } from './internal/memory-argv.js';
import { classifyMemoryFailure, keptStderr } from './internal/memory-failure.js';
import { parseMemoryDriverOutput } from './memory-driver-lines.js';
import { RssError } from './rss-error.js';

async function resolveDriver(options: MeasureCallMemoryOptions): Promise<string> {
  const driverPath = options.driverPath;
  if (driverPath === undefined || driverPath === '') {
    return options.runner === undefined ? nativeDriverPath() : 'ngcc-perf-driver';
  }
  if (options.runner === undefined) {
    try {
      accessSync(driverPath, constants.X_OK);
    } catch (error) {
      throw new RssError(
        'DRIVER_NOT_FOUND',
        `No executable driver at ${driverPath}: point driverPath at a built ngcc-perf-driver, or leave it out to use the one @ngcc-perf/native finds or builds.`,
        { cause: error },
      );
    }
  }
  return driverPath;
}

/**
 * Measures the memory of one `CryptHash` call in its own driver process
 * (`ngcc-perf-driver memory`), or with `operation` one call of any category's operation after its
 * set-up (`ngcc-perf-driver op-memory`: a KEM's enc from a key pair made first): stack high-water on a painted stack (and on the stacks of the
 * threads the call starts: the deepest of them is `stackHighWaterBytes`), heap peak and allocation
 * count through the interposed allocator, mmap bytes, and the operation peak (RSS growth during
 * the call after a `clear_refs` reset). The library is called exactly once.
 *
 * @param options - {@link MeasureCallMemoryOptions}: library path, `digestBits`, `messageBytes`,
 *   optional `cpu`, `stackBytes` (bytes), `driverPath`, `runner`, `timeoutSeconds` (seconds).
 * @returns `{ status: 'complete', memory }` — `memory` is exactly the record's `memory` object
 *   (@ngcc-perf/record/docs/RUN-DIRECTORY.md), every figure in bytes — or `{ status: 'failed', verdictLike,
 *   failure, … }` when the library crashed, failed, overflowed, did not load or timed out.
 * @throws {@link RssError} `INVALID_ARGUMENT` (a bad option), `DRIVER_NOT_FOUND` (no driver at
 *   the given path); `NativeError` when no path is given and `driverPath()` of @ngcc-perf/native fails, `DRIVER_VERSION` (protocol ≠ 1: rebuild native/ with
 *   `npm run build`), `PROTOCOL` (a line that does not match @ngcc-perf/native/PROTOCOL.md),
 *   `DRIVER_FAILED` (the driver's USAGE or IO: not the library's doing).
 * @remarks Source: @ngcc-perf/native/PROTOCOL.md, "ngcc-perf-driver memory"; the issue "Memory you can
 *   attribute"; guide §3.1 for the process-level RSS figures it complements.
 * @example
 * ```ts
 * const result = await measureCallMemory({ library: 'libbig_heap.so', digestBits: 256, messageBytes: 64 });
 * if (result.status === 'complete') console.log(result.memory.heapPeakBytes); // 1048576
 * else console.log(result.verdictLike, result.failure);
 * ```
 */
export async function measureCallMemory(options: MeasureCallMemoryOptions): Promise<CallMemoryResult> {
  const args = memoryArgv(options);
  const driverPath = await resolveDriver(options);
  const timeoutSeconds = options.timeoutSeconds ?? DEFAULT_CALL_MEMORY_TIMEOUT_SECONDS;
  const command = [driverPath, ...args];
  const source = command.join(' ');
  const runner = options.runner ?? runDriverProcess;
  const outcome = await runner({ driverPath, args, timeoutMs: Math.ceil(timeoutSeconds * 1000) });
  const output = parseMemoryDriverOutput(outcome.stdout, source);
  const line = output.memory;
  if (outcome.exitCode === 0 && outcome.signal === null && !outcome.timedOut && line !== null && output.end) {
    const operation = options.operation;
    const wrong =
      operation === undefined
        ? line.messageBytes !== options.messageBytes || line.digestBits !== options.digestBits
        : line.category !== operation.category || line.operation !== operation.name;
    if (wrong) {
      throw new RssError(
        'PROTOCOL',
        `${source}: the memory line is for ${line.category === undefined ? `${line.messageBytes} bytes and ${line.digestBits} bits` : `${line.category} ${line.operation}`}, not what was asked for. Rebuild native/ with "npm run build".`,
      );
    }
    const memory: CallMemory = {
      command,
      exitCode: 0,
      stackHighWaterBytes: Math.max(line.stackHighWaterBytes, line.workerStackHighWaterBytes ?? 0),
      callerStackHighWaterBytes: line.stackHighWaterBytes,
      stackOverheadBytes: line.stackOverheadBytes,
      heapPeakBytes: line.heapPeakBytes,
      heapPeakUsableBytes: line.heapPeakUsableBytes,
      heapAllocations: line.heapAllocations,
      heapRetainedBytes: line.heapRetainedBytes,
      mmapBytes: line.mmapBytes,
      operationPeakBytes: line.operationPeakBytes,
      clearRefs: line.clearRefs,
      baselineRssBytes: line.baselineRssBytes,
      peakRssBytes: line.peakRssBytes,
      threadsCreated: line.threadsCreated,
      workerStackHighWaterBytes: line.workerStackHighWaterBytes,
      workerStacksUnmeasured: line.workerStacksUnmeasured,
    };
    return {
      status: 'complete',
      memory,
      stackBytesProvided: line.stackBytesProvided,
      heapBookkeepingNote: line.heapBookkeepingNote,
      wallSeconds: outcome.wallSeconds,
    };
  }
  const { verdictLike, failure } = classifyMemoryFailure(outcome, output.error, source, timeoutSeconds);
  return {
    status: 'failed',
    verdictLike,
    failure,
    command,
    exitCode: outcome.exitCode,
    signal: outcome.signal,
    wallSeconds: outcome.wallSeconds,
    stderr: keptStderr(outcome.stderr),
    errorLine: output.error,
  };
}
