import { z } from 'zod';
import { RssError } from './rss-error.js';

/** The driver protocol version this package speaks (native/PROTOCOL.md). */
export const MEMORY_PROTOCOL_VERSION = 1;

const bytes = z.number().int().nonnegative();
const memoryLineSchema = z.object({
  v: z.literal(1),
  type: z.literal('memory'),
  messageBytes: bytes,
  digestBits: bytes,
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
});
const endLineSchema = z.object({ v: z.literal(1), type: z.literal('end') });
const errorLineSchema = z.looseObject({ v: z.literal(1), type: z.literal('error'), code: z.string(), message: z.string() });
const SCHEMAS = { memory: memoryLineSchema, end: endLineSchema, error: errorLineSchema } as const;

/** The `memory` line of `ngcc-perf-driver memory` (native/PROTOCOL.md); byte counts in bytes. */
export type MemoryDriverLine = z.infer<typeof memoryLineSchema>;
/** The `error` line a failing driver writes before a non-zero exit (extra fields kept). */
export type MemoryDriverErrorLine = z.infer<typeof errorLineSchema>;

/** The protocol lines of one `memory` run; lines of other types and non-JSON lines are skipped. */
export interface MemoryDriverOutput {
  memory: MemoryDriverLine | null;
  end: boolean;
  error: MemoryDriverErrorLine | null;
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Validates the stdout of `ngcc-perf-driver memory` with zod. A line that is not a JSON object
 * with `v` is skipped (a library's own output); a `v` other than 1 means the driver was built
 * from another version; lines of types other than `memory`, `end` and `error` are ignored
 * (the protocol may add some).
 *
 * @param stdout - everything the driver wrote on stdout.
 * @param source - who wrote it, for messages (the command line).
 * @returns the `memory`, `end` and `error` lines found.
 * @throws {@link RssError} `DRIVER_VERSION` for `v` ≠ 1 (rebuild native/ with `npm run build`);
 *   `PROTOCOL` for a `memory`, `end` or `error` line that does not match native/PROTOCOL.md.
 * @remarks Source: native/PROTOCOL.md, "ngcc-perf-driver memory".
 * @example
 * ```ts
 * const { memory } = parseMemoryDriverOutput(stdout, 'ngcc-perf-driver memory libsm3.so 256 64');
 * console.log(memory?.stackHighWaterBytes);
 * ```
 */
export function parseMemoryDriverOutput(stdout: string, source: string): MemoryDriverOutput {
  const output: MemoryDriverOutput = { memory: null, end: false, error: null };
  stdout.split('\n').forEach((text, index) => {
    const value = text.trim() === '' ? null : parseObject(text);
    if (value === null || !('v' in value)) return;
    if (value.v !== MEMORY_PROTOCOL_VERSION) {
      throw new RssError(
        'DRIVER_VERSION',
        `${source}: stdout line ${index + 1} speaks protocol version ${JSON.stringify(value.v)}, @ngcc-perf/rss speaks ` +
          `${MEMORY_PROTOCOL_VERSION}. Rebuild native/ with "npm run build" so the driver matches.`,
      );
    }
    const type = value.type;
    if (type !== 'memory' && type !== 'end' && type !== 'error') return;
    const parsed = SCHEMAS[type].safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new RssError(
        'PROTOCOL',
        `${source}: stdout line ${index + 1} is not a valid "${type}" line (${issue?.path.join('.') || 'line'}: ` +
          `${issue?.message ?? 'invalid'}): ${text.slice(0, 200)}. Rebuild native/ with "npm run build"; if it ` +
          'persists, the driver and native/PROTOCOL.md disagree.',
        { cause: parsed.error },
      );
    }
    if (parsed.data.type === 'memory') output.memory = parsed.data;
    else if (parsed.data.type === 'end') output.end = true;
    else output.error = parsed.data;
  });
  return output;
}
