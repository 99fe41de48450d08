import { z } from 'zod';
import { perCallFiguresSchema } from './per-call-schema.js';

const count = z.number().int().nonnegative();

/**
 * Zod schema of one trial: `ticks` counter ticks and `seconds` of CLOCK_MONOTONIC_RAW around
 * `iterations` calls (guide §3.4), with what the driver saw of the scheduler during the loop
 * (@ngcc-perf/native/PROTOCOL.md, the `trial` line). Only the first three are required: records imported from
 * another harness have no more.
 *
 * @example
 * ```ts
 * trialSchema.parse({ iterations: 20000, seconds: 0.0228, ticks: 61340123 });
 * ```
 */
export const trialSchema = z.object({
  /** Timed calls. */
  iterations: z.number().int().positive(),
  /** CLOCK_MONOTONIC_RAW around the whole loop, seconds. */
  seconds: z.number().positive(),
  /** Counter difference around the whole loop, ticks (core cycles only for a `core-cycles` counter). */
  ticks: z.number().nonnegative(),
  /** Context switches forced on the process during the loop (getrusage). */
  involuntarySwitches: count.optional(),
  /** Context switches the process asked for during the loop (getrusage). */
  voluntarySwitches: count.optional(),
  /** CPU after the loop (`sched_getcpu`); null when the driver could not tell. */
  cpuAfter: count.nullish(),
  /** CPU migrations during the loop, when the driver reports them (null: it tried and could not count). */
  migrations: count.nullish(),
  /**
   * Nanoseconds the process was runnable but waiting for a CPU during the loop (the run delay of
   * /proc/self/schedstat), when the driver could read it. The counter kept ticking meanwhile.
   */
  runDelayNs: z.number().nonnegative().optional(),
  /** Calls timed right after the loop (`--warm-check`, calibration only); never part of the trial's figures. */
  warmCheck: z
    .object({ iterations: z.number().int().positive(), seconds: z.number().nonnegative(), ticks: z.number() })
    .optional(),
  /** Present for `per-call` trials. */
  perCall: perCallFiguresSchema.optional(),
  /**
   * Failed attempts the timed calls retried (a public-key signature's `sig_sign` that returned an
   * error and was called again, each retry inside the timed call): the driver's `trial.retries`
   * (@ngcc-perf/native/PROTOCOL.md `op-time`). Absent for categories that do not retry.
   */
  retries: count.optional(),
});

/** One timed trial. */
export type Trial = z.infer<typeof trialSchema>;

/**
 * Zod schema of why a trial attempt counts as disturbed (guide §3.4 and the run-delay rule of
 * @ngcc-perf/timing/README.md): `slow-clock` (core cycles / seconds below 95 % of the fixed core
 * clock), `context-switch` (involuntary switches during the loop), `migration` (the process
 * changed CPU during the loop).
 */
export const disturbanceCodeSchema = z.enum(['slow-clock', 'context-switch', 'migration']);

/** A disturbance's code. */
export type DisturbanceCode = z.infer<typeof disturbanceCodeSchema>;

/** Zod schema of one disturbance of a trial attempt. */
export const disturbedReasonSchema = z.object({
  code: disturbanceCodeSchema,
  /** One sentence with the figures, e.g. `preempted 3 time(s) during the loop`. */
  message: z.string(),
  /** True when the policy reruns a trial for this reason; false when it is only flagged. */
  rerun: z.boolean(),
});

/** One disturbance of a trial attempt. */
export type DisturbedReason = z.infer<typeof disturbedReasonSchema>;

/**
 * Zod schema of why a disturbed attempt was kept instead of being rerun: `max-attempts` (3
 * attempts used), `budget` (another process would overrun the operation's budget), `futile` (a
 * rerun for a context switch was preempted again, so context switches are only flagged from then on).
 */
export const rerunStopSchema = z.enum(['max-attempts', 'budget', 'futile']);

/** Why a disturbed attempt was kept. */
export type RerunStop = z.infer<typeof rerunStopSchema>;

/** Zod schema of an attempt of a trial that was disturbed, discarded and rerun (kept as evidence). */
export const discardedAttemptSchema = z.object({
  /** 1-based attempt number. */
  attempt: z.number().int().positive(),
  /** CPU the loop started on, or null. */
  cpu: count.nullable(),
  /** Spawn to exit, seconds. */
  wallSeconds: z.number().nonnegative(),
  trial: trialSchema,
  disturbedReasons: z.array(disturbedReasonSchema),
});

/** A discarded attempt of a trial. */
export type DiscardedAttempt = z.infer<typeof discardedAttemptSchema>;

/**
 * Zod schema of how a driver process failed. The codes follow the driver's exit codes and SPEC
 * §4's verdicts: `CRASH` (killed by a signal), `TIMEOUT` (killed by the harness, or the driver's own
 * `op-time --timeout` ended the run: exit 12), `CRYPTOFAIL`, `OVERFLOW`, `LOADFAIL`, `USAGE`, `IO`,
 * `CHECKFAIL` (a functional check of a public-key set-up object failed: exit 11; the driver's
 * `error` line), `EXIT` (another non-zero exit), `INCOMPLETE` (exit 0 without `meta`, `trial` and
 * `end` lines, e.g. the library called `exit()`).
 */
export const processFailureCodeSchema = z.enum([
  'CRASH',
  'TIMEOUT',
  'CRYPTOFAIL',
  'OVERFLOW',
  'LOADFAIL',
  'USAGE',
  'IO',
  'CHECKFAIL',
  'EXIT',
  'INCOMPLETE',
]);

/** A process failure's code. */
export type ProcessFailureCode = z.infer<typeof processFailureCodeSchema>;

/** Zod schema of why one driver process produced no trial. */
export const processFailureSchema = z.object({
  code: processFailureCodeSchema,
  /** One sentence naming what happened. */
  message: z.string(),
  /** The signal that ended the process, for `CRASH` and `TIMEOUT`. */
  signal: z.string().optional(),
  /** The end of the driver's stderr (at most 2000 characters), when it wrote any. */
  stderr: z.string().optional(),
});

/** Why one driver process produced no trial. */
export type ProcessFailure = z.infer<typeof processFailureSchema>;

/**
 * Zod schema of one driver process of a record (@ngcc-perf/record/docs/RUN-DIRECTORY.md, `processes[]`): its
 * command (paths relative to the run directory), CPU, exit, RSS figures in bytes, its trial
 * (`null` when it produced none), and, when there were any, its disturbances, the attempts it
 * replaced and its failure.
 *
 * @example
 * ```ts
 * const process = processEntrySchema.parse(record.processes[0]);
 * ```
 */
export const processEntrySchema = z.object({
  /** argv as run: driver, `time`, library, digest bits, message bytes, iterations, warm-ups, options. */
  command: z.array(z.string()),
  /** CPU the timed loop started on (`sched_getcpu`), or null when the driver did not say. */
  cpu: count.nullable(),
  /** Exit code, or null when a signal ended the process. */
  exitCode: z.number().int().nullable(),
  /** Spawn to exit, seconds. */
  wallSeconds: z.number().nonnegative(),
  /** Runs of this trial: 1, or more when a disturbed trial was rerun (at most 3). */
  attempts: z.number().int().positive(),
  /** Resident bytes after load and buffer set-up, before warm-ups (guide §3.1). */
  baselineRssBytes: count.nullable(),
  /** VmHWM of the driver at its end, bytes (guide §3.1). */
  peakRssBytes: count.nullable(),
  /** The trial's figures; null when the process failed. */
  trial: trialSchema.nullable(),
  /** Every disturbance of the kept attempt, also those only flagged (absent when there were none). */
  disturbedReasons: z.array(disturbedReasonSchema).optional(),
  /** Present, and `true`, when the kept attempt has a disturbance the policy reruns for. */
  disturbed: z.literal(true).optional(),
  /** Why that disturbed attempt was kept. */
  rerunStopped: rerunStopSchema.optional(),
  /** The disturbed attempts before the kept one, oldest first (absent when the first attempt was kept). */
  discardedAttempts: z.array(discardedAttemptSchema).optional(),
  /** Present when the process failed. */
  failure: processFailureSchema.optional(),
  /**
   * Failed attempts retried over the whole process — set-up objects, warm-ups, timed calls and
   * warm check — (the driver's `end.retries`); absent for categories that do not retry.
   */
  retries: count.optional(),
});

/** One driver process of a record. */
export type ProcessEntry = z.infer<typeof processEntrySchema>;
