import { z } from 'zod';

/**
 * Zod schema of the per-call figures of one `--scope per-call` trial (@ngcc-perf/native/PROTOCOL.md): the
 * quartiles of the per-call counter readings in ticks, raw and with the read overhead
 * subtracted. Fields other than `count`, `medianTicks`, `q1Ticks`, `q3Ticks` are optional.
 *
 * @example
 * ```ts
 * perCallFiguresSchema.parse({ count: 1000, medianTicks: 1000, q1Ticks: 990, q3Ticks: 1020 });
 * ```
 */
export const perCallFiguresSchema = z.object({
  /** Calls timed one by one. */
  count: z.number().int().positive(),
  /** max(0, rawMedianTicks − overheadTicks), as the driver computes it (and likewise q1, q3). */
  medianTicks: z.number(),
  q1Ticks: z.number(),
  q3Ticks: z.number(),
  /** Median of the per-call readings, before subtracting the read overhead. */
  rawMedianTicks: z.number().optional(),
  rawQ1Ticks: z.number().optional(),
  rawQ3Ticks: z.number().optional(),
  /** Smallest per-call reading, before subtracting the read overhead. */
  rawMinTicks: z.number().optional(),
  /** Largest per-call reading (drivers since its addition). */
  rawMaxTicks: z.number().optional(),
  /** Cost of the counter reads around one call, subtracted from the raw figures. */
  overheadTicks: z.number().optional(),
});

/** Per-call quartiles of one trial, in counter ticks. */
export type PerCallFigures = z.infer<typeof perCallFiguresSchema>;

/**
 * Zod schema of a record's per-call summary (`derived.perCall`), in counter ticks: each figure is
 * the median over the per-call processes of that process's figure, `calls` the sum,
 * `rawMinCycles` the minimum. `source` says which processes: `trials` — the trials themselves
 * ran in `--scope per-call`; `sample` — one extra per-call process of `calls` calls ran after
 * loop-scope trials (the record's `perCallSample`), not one of `processes`. Records written before
 * `source` existed carry per-call figures only from per-call trials (read them as `trials`).
 *
 * @example
 * ```ts
 * perCallSummarySchema.parse({ source: 'sample', calls: 2001, medianCycles: 1010, q1Cycles: 990, q3Cycles: 1020 });
 * ```
 */
export const perCallSummarySchema = z.object({
  source: z.enum(['trials', 'sample']).optional(),
  /** Calls timed one by one, summed over the trials. */
  calls: z.number().int().positive(),
  /** Median over the trials of each trial's per-call median. */
  medianCycles: z.number(),
  /** Median over the trials of each trial's first quartile. */
  q1Cycles: z.number(),
  /** Median over the trials of each trial's third quartile. */
  q3Cycles: z.number(),
  /** Median over the trials of each trial's raw median (overhead not subtracted). */
  rawMedianCycles: z.number().optional(),
  /** Smallest raw per-call reading of any trial. */
  rawMinCycles: z.number().optional(),
  /** Median over the trials of the read overhead each trial subtracted. */
  overheadCycles: z.number().optional(),
  /**
   * True when the median is within a few counter resolutions of zero (the timing package's
   * `PER_CALL_RESOLUTION_MULTIPLE`, `markPerCallBelowResolution`): the quartiles are the
   * counter's granularity, not the call.
   */
  belowResolution: z.boolean().optional(),
});

/** Per-call quartiles over a record's trials, counter ticks. */
export type PerCallSummary = z.infer<typeof perCallSummarySchema>;
