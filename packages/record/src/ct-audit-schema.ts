import { z } from 'zod';

/** Zod schema of a source place of the audited debug build: function and file:line (`file`/`line` null without line info). */
export const ctSourcePlaceSchema = z.object({
  function: z.string(),
  file: z.string().nullable(),
  line: z.number().int().positive().nullable(),
});

/**
 * Zod schema of one constant-time finding in `build.json` (`ct.findings[]`): its kind, the function
 * and source line of the load, jump or division from the audited debug build, how it was found, the
 * first message length (bits) whose call raised it and how often it fired (memcheck only), and where
 * the secret entered: `origin`, the nearest caller in the library's own code that passed the
 * message-derived value down (memcheck only; null in runs made before it was recorded), with the
 * library frames of its first report. Source: packages/ct README "Method".
 */
export const ctFindingSchema = z.object({
  kind: z.enum(['branch', 'memory-index', 'variable-latency']),
  function: z.string(),
  file: z.string().nullable(),
  line: z.number().int().positive().nullable(),
  source: z.enum(['memcheck', 'disassembly', 'division-probe']),
  firstMessageBits: z.number().int().nonnegative().nullable(),
  occurrences: z.number().int().nonnegative().nullable(),
  origin: ctSourcePlaceSchema.nullable().default(null),
  libraryFrames: z.array(ctSourcePlaceSchema).default([]),
  /** The audited operation that raised it (public-key audits: `dec`, `sign`, `derive-a`); absent for a hash. */
  operation: z.string().optional(),
});

/** One constant-time finding. */
export type CtAuditFinding = z.infer<typeof ctFindingSchema>;

/**
 * Zod schema of the dudect-style timing test of an audit (evidence only): the calls' counter, the
 * samples, the largest Welch |t| against its threshold, whether a difference was confirmed by the
 * repeat in the same direction, its size, and the minimum of samples asked for. Source:
 * packages/ct README "Method".
 */
const ctTimingSchema = z.object({
  messageBits: z.number().int().nonnegative(),
  counter: z.string(),
  samplesCount: z.number().int().nonnegative(),
  maxAbsT: z.number().nonnegative(),
  thresholdAbsT: z.number().positive(),
  /** |t| above the threshold in the test and in its repeat, in the same direction. */
  differenceSuspected: z.boolean(),
  seconds: z.number().nonnegative(),
  /** Which class was slower at the test of largest |t|; null below the threshold or in older runs. */
  direction: z.enum(['random-slower', 'fixed-slower']).nullable().default(null),
  /** Mean random minus mean fixed at that test, in ticks and in percent of the median call. */
  differenceTicks: z.number().nullable().default(null),
  differencePercent: z.number().nullable().default(null),
  /** The minimum number of samples asked for (scaled by the call's cost) and whether both runs reached it. */
  minSamplesCount: z.number().int().nonnegative().nullable().default(null),
  minSamplesReached: z.boolean().nullable().default(null),
  /** The repeat run that confirms the direction (null in older runs). */
  repeat: z
    .object({
      samplesCount: z.number().int().nonnegative(),
      maxAbsT: z.number().nonnegative(),
      direction: z.enum(['random-slower', 'fixed-slower']).nullable(),
    })
    .nullable()
    .default(null),
});

/**
 * Zod schema of an instance's constant-time audit in `build.json` (`ct`, written by the campaign's
 * `ct` phase; absent in runs made without it): the verdict (`unknown` with `reason` and `detail`,
 * e.g. `dispatch-hidden`), the flags of the audited debug build, the findings (each with the line
 * where the secret entered), the divisions of public values, the message lengths of the taint run,
 * the CPUID views compared, the method's limits for this result, the dudect-style timing test's
 * figures (evidence only: direction, size, repeat) and the wall time of both parts in seconds.
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
  /**
   * The operations audited instead of CryptHash (public-key categories): each with its secret
   * buffers (`sk`, `drng`, …) and in words what was secret and what public; absent for a hash.
   */
  operations: z
    .array(z.object({ operation: z.string(), secrets: z.array(z.string()), description: z.string() }))
    .optional(),
  /** What the audit of the category does not cover (public-key categories); absent for a hash. */
  coverageLimits: z.array(z.string()).optional(),
  findings: z.array(ctFindingSchema),
  taintSeconds: z.number().nonnegative().nullable(),
  timing: ctTimingSchema.nullable(),
  timingDetail: z.string().nullable(),
  /**
   * Every audited operation's timing test (public-key categories), in the order of `operations`:
   * the operation, in words what the fixed class is and what the random class draws, the figures
   * (null when the test did not run) and why not. `timing` repeats the first one's figures. Absent
   * for a hash and in runs recorded before it (their other operations' figures are in `notes`).
   */
  operationTimings: z
    .array(
      z.object({
        operation: z.string(),
        classes: z.string(),
        timing: ctTimingSchema.nullable(),
        timingDetail: z.string().nullable(),
      }),
    )
    .optional(),
  notes: z.array(z.string()),
  /**
   * The method's limits that apply to this result, e.g. that findings downstream of a memory-index
   * finding may be hidden, so the list is a lower bound (empty in older runs).
   */
  limits: z.array(z.string()).default([]),
  /** Divisions whose operands were public (or that never ran) at run time: listed, never findings. */
  publicDivisions: z
    .array(
      ctSourcePlaceSchema.extend({
        operands: z.enum(['public', 'not-reached']),
        executions: z.number().int().nonnegative(),
      }),
    )
    .default([]),
  /** The CPUID views compared for dispatch (`/proc/cpuinfo` names); null when not compared. */
  cpu: z
    .object({
      auditedFeatures: z.array(z.string()),
      nativeFeatures: z.array(z.string()),
      nativeSource: z.enum(['driver', 'proc-cpuinfo', 'given']),
      hiddenFeatures: z.array(z.string()),
      dispatchEvidence: z.array(z.string()),
    })
    .nullable()
    .default(null),
});

/** An instance's constant-time audit (`build.json` `ct`). */
export type CtAudit = z.infer<typeof ctAuditSchema>;
