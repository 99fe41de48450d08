// The one place that validates what `ngcc-perf-driver hash` prints on stdout (native/PROTOCOL.md, version 1).
import { z } from 'zod';
import { KatError } from '../kat-error.js';

export const DRIVER_PROTOCOL_VERSION = 1;

const digestLine = z.object({
  v: z.literal(1),
  type: z.literal('digest'),
  index: z.number().int().nonnegative(),
  bits: z.number().int().nonnegative(),
  hex: z.string().regex(/^[0-9A-Fa-f]*$/),
});

const endLine = z.object({
  v: z.literal(1),
  type: z.literal('end'),
  count: z.number().int().nonnegative(),
});

const errorLine = z.object({
  v: z.literal(1),
  type: z.literal('error'),
  code: z.string(),
  message: z.string(),
  index: z.number().int().nonnegative().optional(),
  messageBits: z.number().int().nonnegative().optional(),
  returnCode: z.number().int().optional(),
  buffer: z.enum(['digest', 'message', 'message-content']).optional(),
  side: z.enum(['before', 'after']).optional(),
  guardOffset: z.number().int().nonnegative().optional(),
  offset: z.number().int().nonnegative().optional(),
});

const hashModeLine = z.discriminatedUnion('type', [digestLine, endLine, errorLine]);

/** A validated stdout line of `hash` mode. */
export type HashModeLine = z.infer<typeof hashModeLine>;

/** The lines of one run: protocol lines, and stdout lines that were not JSON (printed by the library). */
export interface ParsedDriverOutput {
  lines: HashModeLine[];
  strayLines: number;
}

const REBUILD = 'Rebuild native/ with `npm run build` at the repository root.';

/**
 * Parses and validates every stdout line. Lines that do not start with `{` are counted as
 * stray output of the library and skipped; every other line must be protocol-1 JSON.
 */
export function parseDriverOutput(stdout: string, driverPath: string): ParsedDriverOutput {
  const lines: HashModeLine[] = [];
  let strayLines = 0;
  let lineNumber = 0;
  for (const raw of stdout.split('\n')) {
    lineNumber += 1;
    const text = raw.trim();
    if (text.length === 0) continue;
    if (!text.startsWith('{')) {
      strayLines += 1;
      continue;
    }
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
    const parsed = hashModeLine.safeParse(value);
    if (!parsed.success) {
      const problem = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'line'}: ${issue.message}`).join('; ');
      throw new KatError('DRIVER_PROTOCOL', `${driverPath} stdout line ${lineNumber}: not a valid hash-mode line (${problem}). ${REBUILD}`, { cause: parsed.error });
    }
    lines.push(parsed.data);
  }
  return { lines, strayLines };
}
