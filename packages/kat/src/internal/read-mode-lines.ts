// The one reading of a KAT mode's JSON-Lines output (`kat`, `pk-kat`; @ngcc-perf/native/PROTOCOL.md): the
// envelope goes through @ngcc-perf/native's one parser, this sorts a mode's meta, record, end and
// error lines and checks the error line against the fields the mode gives it.
import { parseDriverOutput as parseDriverLines, type LineSchema } from '@ngcc-perf/native';
import { z } from 'zod';
import { KatError } from '../kat-error.js';

/** What to do when the driver's lines do not match this harness (kat's messages end with it). */
export const REBUILD_DRIVER = 'Rebuild the driver: run "npm run build" in a checkout, or unset NGCC_PERF_DRIVER.';

/** A whole number of at least 0 (counts, indexes, bytes). */
export const count = z.number().int().nonnegative();

/** What every mode's `end` line has: the record count and the peak RSS in bytes (null: not measured). */
export const endLineBase = z.object({
  v: z.literal(1),
  type: z.literal('end'),
  count,
  peakRssBytes: count.nullable(),
});

/** What every mode's `error` line has: the exit code's name, the sentence, the record index when there is one. */
export const errorLineBase = z.object({
  v: z.literal(1),
  type: z.literal('error'),
  code: z.string(),
  message: z.string(),
  index: count.optional(),
});

/** The line schemas of one mode. */
export interface ModeLineSchemas<M, R, E, X> {
  /** The mode as the driver's subcommand is named, for messages (`kat`, `pk-kat`). */
  mode: string;
  meta: { type: string; schema: LineSchema<M> };
  record: { type: string; schema: LineSchema<R> };
  end: LineSchema<E>;
  error: LineSchema<X>;
}

/** The lines of one run of a mode, and the number of stdout lines that were not protocol lines. */
export interface ModeLines<M, R, E, X> {
  meta: M | null;
  records: R[];
  end: E | null;
  error: X | null;
  strayLines: number;
}

/**
 * Parses a mode's stdout: the last meta and end line, the records in order, the first error line
 * checked against the mode's error schema; lines of other types are skipped.
 * @param source - who wrote it (the driver path), for messages.
 * @throws {KatError} `DRIVER_VERSION` (another protocol version), `DRIVER_PROTOCOL` (a line that
 *   does not match @ngcc-perf/native/PROTOCOL.md; the message names the line and field).
 */
export function readModeLines<M, R, E, X>(
  stdout: string,
  source: string,
  schemas: ModeLineSchemas<M, R, E, X>,
): ModeLines<M, R, E, X> {
  const makeError = (code: 'DRIVER_VERSION' | 'PROTOCOL', message: string, cause?: unknown): KatError =>
    new KatError(code === 'PROTOCOL' ? 'DRIVER_PROTOCOL' : code, message, cause === undefined ? undefined : { cause });
  const parsed = parseDriverLines(stdout, {
    source,
    schemas: {
      [schemas.meta.type]: schemas.meta.schema,
      [schemas.record.type]: schemas.record.schema,
      end: schemas.end,
    } as Record<string, LineSchema<unknown>>,
    makeError,
  });
  const out: ModeLines<M, R, E, X> = {
    meta: null,
    records: [],
    end: null,
    error: null,
    strayLines: parsed.strayLines.length,
  };
  for (const line of parsed.lines as { type: string }[]) {
    if (line.type === schemas.meta.type) out.meta = line as M;
    else if (line.type === schemas.record.type) out.records.push(line as R);
    else if (line.type === 'end') out.end = line as E;
  }
  if (parsed.error !== null) {
    const error = schemas.error.safeParse(parsed.error);
    if (!error.success) {
      const issue = error.error.issues[0];
      throw makeError(
        'PROTOCOL',
        `${source}: the error line is not valid in ${schemas.mode} mode (${issue?.path.map(String).join('.') || 'line'}: ${issue?.message ?? 'invalid'}). ${REBUILD_DRIVER}`,
        error.error,
      );
    }
    out.error = error.data;
  }
  return out;
}
