import { z } from 'zod';
import { katIdentitySchema, katVerdictSchema } from './build-manifest-schema.js';
import { callMemorySchema } from './call-memory-schema.js';
import { hostProblemSchema } from './host-problem-schema.js';
import { instructionCountSchema } from './instruction-count-schema.js';
import { primitiveProfileSchema } from './primitive-profile-schema.js';
import { perCallSummarySchema } from './per-call-schema.js';
import { operationIdentitySchema } from './operation-identity-schema.js';
import { measurementPlanSchema } from './plan-schema.js';
import { processEntrySchema } from './process-schema.js';

/**
 * The `format` value of a timing record this package reads (@ngcc-perf/record/docs/RUN-DIRECTORY.md).
 *
 * @example
 * ```ts
 * if (json.format !== RECORD_FORMAT) throw new Error('not a format-1 record');
 * ```
 */
export const RECORD_FORMAT = 'ngcc-perf/record@1';

const count = z.number().int().nonnegative();
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'expected 64 lower-case hex digits');
const utcTimestamp = z.iso.datetime({ offset: true });
const loadAverage = z.tuple([z.number(), z.number(), z.number()]).nullable();

/**
 * Zod schema of the name of the counter a trial reads (guide §3.4, @ngcc-perf/native/PROTOCOL.md): PMU core
 * cycles where the kernel allows, else a fixed-rate counter — the x86-64 TSC (`tsc` read with
 * lfence/rdtsc/lfence, or `tscp` with rdtscp/lfence, only when forced with `--counter tscp`), the
 * arm64 virtual counter `cntvct`, or CLOCK_MONOTONIC_RAW in ns (`clock`).
 */
export const counterNameSchema = z.enum(['pmu-cycles', 'tsc', 'tscp', 'cntvct', 'clock']);

/** A counter's name (guide §3.4). */
export type CounterName = z.infer<typeof counterNameSchema>;

/** Zod schema of a counter's kind: `core-cycles` only for `pmu-cycles`; the others tick at a fixed rate and are not core cycles. */
export const counterKindSchema = z.enum(['core-cycles', 'fixed-rate']);

/** A counter's kind. */
export type CounterKind = z.infer<typeof counterKindSchema>;

/**
 * Zod schema of the counter a record's ticks come from (PROTOCOL.md, guide §3.4), with its measured
 * rate. The figures after `reason` are optional: drivers built before they were added leave them out.
 *
 * @example
 * ```ts
 * counterSchema.parse({ name: 'tsc', kind: 'fixed-rate', hz: 2095000000, reason: 'no PMU' });
 * ```
 */
export const counterSchema = z.object({
  name: counterNameSchema,
  kind: counterKindSchema,
  /** Σ ticks / Σ seconds over the completed trials, ticks per second; for a fixed-rate counter its frequency. */
  hz: z.number().positive().nullish(),
  /** Why a better counter was not taken (absent with `pmu-cycles`). */
  reason: z.string().nullish(),
  /** How it is read: `rdpmc`, `read`, `lfence-rdtsc-lfence`, `rdtscp-lfence`, `isb-mrs-cntvct_el0`, `clock_gettime`. */
  access: z.string().optional(),
  /** The rate the driver stated in its `meta` line, ticks per second, when it did. */
  driverHz: z.number().positive().optional(),
  /** Cost of one read: median difference of 1001 back-to-back reads, ticks. */
  overheadTicks: z.number().nonnegative().nullish(),
  /** Smallest non-zero difference among those reads, ticks. */
  resolutionTicks: z.number().nonnegative().nullish(),
});

/** Which counter produced a record's ticks, and at what rate (Hz). */
export type CounterInfo = z.infer<typeof counterSchema>;

/**
 * Zod schema of a record's derived figures (guide §3.4; formulas in @ngcc-perf/record/docs/RUN-DIRECTORY.md).
 *
 * @example
 * ```ts
 * const derived = derivedFiguresSchema.parse(record.derived);
 * ```
 */
/**
 * Zod schema of a record's headline figure (`derived.headline`): `headlineFigure` of
 * `@ngcc-perf/stats` over the trials — the median of the trial means with the order-statistic
 * interval for a median and its exact coverage — and the same three figures per message byte
 * (null for L = 0). Ticks per call: cycles only with a core-cycle counter.
 *
 * @example
 * ```ts
 * const { medianCyclesPerByte, lowCyclesPerByte, highCyclesPerByte, coverage } = headlineSchema.parse(record.derived.headline);
 * ```
 */
export const headlineSchema = z.object({
  medianCycles: z.number().nonnegative(),
  lowCycles: z.number().nonnegative().nullable(),
  highCycles: z.number().nonnegative().nullable(),
  /** Exact coverage of [lowCycles, highCycles], a fraction (0.9375 for 5 trials); null with one trial. */
  coverage: z.number().min(0).max(1).nullable(),
  trialsCount: count,
  /** medianCycles / messageBytes; null for L = 0. */
  medianCyclesPerByte: z.number().nonnegative().nullable(),
  lowCyclesPerByte: z.number().nonnegative().nullable(),
  highCyclesPerByte: z.number().nonnegative().nullable(),
});

/** The headline figure of a record (`derived.headline`). */
export type RecordedHeadline = z.infer<typeof headlineSchema>;

export const derivedFiguresSchema = z.object({
  /** Timed calls over all trials. */
  n: z.number().int().positive(),
  /** Σ ticks / n. */
  meanCycles: z.number().nonnegative(),
  /** Σ seconds / n. */
  meanSeconds: z.number().positive(),
  /** meanCycles / messageBytes. */
  cyclesPerByte: z.number().nonnegative(),
  /** messageBytes · n / Σ seconds / 10^6 (decimal MB). */
  megabytesPerSecond: z.number().nonnegative(),
  /** n / Σ seconds. */
  opsPerSecond: z.number().nonnegative(),
  /** Median of the per-trial means (ticks / iterations). */
  medianTrialCycles: z.number().nonnegative(),
  minTrialCycles: z.number().nonnegative(),
  maxTrialCycles: z.number().nonnegative(),
  /** Sample standard deviation of the per-trial means; null with fewer than 2 trials. */
  sdTrialCycles: z.number().nonnegative().nullable(),
  /** Maximum over the trial processes; null when no process reported it. */
  baselineRssBytes: count.nullable(),
  /** Maximum over the trial processes; null when no process reported it. */
  peakRssBytes: count.nullable(),
  /**
   * Coefficient of variation of the per-trial means: sdTrialCycles / their mean, a fraction
   * (0.02 = 2 %); null with fewer than 2 trials or a zero mean.
   */
  cv: z.number().nonnegative().nullish(),
  /**
   * 95 % confidence interval of the mean per-call ticks from the trial means: mean ± t · sd / √k
   * with Student's t at k − 1 degrees of freedom (k trials); null with fewer than 2 trials. Its
   * centre is the mean of the trial means, equal to meanCycles when every trial ran the same
   * iterations (as timing's trials do).
   */
  ciLowCycles: z.number().nullish(),
  ciHighCycles: z.number().nullish(),
  /** 0-based indices (into the trials, = `processes[]`) of trial means outside Tukey's fences (1.5 × IQR). */
  outlierTrials: z.array(count).optional(),
  /**
   * Per-call quartiles: over the trials when every trial was timed per call (`source: 'trials'`),
   * else from the per-call sample process when one ran (`source: 'sample'`); else null.
   */
  perCall: perCallSummarySchema.nullish(),
  /** Sentences a reader should see next to the figures (high CV, outliers, disturbed trials); empty when none. */
  warnings: z.array(z.string()).optional(),
  /** The headline figure with its interval, per call and per byte ({@link headlineSchema}); absent in older records. */
  headline: headlineSchema.optional(),
});

/** Derived statistics of a complete record. */
export type DerivedFigures = z.infer<typeof derivedFiguresSchema>;

/** The fields before a record's operation fields (the order a parsed record's keys come out in). */
const recordHead = {
  format: z.literal(RECORD_FORMAT),
  candidate: z.string().min(1),
  algorithm: z.string().min(1),
  instance: z.string().min(1),
  variant: z.enum(['reference', 'performance', 'resource']),
  flags: z.string(),
};

/** The fields after a record's operation fields. */
const recordCommon = {
  kat: katVerdictSchema,
  /** How the KAT files were recognised when the candidate has no official manifest of its own (build.json's). */
  katIdentity: katIdentitySchema.nullish(),
  katLog: z.string().nullable(),
  katLogSha256: sha256Hex.nullable(),
  /** Null when the run directory does not hold the library (e.g. an imported dataset). */
  library: z.string().nullable(),
  librarySha256: sha256Hex.nullable(),
  /** Null when the library's ELF image was not sized. */
  imageBytes: count.nullable(),
  startedUtc: utcTimestamp,
  endedUtc: utcTimestamp,
  loadAverageStart: loadAverage,
  loadAverageEnd: loadAverage,
  disturbedRetries: count,
  /** The per-call sample process run after loop-scope trials (its quartiles are `derived.perCall`). */
  perCallSample: processEntrySchema.optional(),
  memory: callMemorySchema.nullish(),
  memoryFailure: z.string().nullish(),
  /** Instructions per call (`run --count-instructions`); null when counting was asked for and failed. */
  instructionCount: instructionCountSchema.nullish(),
  /** Why there is no `instructionCount` when counting was asked for. */
  instructionCountFailure: z.string().nullish(),
  /** Present on a record measured again by `run --remeasure unstable`: the record it replaces (kept) and that record's trial CV. */
  remeasure: z
    .object({
      reason: z.literal('unstable'),
      previousRecord: z.string(),
      previousCv: z.number().nonnegative().nullable(),
    })
    .optional(),
  /**
   * Present when the operation's driver processes took turns with those of other operations on
   * the same CPU (the campaign's measure phase): `operations` took part, this one included, and
   * trial k of each ran before trial k + 1 of any (in a random order per round); `batch` is the
   * same id in every record of the batch, so trial k of one may be paired with trial k of another.
   */
  interleaving: z.object({ operations: z.number().int().min(1), batch: z.string().min(1) }).optional(),
  /** The calibration process (one cold call, or a small batch); null when it did not run. */
  calibration: processEntrySchema.nullish(),
  /** campaign.json `hostProblems` when the record was measured, repeated here. */
  hostProblems: z.array(hostProblemSchema).optional(),
};

/**
 * The operation fields of the hash form, the form every hash record is written in: `operation`
 * is the text `hash`, the message length and digest length stand beside it.
 */
const hashOperationFields = {
  operation: z.literal('hash'),
  messageBytes: z.number().int().positive(),
  digestBits: z.number().int().positive(),
};

/**
 * The operation fields of the generic form, for every other category: `operation` is the
 * operation's identity ({@link operationIdentitySchema}); the category module says what its
 * parameters mean.
 */
const genericOperationFields = {
  operation: operationIdentitySchema,
  /** A public-key operation's calls of the ICCS placeholder primitives and their share of its time (`op-profile`). */
  primitiveProfile: primitiveProfileSchema.nullish(),
  /** Why there is no `primitiveProfile` for a public-key operation. */
  primitiveProfileFailure: z.string().nullish(),
};

/** A record's schema with the given operation fields: complete or failed. */
function recordSchemaWith<Fields extends z.ZodRawShape>(operationFields: Fields) {
  return z.discriminatedUnion('status', [
    z.object({
      ...recordHead,
      ...operationFields,
      ...recordCommon,
      status: z.literal('complete'),
      plan: measurementPlanSchema,
      counter: counterSchema,
      processes: z.array(processEntrySchema).min(1),
      derived: derivedFiguresSchema,
    }),
    z.object({
      ...recordHead,
      ...operationFields,
      ...recordCommon,
      status: z.literal('failed'),
      failure: z.string().min(1),
      plan: measurementPlanSchema.nullish(),
      counter: counterSchema.nullish(),
      processes: z.array(processEntrySchema).default([]),
      derived: derivedFiguresSchema.nullish(),
    }),
  ]);
}

/**
 * Zod schema of `records/<candidate>/<instance>__hash_<L>.json`, a record of the hash form: a
 * `complete` record carries plan, counter, processes and derived figures; a `failed` one carries
 * `failure` and whatever was measured before it failed. Source: @ngcc-perf/record/docs/RUN-DIRECTORY.md.
 *
 * @example
 * ```ts
 * const record = timingRecordSchema.parse(JSON.parse(text));
 * if (record.status === 'complete') console.log(record.derived.meanCycles);
 * ```
 */
export const timingRecordSchema = recordSchemaWith(hashOperationFields);

/** A validated timing record (one instance × one message size). */
export type TimingRecord = z.infer<typeof timingRecordSchema>;

/** A record whose status is `complete`. */
export type CompleteTimingRecord = Extract<TimingRecord, { status: 'complete' }>;

/**
 * Zod schema of a record of the generic form (`records/<candidate>/<instance>__<operation
 * file stem>.json`, the stem from the category module): the same fields as
 * {@link timingRecordSchema} but `operation`, which is the operation's identity
 * ({@link operationIdentitySchema}), and no `messageBytes`/`digestBits`. Same format identifier:
 * one record format with two forms of its operation; {@link recordOperation} reads either.
 *
 * @example
 * ```ts
 * const record = operationRecordSchema.parse(JSON.parse(text));
 * console.log(record.operation.category, record.operation.name);
 * ```
 */
export const operationRecordSchema = recordSchemaWith(genericOperationFields);

/** A validated record of the generic form. */
export type OperationRecord = z.infer<typeof operationRecordSchema>;

/**
 * Zod schema of a record of either form: the hash form first (every hash record reads as it
 * always did), else the generic form.
 */
export const anyRecordSchema = z.union([timingRecordSchema, operationRecordSchema]);

/** A validated record of either form. */
export type AnyTimingRecord = z.infer<typeof anyRecordSchema>;
