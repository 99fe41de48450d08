import type { DriverProcessRunner } from './driver-process.js';

/**
 * Memory of one `CryptHash` call, measured by `ngcc-perf-driver memory` in its own process:
 * exactly the `memory` object of a record (@ngcc-perf/record/docs/RUN-DIRECTORY.md), fields in that order. Every
 * figure is in bytes; the definitions are @ngcc-perf/native/PROTOCOL.md's.
 */
export interface CallMemory {
  /** The driver's argv, its path first (a run directory stores it with paths made relative). */
  command: string[];
  /** The driver's exit code: 0 for a measurement. */
  exitCode: number;
  /**
   * The deepest stack of the call: the larger of `callerStackHighWaterBytes` and
   * `workerStackHighWaterBytes` (a library that hashes on a worker thread uses that thread's stack).
   */
  stackHighWaterBytes: number;
  /** Depth of the call on the painted measurement stack, word-granular; includes `stackOverheadBytes`. */
  callerStackHighWaterBytes: number;
  /** The same measurement with an empty function: the driver's trampoline. */
  stackOverheadBytes: number;
  /** Peak of requested bytes live at once in blocks allocated during the call; `null` without allocator interposition (not glibc). */
  heapPeakBytes: number | null;
  /** The same peak in glibc's usable block sizes (allocator rounding included, 8-byte chunk headers not). */
  heapPeakUsableBytes: number | null;
  /** Successful allocation calls during the call. */
  heapAllocations: number | null;
  /** Requested bytes allocated during the call and not freed by its end (a leak per call). */
  heapRetainedBytes: number | null;
  /** Peak of page-rounded bytes the call mapped itself with `mmap`. */
  mmapBytes: number | null;
  /** Growth of resident memory during the call after a `clear_refs` reset; `null` when unsupported. */
  operationPeakBytes: number | null;
  /** `"supported"` or `"unsupported: <reason>"` (writing 5 to `/proc/self/clear_refs`). */
  clearRefs: string;
  /** RSS of the memory process after set-up (includes the painted measurement stack; not the seed's baseline). */
  baselineRssBytes: number;
  /** Peak RSS of the memory process (not the seed's peak RSS column). */
  peakRssBytes: number;
  /** Threads the call started (`pthread_create`). */
  threadsCreated: number;
  /** Deepest stack of those threads below their start routine, word-granular; null when none was measured. */
  workerStackHighWaterBytes: number | null;
  /** Threads the call started whose stack could not be measured (a stack the library gave them): not in the figures. */
  workerStacksUnmeasured: number;
}

/**
 * Why the memory process did not measure, named like the KAT verdicts (the ICCS KAT rules): `CRASH`
 * (killed by a signal, or ended without its `memory` line — e.g. the library called `exit()`),
 * `CRYPTOFAIL` (`CryptHash` returned non-zero), `OVERFLOW` (a guard byte changed), `LOADFAIL`
 * (no library or no `CryptHash`), `TIMEOUT` (killed after `timeoutSeconds`).
 */
/** `CHECKFAIL`: an operation's set-up or check failed (op-memory: dec gave another secret, a signature did not verify). */
export type CallMemoryFailureVerdict = 'CRASH' | 'CRYPTOFAIL' | 'OVERFLOW' | 'LOADFAIL' | 'TIMEOUT' | 'CHECKFAIL';

/**
 * What {@link measureCallMemory} returns. A misbehaving library is a `failed` result (data for
 * the record's `memoryFailure`), never an exception.
 */
export type CallMemoryResult =
  | {
      status: 'complete';
      /** The record's `memory` object. */
      memory: CallMemory;
      /** Size of the measurement stack, bytes. */
      stackBytesProvided: number;
      /** The driver's sentence on what the heap figures count and leave out. */
      heapBookkeepingNote: string;
      /** Spawn to exit, seconds. */
      wallSeconds: number;
    }
  | {
      status: 'failed';
      verdictLike: CallMemoryFailureVerdict;
      /** One line for the record's `memoryFailure`, e.g. `CRASH — killed by SIGSEGV: …`. */
      failure: string;
      command: string[];
      exitCode: number | null;
      signal: string | null;
      wallSeconds: number;
      /** The driver's stderr (last 2000 characters). */
      stderr: string;
      /** The driver's `error` line, when it wrote one (fields by code in @ngcc-perf/native/PROTOCOL.md). */
      errorLine: Record<string, unknown> | null;
    };

/** Options of {@link measureCallMemory}. */
export interface MeasureCallMemoryOptions {
  /** Path of the shared library exporting `CryptHash` (or the operation's API). */
  library: string;
  /** Digest length in bits: a positive multiple of 8 (the hash call; not used with `operation`). */
  digestBits?: number;
  /** Message length in bytes, 0 … 2^33 (the message is byte i = (i·131 + L) mod 256; not used with `operation`). */
  messageBytes?: number;
  /**
   * One call of an operation of any category instead of `CryptHash` (the driver's `op-memory`,
   * @ngcc-perf/native/PROTOCOL.md "Categories"): its set-up objects are made first, outside the
   * measurement. `stackBytes` is not taken with it (the driver's 8 MiB stack).
   */
  operation?: {
    category: string;
    name: string;
    /** The driver's `--param NAME=VALUE` values (`driverParameters` of the category). */
    parameters: Readonly<Record<string, string>>;
    /** The adapter library of a category the driver does not have built in. */
    adapterPath?: string;
  };
  /** Pin the memory process to this CPU (`--cpu`). */
  cpu?: number;
  /** Size of the measurement stack in bytes (`--stack-bytes`, 16384 … 2^30; driver default 8 MiB). */
  stackBytes?: number;
  /** Path of `ngcc-perf-driver`; default: `driverPath()` of @ngcc-perf/native. */
  driverPath?: string;
  /** Runs the process; default {@link runDriverProcess}. Tests pass a fake. */
  runner?: DriverProcessRunner;
  /** Kill the process after this many seconds (default {@link DEFAULT_CALL_MEMORY_TIMEOUT_SECONDS}). */
  timeoutSeconds?: number;
}

/** Default per-process time limit of {@link measureCallMemory}, seconds. */
export const DEFAULT_CALL_MEMORY_TIMEOUT_SECONDS = 60;
