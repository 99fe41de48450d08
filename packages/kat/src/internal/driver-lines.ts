// The one place that validates what `ngcc-perf-driver kat` prints on stdout (@ngcc-perf/native/PROTOCOL.md, version 1).
import type { LineSchema } from '@ngcc-perf/native';
import { z } from 'zod';
import type { DriverKatRecord } from '../driver-runner.js';
import { count, endLineBase, errorLineBase, readModeLines } from './read-mode-lines.js';

const hex = z.string().regex(/^[0-9A-F]*$/);

const metaLine = z.object({
  v: z.literal(1),
  type: z.literal('kat-meta'),
  file: z.enum(['KAT_2_12', 'KAT_2_23', 'KAT_2_33', 'KAT_Loop']),
  seedHex: hex.length(128),
  records: count,
  messageBits: count,
  iterations: count.optional(),
  repeat: z.enum(['all', 'ends', 'none']),
  maxMemoryBytes: count.nullable(),
  testSizes: z.boolean(),
});

const endLine = endLineBase.extend({
  cryptHashCalls: count,
  cryptHashSeconds: z.number().nonnegative(),
  drbgSeconds: z.number().nonnegative(),
});

const errorLine = errorLineBase.extend({
  iteration: count.optional(),
  messageBits: count.optional(),
  returnCode: z.number().int().optional(),
  buffer: z.enum(['digest', 'message', 'message-content']).optional(),
  side: z.enum(['before', 'after']).optional(),
  guardOffset: count.optional(),
  offset: count.optional(),
  firstHex: hex.optional(),
  secondHex: hex.optional(),
});

export type KatMetaLine = z.infer<typeof metaLine>;
/** A `kat-record` line (checked by hand, see `recordCheck`): a {@link DriverKatRecord} in its envelope. */
export interface KatRecordLine extends DriverKatRecord {
  v: 1;
  type: 'kat-record';
}
export type KatEndLine = z.infer<typeof endLine>;
export type KatErrorLine = z.infer<typeof errorLine>;

/** The lines of one run: protocol lines, and the number of stdout lines that were not protocol lines (printed by the library). */
export interface ParsedDriverOutput {
  meta: KatMetaLine | null;
  records: KatRecordLine[];
  end: KatEndLine | null;
  error: KatErrorLine | null;
  strayLines: number;
}

const HEX = /^[0-9A-F]*$/;
const RECORD_KEYS: Record<string, 'count' | 'hex' | 'hex16' | 'boolean' | 'seconds'> = {
  index: 'count',
  bits: 'count',
  msgHex: 'hex',
  headHex: 'hex16',
  tailHex: 'hex16',
  seeded: 'boolean',
  iterations: 'count',
  dstHex: 'hex',
  generateSeconds: 'seconds',
};

function fieldProblem(kind: (typeof RECORD_KEYS)[string], value: unknown): string | null {
  switch (kind) {
    case 'count':
      return Number.isSafeInteger(value) && (value as number) >= 0 ? null : 'expected a whole number';
    case 'hex':
      return typeof value === 'string' && HEX.test(value) ? null : 'expected upper-case hex';
    case 'hex16':
      return typeof value === 'string' && value.length === 16 && HEX.test(value)
        ? null
        : 'expected 16 upper-case hex digits';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'expected true or false';
    case 'seconds':
      return typeof value === 'number' && value >= 0 ? null : 'expected seconds';
  }
}

/**
 * The `kat-record` lines (thousands per file) are checked by hand against the protocol's rules
 * for these fields — several times faster, which keeps `ngcc-perf kat` close to the time
 * spent inside CryptHash. Unknown fields are dropped, as zod does. It has zod's `safeParse` shape,
 * so `@ngcc-perf/native`'s parser takes it like a schema.
 */
const recordCheck: LineSchema<KatRecordLine> = {
  safeParse(value: unknown) {
    const fields = value as Record<string, unknown>;
    const line: Record<string, unknown> = { v: 1, type: 'kat-record' };
    for (const [key, kind] of Object.entries(RECORD_KEYS)) {
      const field = fields[key];
      const required = key === 'index' || key === 'bits' || key === 'dstHex';
      if (field === undefined && !required) continue;
      const problem = fieldProblem(kind, field);
      if (problem !== null) return { success: false, error: { issues: [{ path: [key], message: problem }] } };
      if (key !== 'generateSeconds') line[key] = field;
    }
    return { success: true, data: line as unknown as KatRecordLine };
  },
};

/**
 * Parses and validates every stdout line of `kat` mode through `@ngcc-perf/native`'s one envelope
 * parser (@ngcc-perf/native/PROTOCOL.md, "Reading the output"): lines that are not JSON objects with `v` are
 * counted as stray output (the driver keeps the library's own stdout off the protocol stream, so
 * there should be none); lines of types this mode does not know are skipped; the `error` line is checked against
 * the fields `kat` mode gives it.
 * @throws {KatError} `DRIVER_VERSION` (another protocol version: rebuild the driver),
 *   `DRIVER_PROTOCOL` (a line that does not match @ngcc-perf/native/PROTOCOL.md).
 */
export function parseDriverOutput(stdout: string, driverPath: string): ParsedDriverOutput {
  return readModeLines(stdout, driverPath, {
    mode: 'kat',
    meta: { type: 'kat-meta', schema: metaLine },
    record: { type: 'kat-record', schema: recordCheck },
    end: endLine,
    error: errorLine,
  });
}
