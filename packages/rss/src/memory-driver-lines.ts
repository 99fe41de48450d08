import { parseDriverOutput, type DriverErrorLine } from '@ngcc-perf/native';
import { z } from 'zod';
import { RssError } from './rss-error.js';

const bytes = z.number().int().nonnegative();
const memoryLineSchema = z.object({
  v: z.literal(1),
  type: z.literal('memory'),
  /** `memory` (hash) only. */
  messageBytes: bytes.optional(),
  digestBits: bytes.optional(),
  /** `op-memory` only: the category and operation measured. */
  category: z.string().optional(),
  operation: z.string().optional(),
  baselineRssBytes: bytes,
  stackHighWaterBytes: bytes,
  stackOverheadBytes: bytes,
  stackBytesProvided: z.number().int().positive(),
  heapPeakBytes: bytes.nullable(),
  heapPeakUsableBytes: bytes.nullable(),
  heapAllocations: bytes.nullable(),
  heapRetainedBytes: bytes.nullable(),
  heapBookkeepingNote: z.string(),
  mmapBytes: bytes.nullable(),
  operationPeakBytes: bytes.nullable(),
  peakRssBytes: bytes,
  clearRefs: z.string().regex(/^(supported|unsupported: .+)$/),
  threadsCreated: bytes,
  workerStacksUnmeasured: bytes,
  workerStackHighWaterBytes: bytes.nullable(),
  workerStackOverheadBytes: bytes.nullable(),
});
const endLineSchema = z.object({ v: z.literal(1), type: z.literal('end') });
const SCHEMAS = { memory: memoryLineSchema, end: endLineSchema } as const;

/** The `memory` line of `ngcc-perf-driver memory` (@ngcc-perf/native/PROTOCOL.md); byte counts in bytes. */
export type MemoryDriverLine = z.infer<typeof memoryLineSchema>;
/** The `error` line a failing driver writes before a non-zero exit (extra fields kept). */
export type MemoryDriverErrorLine = DriverErrorLine;

/** The protocol lines of one `memory` run; lines of other types and non-JSON lines are skipped. */
export interface MemoryDriverOutput {
  memory: MemoryDriverLine | null;
  end: boolean;
  error: MemoryDriverErrorLine | null;
}

/**
 * Validates the stdout of `ngcc-perf-driver memory` with zod, through `@ngcc-perf/native`'s one
 * envelope parser (@ngcc-perf/native/PROTOCOL.md, "Reading the output"): a line that is not a JSON object
 * with `v` is skipped (a library's own output); a `v` other than 1 means the driver was built from
 * another version; lines of types other than `memory`, `end` and `error` are skipped.
 *
 * @param stdout - everything the driver wrote on stdout.
 * @param source - who wrote it, for messages (the command line).
 * @returns the `memory`, `end` and `error` lines found.
 * @throws {@link RssError} `DRIVER_VERSION` for `v` ≠ 1 (rebuild the driver);
 *   `PROTOCOL` for a `memory`, `end` or `error` line that does not match @ngcc-perf/native/PROTOCOL.md.
 * @remarks Source: @ngcc-perf/native/PROTOCOL.md, "ngcc-perf-driver memory".
 * @example
 * ```ts
 * const { memory } = parseMemoryDriverOutput(stdout, 'ngcc-perf-driver memory libsm3.so 256 64');
 * console.log(memory?.stackHighWaterBytes);
 * ```
 */
export function parseMemoryDriverOutput(stdout: string, source: string): MemoryDriverOutput {
  const parsed = parseDriverOutput(stdout, {
    source,
    schemas: SCHEMAS,
    makeError: (code, message, cause) => new RssError(code, message, cause === undefined ? undefined : { cause }),
  });
  const output: MemoryDriverOutput = { memory: null, end: false, error: parsed.error };
  for (const line of parsed.lines) {
    if (line.type === 'memory') output.memory = line;
    else if (line.type === 'end') output.end = true;
  }
  return output;
}
