import { z } from 'zod';

const count = z.number().int().nonnegative();

/**
 * Zod schema of a record's optional `memory` field (@ngcc-perf/record/docs/RUN-DIRECTORY.md): what one `CryptHash`
 * call used, measured by the driver's `memory` subcommand in its own process — stack high-water,
 * heap peak (requested bytes) and allocation count, mmap bytes and the operation peak (growth of
 * resident memory during the call). Figures the host could not measure are `null`.
 *
 * @example
 * ```ts
 * callMemorySchema.parse({ stackHighWaterBytes: 712, heapPeakBytes: 0, heapAllocations: 0, operationPeakBytes: 4096 });
 * ```
 */
export const callMemorySchema = z.object({
  command: z.array(z.string()).optional(),
  exitCode: z.number().int().nullish(),
  /** The deepest stack of the call, of the calling thread or of a thread it started. */
  stackHighWaterBytes: count.nullable(),
  /** The calling thread's stack alone (the painted measurement stack). */
  callerStackHighWaterBytes: count.nullish(),
  stackOverheadBytes: count.nullish(),
  heapPeakBytes: count.nullable(),
  heapPeakUsableBytes: count.nullish(),
  heapAllocations: count.nullable(),
  heapRetainedBytes: count.nullish(),
  mmapBytes: count.nullish(),
  operationPeakBytes: count.nullable(),
  clearRefs: z.string().nullish(),
  baselineRssBytes: count.nullish(),
  peakRssBytes: count.nullish(),
  /** Threads the call started. */
  threadsCreated: count.nullish(),
  /** Deepest stack of the threads the call started, below their start routine; null when none was measured. */
  workerStackHighWaterBytes: count.nullish(),
  /** Threads the call started on stacks of their own, whose depth is in no figure. */
  workerStacksUnmeasured: count.nullish(),
});

/** Memory of one `CryptHash` call (bytes), from a record's `memory` field. */
export type CallMemory = z.infer<typeof callMemorySchema>;
