// The one place that validates what `ngcc-perf-driver pk-kat` prints on stdout (native/PROTOCOL.md,
// `pk-kat`, version 1), through @ngcc-perf/native's one envelope parser.
import { parseDriverOutput as parseDriverLines } from '@ngcc-perf/native';
import { z } from 'zod';
import { KatError } from '../kat-error.js';

const count = z.number().int().nonnegative();

const metaLine = z.object({
  v: z.literal(1),
  type: z.literal('pk-kat-meta'),
  category: z.enum(['kem', 'sig', 'kex']),
  file: z.string().regex(/^KAT_(KEM|SIG|KEX)_[A-Za-z0-9_-]{1,64}\.txt$/),
  instance: z.string(),
  records: count,
  blankLengths: z.boolean(),
  getters: z.record(z.string(), count),
  iccs: z.record(z.string(), z.enum(['instance', 'driver'])),
  maxMemoryBytes: count.nullable(),
});

const check = z.object({ name: z.string(), ok: z.boolean(), failure: z.string().optional() });

const recordLine = z.object({
  v: z.literal(1),
  type: z.literal('pk-kat-record'),
  index: count,
  text: z.string(),
  checks: z.array(check),
});

const endLine = z.object({
  v: z.literal(1),
  type: z.literal('end'),
  count,
  calls: count,
  callSeconds: z.number().nonnegative(),
  checkFailures: count,
  peakRssBytes: count.nullable(),
});

const errorLine = z.object({
  v: z.literal(1),
  type: z.literal('error'),
  code: z.string(),
  message: z.string(),
  index: count.optional(),
  function: z.string().optional(),
  partialText: z.string().optional(),
  stage: z.string().optional(),
});

export type PkMetaLine = z.infer<typeof metaLine>;
export type PkRecordLine = z.infer<typeof recordLine>;
export type PkEndLine = z.infer<typeof endLine>;
export type PkErrorLine = z.infer<typeof errorLine>;

/** The lines of one `pk-kat` run. */
export interface PkDriverOutput {
  meta: PkMetaLine | null;
  records: PkRecordLine[];
  end: PkEndLine | null;
  error: PkErrorLine | null;
}

/**
 * Parses and validates the stdout of `ngcc-perf-driver pk-kat`.
 * @throws {KatError} `DRIVER_VERSION` (another protocol version), `DRIVER_PROTOCOL` (a line that
 *   does not match native/PROTOCOL.md).
 */
export function parsePkDriverOutput(stdout: string, source: string): PkDriverOutput {
  const makeError = (code: 'DRIVER_VERSION' | 'PROTOCOL', message: string, cause?: unknown): KatError =>
    new KatError(code === 'PROTOCOL' ? 'DRIVER_PROTOCOL' : code, message, cause === undefined ? undefined : { cause });
  const parsed = parseDriverLines(stdout, {
    source,
    schemas: { 'pk-kat-meta': metaLine, 'pk-kat-record': recordLine, end: endLine },
    makeError,
  });
  const out: PkDriverOutput = { meta: null, records: [], end: null, error: null };
  for (const line of parsed.lines) {
    if (line.type === 'pk-kat-meta') out.meta = line;
    else if (line.type === 'pk-kat-record') out.records.push(line);
    else if (line.type === 'end') out.end = line;
  }
  if (parsed.error !== null) {
    const error = errorLine.safeParse(parsed.error);
    if (!error.success) {
      throw makeError(
        'PROTOCOL',
        `${source}: the error line is not valid in pk-kat mode. Rebuild the driver.`,
        error.error,
      );
    }
    out.error = error.data;
  }
  return out;
}
