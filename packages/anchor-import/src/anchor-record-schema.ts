import { z } from 'zod';
import { anchorEnvironmentSchema, sysfsIntegerText } from './anchor-environment-schema.js';

/**
 * A file-name-safe id: candidate ids and instance labels become path components.
 *
 * @example
 * ```ts
 * anchorPathComponent.parse('litchi_512'); // ok; '../x' is rejected
 * ```
 */
export const anchorPathComponent = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._+-]*$/,
    'expected a name made of letters, digits and . _ + - (it becomes a file name)',
  );

/**
 * A SHA-256 as the anchor writes it: 64 lower-case hex digits.
 *
 * @example
 * ```ts
 * anchorSha256.parse('c5bd8caeb1f991d056ae23cf261ee0651537db2f76df3be5dffa8c1e6e1164cd');
 * ```
 */
export const anchorSha256 = z.string().regex(/^[0-9a-f]{64}$/, 'expected 64 lower-case hex digits');

const count = z.number().int().nonnegative();

/**
 * One TRIAL line of the anchor's driver: `measurements` calls in `seconds`, and `cycles` from
 * perf_event (0 when the counter could not be opened; absent in records that never had it).
 * Units: calls, seconds (CLOCK_MONOTONIC_RAW), core cycles.
 *
 * @example
 * ```ts
 * anchorTrialSchema.parse({ measurements: 20000, seconds: 0.02281427, cycles: 61340123 });
 * ```
 */
export const anchorTrialSchema = z.looseObject({
  measurements: z.number().int().positive(),
  seconds: z.number().nonnegative(),
  cycles: count.nullish(),
});

/** One anchor trial. */
export type AnchorTrial = z.infer<typeof anchorTrialSchema>;

/** The META lines of one driver process: every value is text; the numeric ones are checked. */
const anchorMetaSchema = z
  .object({
    input_bytes: sysfsIntegerText.optional(),
    digest_bytes: sysfsIntegerText.optional(),
    baseline_rss_bytes: sysfsIntegerText.optional(),
    peak_rss_bytes: sysfsIntegerText.optional(),
    warmups: sysfsIntegerText.optional(),
    measurement_count: sysfsIntegerText.optional(),
    cpu_cycles_available: z.enum(['yes', 'no']).optional(),
  })
  .catchall(z.string());

/**
 * One driver process of a record: a completed run (`status`, `exit_code`, `meta`, `trials`,
 * `stderr`), a hard timeout (`timeout_s`, no meta or trials), or a reused calibration. META
 * values are text; the numeric ones must be integers.
 *
 * @example
 * ```ts
 * anchorProcessSchema.parse({ status: 'hard_timeout', timeout_s: 400, command: ['taskset', '-c', '3', 'performance/ngcc_perf'], wall_s: 400.2 });
 * ```
 */
export const anchorProcessSchema = z.looseObject({
  status: z.string().min(1),
  exit_code: z.number().int().nullish(),
  meta: anchorMetaSchema.optional(),
  trials: z.array(anchorTrialSchema).optional(),
  stderr: z.string().optional(),
  command: z.array(z.string()).min(1),
  wall_s: z.number().nonnegative(),
  disturbed_retries: count.optional(),
  timeout_s: z.number().nonnegative().optional(),
  reused_calibration: z.boolean().optional(),
});

/** One anchor driver process. */
export type AnchorProcess = z.infer<typeof anchorProcessSchema>;

const nullableNumber = z.number().nullable().optional();

/**
 * Zod schema of `records/<id>/<label>__<op>.json`, record schema 2 of the ngcc-harness
 * (`performance/campaign.py`, phase measure). `status` is `complete` or `failed_or_partial`;
 * the figures after `processes` exist only when some trial was recorded, and the cycle figures
 * are `null` when a trial has no cycle count. Unknown fields are kept.
 *
 * @example
 * ```ts
 * const record = anchorRecordSchema.parse(JSON.parse(readFileSync('records/hash-15/litchi_512__hash_32.json', 'utf8')));
 * ```
 */
export const anchorRecordSchema = z.looseObject({
  schema: z.literal(2, { error: 'expected 2 (this importer reads ngcc-harness record schema 2)' }),
  status: z.enum(['complete', 'failed_or_partial']),
  candidate: anchorPathComponent,
  label: anchorPathComponent,
  instance: z.string().nullish(),
  variant: z.string().min(1),
  flags: z.string(),
  operation: z.string().min(1),
  input_bytes: count,
  plan: z.looseObject({
    iterations_per_trial: z.number().int().positive(),
    warmups: count,
    trials: z.number().int().positive(),
    separate_processes: z.boolean(),
    estimated_s: z.number().nonnegative(),
    timeout_per_process_s: z.number().positive(),
  }),
  kat: z.string().nullish(),
  kat_not_passed: z.boolean().optional(),
  disturbed_retries: count,
  library: z.string().min(1),
  library_sha256: anchorSha256,
  kat_log: z.string().nullish(),
  kat_log_sha256: anchorSha256.nullish(),
  started_utc: z.iso.datetime({ offset: true }),
  ended_utc: z.iso.datetime({ offset: true }),
  load_average_start: z.tuple([z.number(), z.number(), z.number()]).nullish(),
  load_average_end: z.tuple([z.number(), z.number(), z.number()]).nullish(),
  environment: anchorEnvironmentSchema.nullish(),
  processes: z.array(anchorProcessSchema),
  trials: z.array(anchorTrialSchema).optional(),
  measurements: count.optional(),
  guide_100_measurements_met: z.boolean().optional(),
  mean_seconds: z.number().optional(),
  median_trial_seconds: z.number().optional(),
  min_trial_seconds: z.number().optional(),
  max_trial_seconds: z.number().optional(),
  mean_cycles: nullableNumber,
  median_trial_cycles: nullableNumber,
  operations_per_second: nullableNumber,
  throughput_MB_per_second: nullableNumber,
  sizes: z.record(z.string(), count).optional(),
  kex: z.record(z.string(), count).optional(),
  build_flags: z.string().nullish(),
  baseline_rss_bytes: count.optional(),
  peak_rss_bytes: count.optional(),
  timing_scope: z.string().nullish(),
});

/** A validated anchor record (schema 2). */
export type AnchorRecord = z.infer<typeof anchorRecordSchema>;
