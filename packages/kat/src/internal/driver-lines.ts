// The one place that validates what `ngcc-perf-driver kat` prints on stdout (native/PROTOCOL.md, version 1).
import { z } from 'zod';
import { KatError } from '../kat-error.js';

export const DRIVER_PROTOCOL_VERSION = 1;

const hex = z.string().regex(/^[0-9A-F]*$/);
const count = z.number().int().nonnegative();

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

const recordLine = z.object({
  v: z.literal(1),
  type: z.literal('kat-record'),
  index: count,
  bits: count,
  msgHex: hex.optional(),
  headHex: hex.length(16).optional(),
  tailHex: hex.length(16).optional(),
  seeded: z.boolean().optional(),
  iterations: count.optional(),
  dstHex: hex,
});

const endLine = z.object({
  v: z.literal(1),
  type: z.literal('end'),
  count,
  cryptHashCalls: count,
  cryptHashSeconds: z.number().nonnegative(),
  drbgSeconds: z.number().nonnegative(),
  peakRssBytes: count.nullable(),
});

const errorLine = z.object({
  v: z.literal(1),
  type: z.literal('error'),
  code: z.string(),
  message: z.string(),
  index: count.optional(),
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

const katModeLine = z.discriminatedUnion('type', [metaLine, recordLine, endLine, errorLine]);

/** A validated stdout line of `kat` mode. */
export type KatModeLine = z.infer<typeof katModeLine>;
export type KatMetaLine = z.infer<typeof metaLine>;
export type KatRecordLine = z.infer<typeof recordLine>;
export type KatEndLine = z.infer<typeof endLine>;
export type KatErrorLine = z.infer<typeof errorLine>;

/** The lines of one run: protocol lines, and stdout lines that were not JSON (printed by the library). */
export interface ParsedDriverOutput {
  meta: KatMetaLine | null;
  records: KatRecordLine[];
  end: KatEndLine | null;
  error: KatErrorLine | null;
  strayLines: number;
}

const REBUILD = 'Rebuild native/ with `npm run build` at the repository root.';

const HEX = /^[0-9A-F]*$/;
const RECORD_KEYS: Record<string, 'count' | 'hex' | 'hex16' | 'boolean' | 'seconds'> = {
  index: 'count', bits: 'count', msgHex: 'hex', headHex: 'hex16', tailHex: 'hex16', seeded: 'boolean',
  iterations: 'count', dstHex: 'hex', generateSeconds: 'seconds',
};

function fieldProblem(kind: (typeof RECORD_KEYS)[string], value: unknown): string | null {
  switch (kind) {
    case 'count': return Number.isSafeInteger(value) && (value as number) >= 0 ? null : 'expected a whole number';
    case 'hex': return typeof value === 'string' && HEX.test(value) ? null : 'expected upper-case hex';
    case 'hex16': return typeof value === 'string' && value.length === 16 && HEX.test(value) ? null : 'expected 16 upper-case hex digits';
    case 'boolean': return typeof value === 'boolean' ? null : 'expected true or false';
    case 'seconds': return typeof value === 'number' && value >= 0 ? null : 'expected seconds';
  }
}

/**
 * The `kat-record` lines (thousands per file) are checked by hand against the same rules as the
 * zod schema `recordLine` — several times faster, which keeps `ngcc-perf kat` close to the time
 * spent inside CryptHash. Unknown fields are dropped, as zod does.
 */
function checkRecordLine(value: Record<string, unknown>, lineNumber: number, driverPath: string): KatRecordLine {
  const line: Record<string, unknown> = { v: 1, type: 'kat-record' };
  for (const [key, kind] of Object.entries(RECORD_KEYS)) {
    const field = value[key];
    const required = key === 'index' || key === 'bits' || key === 'dstHex';
    if (field === undefined && !required) continue;
    const problem = fieldProblem(kind, field);
    if (problem !== null) {
      throw new KatError('DRIVER_PROTOCOL', `${driverPath} stdout line ${lineNumber}: not a valid kat-mode line (${key}: ${problem}). ${REBUILD}`);
    }
    if (key !== 'generateSeconds') line[key] = field;
  }
  return line as KatRecordLine;
}

function parseLine(text: string, lineNumber: number, driverPath: string): KatModeLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new KatError('DRIVER_PROTOCOL', `${driverPath} stdout line ${lineNumber}: not JSON (${text.slice(0, 80)}). ${REBUILD}`, { cause: error });
  }
  const version = typeof value === 'object' && value !== null ? (value as { v?: unknown }).v : undefined;
  if (version !== DRIVER_PROTOCOL_VERSION) {
    throw new KatError(
      'DRIVER_VERSION',
      `${driverPath} speaks protocol version ${JSON.stringify(version)}, but @ngcc-perf/kat needs version ${DRIVER_PROTOCOL_VERSION}. ${REBUILD}`,
    );
  }
  if ((value as { type?: unknown }).type === 'kat-record') return checkRecordLine(value as Record<string, unknown>, lineNumber, driverPath);
  const parsed = katModeLine.safeParse(value);
  if (!parsed.success) {
    const problem = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'line'}: ${issue.message}`).join('; ');
    throw new KatError('DRIVER_PROTOCOL', `${driverPath} stdout line ${lineNumber}: not a valid kat-mode line (${problem}). ${REBUILD}`, { cause: parsed.error });
  }
  return parsed.data;
}

/**
 * Parses and validates every stdout line. Lines that do not start with `{` are counted as stray
 * output (the driver sends the library's own stdout to stderr, so there should be none); every
 * other line must be protocol-1 JSON of `kat` mode.
 */
export function parseDriverOutput(stdout: string, driverPath: string): ParsedDriverOutput {
  const out: ParsedDriverOutput = { meta: null, records: [], end: null, error: null, strayLines: 0 };
  let lineNumber = 0;
  for (const raw of stdout.split('\n')) {
    lineNumber += 1;
    const text = raw.trim();
    if (text.length === 0) continue;
    if (!text.startsWith('{')) {
      out.strayLines += 1;
      continue;
    }
    const line = parseLine(text, lineNumber, driverPath);
    if (line.type === 'kat-meta') out.meta = line;
    else if (line.type === 'kat-record') out.records.push(line);
    else if (line.type === 'end') out.end = line;
    else out.error ??= line;
  }
  return out;
}
