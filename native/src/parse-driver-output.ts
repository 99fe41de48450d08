import {
  DRIVER_PROTOCOL_VERSION,
  driverEnvelopeSchema,
  driverErrorLineSchema,
  type DriverErrorLine,
} from './driver-protocol.js';
import { NativeError, type NativeErrorCode } from './native-error.js';

/** A problem found by a line check: where in the line, and what. Zod's issues have this shape. */
export interface LineIssue {
  path: PropertyKey[];
  message: string;
}

/**
 * Validates the payload of one line type. Every zod schema is one; a package may also pass a
 * hand-written check with the same `safeParse` shape for lines that come by the thousand.
 */
export interface LineSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly LineIssue[] } };
}

/** The line types a caller knows, each with its payload schema (`error` is handled here). */
export type LineSchemas = Record<string, LineSchema<unknown>>;

/** The validated line union of a {@link LineSchemas} map, plus the `error` line. */
export type ParsedLine<S extends LineSchemas> =
  { [K in keyof S]: S[K] extends LineSchema<infer T> ? T : never }[keyof S] | DriverErrorLine;

/** One driver's stdout, parsed. */
export interface ParsedDriverOutput<S extends LineSchemas> {
  /** Every line of a type in the schemas, and every `error` line, validated, in order. */
  lines: ParsedLine<S>[];
  /** The first `error` line, or null. */
  error: DriverErrorLine | null;
  /** Lines that are not a JSON object with `v` (a library's own output), as written. */
  strayLines: string[];
  /** Types of protocol lines the caller has no schema for, skipped (the protocol may add types within a version). */
  skippedTypes: string[];
}

/** Options of {@link parseDriverOutput}. */
export interface ParseDriverOutputOptions<S extends LineSchemas> {
  /** Who wrote the output, for messages (the command line). */
  source: string;
  /** The line types the caller reads, by `type`, with the schema of each. */
  schemas: S;
  /** Makes the thrown error (default: a {@link NativeError}); lets a package throw its own typed error with the same code. */
  makeError?: (
    code: Extract<NativeErrorCode, 'DRIVER_VERSION' | 'PROTOCOL'>,
    message: string,
    cause?: unknown,
  ) => Error;
}

const REBUILD =
  'Rebuild the driver: run "npm run build" in a checkout, or unset NGCC_PERF_DRIVER so that @ngcc-perf/native builds one that matches';

/**
 * The one parser of the driver's JSON-Lines envelope (PROTOCOL.md, "Reading the output").
 * Each non-empty stdout line is, in turn:
 * - **stray** when it is not a JSON object with a `v` field (returned in `strayLines`, never an error);
 * - a **version mismatch** when `v` is not {@link DRIVER_PROTOCOL_VERSION}: throws `DRIVER_VERSION`;
 * - an **`error` line**: validated (`code`, `message`, further fields kept) and returned;
 * - a line of a **known type** (in `schemas`): validated by its schema, or throws `PROTOCOL`;
 * - a line of an **unknown type**: skipped, its type listed in `skippedTypes`.
 *
 * @returns the lines in order, the first `error` line, the stray lines and the skipped types.
 * @throws {@link NativeError} (or what `makeError` makes) `DRIVER_VERSION`, `PROTOCOL`; the
 *   message names the source, the line number and the field, and says to rebuild the driver.
 * @example
 * ```ts
 * const end = z.object({ v: z.literal(1), type: z.literal('end'), count: z.number() });
 * const { lines, error } = parseDriverOutput('{"v":1,"type":"end","count":2}\n', { source: 'driver hash', schemas: { end } });
 * ```
 */
export function parseDriverOutput<S extends LineSchemas>(
  stdout: string,
  options: ParseDriverOutputOptions<S>,
): ParsedDriverOutput<S> {
  const fail = (code: 'DRIVER_VERSION' | 'PROTOCOL', message: string, cause?: unknown): Error =>
    options.makeError?.(code, message, cause) ??
    new NativeError(code, message, cause === undefined ? undefined : { cause });
  const output: ParsedDriverOutput<S> = { lines: [], error: null, strayLines: [], skippedTypes: [] };
  const texts = stdout.split('\n');
  for (let index = 0; index < texts.length; index += 1) {
    const text = texts[index] as string;
    if (text.trim() === '') continue;
    const value = parseObject(text);
    if (value === null || !('v' in value)) {
      output.strayLines.push(text);
      continue;
    }
    const where = `${options.source}: stdout line ${index + 1}`;
    if (value.v !== DRIVER_PROTOCOL_VERSION) {
      throw fail(
        'DRIVER_VERSION',
        `${where} speaks protocol version ${JSON.stringify(value.v)}, this ngcc-perf speaks ${DRIVER_PROTOCOL_VERSION}. ${REBUILD}.`,
      );
    }
    const envelope = driverEnvelopeSchema.safeParse(value);
    if (!envelope.success) {
      throw fail('PROTOCOL', `${where} has no "type": ${text.slice(0, 200)}. ${REBUILD}.`, envelope.error);
    }
    const type = envelope.data.type;
    const schema = type === 'error' ? driverErrorLineSchema : options.schemas[type];
    if (schema === undefined) {
      if (!output.skippedTypes.includes(type)) output.skippedTypes.push(type);
      continue;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw fail(
        'PROTOCOL',
        `${where} is not a valid "${type}" line (${issue?.path.map(String).join('.') || 'line'}: ${issue?.message ?? 'invalid'}): ` +
          `${text.slice(0, 200)}. ${REBUILD}; if it persists, the driver and PROTOCOL.md disagree.`,
        parsed.error,
      );
    }
    const line = parsed.data as ParsedLine<S>;
    if (type === 'error') output.error ??= line as DriverErrorLine;
    output.lines.push(line);
  }
  return output;
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
