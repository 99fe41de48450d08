// The one place that validates what `ngcc-perf-driver pk-kat` prints on stdout (@ngcc-perf/native/PROTOCOL.md,
// `pk-kat`, version 1), through kat's one reading of a mode's lines.
import { z } from 'zod';
import { count, endLineBase, errorLineBase, readModeLines } from '../internal/read-mode-lines.js';

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

/** The shortest and longest length the calls wrote to one output over the records, bytes. */
const writtenLengths = z.object({ min: count, max: count });

const endLine = endLineBase.extend({
  calls: count,
  callSeconds: z.number().nonnegative(),
  checkFailures: count,
  /** By output (`pk`, `ct`, `sn`, `m1`, `messages`, `bandwidth`, …); drivers before it leave it out. */
  written: z.record(z.string(), writtenLengths).optional(),
});

const errorLine = errorLineBase.extend({
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
 *   does not match @ngcc-perf/native/PROTOCOL.md).
 */
export function parsePkDriverOutput(stdout: string, source: string): PkDriverOutput {
  const { meta, records, end, error } = readModeLines(stdout, source, {
    mode: 'pk-kat',
    meta: { type: 'pk-kat-meta', schema: metaLine },
    record: { type: 'pk-kat-record', schema: recordLine },
    end: endLine,
    error: errorLine,
  });
  return { meta, records, end, error };
}
