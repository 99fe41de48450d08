import { z } from 'zod';

/**
 * Zod schema of one constant-time finding in `build.json` (`ct.findings[]`): its kind, the function
 * and source line from the audited debug build, how it was found, the first message length (bits)
 * whose call raised it and how often it fired (memcheck only). Source: packages/ct README "Method".
 */
export const ctFindingSchema = z.object({
  kind: z.enum(['branch', 'memory-index', 'variable-latency']),
  function: z.string(),
  file: z.string().nullable(),
  line: z.number().int().positive().nullable(),
  source: z.enum(['memcheck', 'disassembly']),
  firstMessageBits: z.number().int().nonnegative().nullable(),
  occurrences: z.number().int().nonnegative().nullable(),
});

/** One constant-time finding. */
export type CtAuditFinding = z.infer<typeof ctFindingSchema>;

/**
 * Zod schema of an instance's constant-time audit in `build.json` (`ct`, written by the campaign's
 * `ct` phase; absent in runs made without it): the verdict (`unknown` with `reason` and `detail`),
 * the flags of the audited debug build, the findings, the message lengths of the taint run, the
 * dudect-style timing test's figures (evidence only) and the wall time of both parts in seconds.
 *
 * @example
 * ```ts
 * const audit = ctAuditSchema.parse(instance.ct);
 * ```
 */
export const ctAuditSchema = z.object({
  verdict: z.enum(['constant-time', 'secret-dependent', 'unknown']),
  reason: z.string().nullable(),
  detail: z.string().nullable(),
  auditedBuildFlags: z.string(),
  valgrindVersion: z.string().nullable(),
  messageBits: z.array(z.number().int().nonnegative()),
  findings: z.array(ctFindingSchema),
  taintSeconds: z.number().nonnegative().nullable(),
  timing: z
    .object({
      messageBits: z.number().int().nonnegative(),
      counter: z.string(),
      samplesCount: z.number().int().nonnegative(),
      maxAbsT: z.number().nonnegative(),
      thresholdAbsT: z.number().positive(),
      differenceSuspected: z.boolean(),
      seconds: z.number().nonnegative(),
    })
    .nullable(),
  timingDetail: z.string().nullable(),
  notes: z.array(z.string()),
});

/** An instance's constant-time audit (`build.json` `ct`). */
export type CtAudit = z.infer<typeof ctAuditSchema>;
