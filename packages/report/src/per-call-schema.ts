import { z } from 'zod';

/**
 * Zod schema of the per-call figures of one `--scope per-call` trial (native/PROTOCOL.md): the
 * quartiles of the per-call counter readings in ticks, raw and with the read overhead
 * subtracted. Fields other than `count`, `medianTicks`, `q1Ticks`, `q3Ticks` are optional.
 *
 * @example
 * ```ts
 * perCallFiguresSchema.parse({ count: 1000, medianTicks: 1000, q1Ticks: 990, q3Ticks: 1020 });
 * ```
 */
export const perCallFiguresSchema = z.object({
  count: z.number().int().positive(),
  medianTicks: z.number(),
  q1Ticks: z.number(),
  q3Ticks: z.number(),
  rawMedianTicks: z.number().optional(),
  rawQ1Ticks: z.number().optional(),
  rawQ3Ticks: z.number().optional(),
  rawMinTicks: z.number().optional(),
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
  calls: z.number().int().positive(),
  medianCycles: z.number(),
  q1Cycles: z.number(),
  q3Cycles: z.number(),
  rawMedianCycles: z.number().optional(),
  rawMinCycles: z.number().optional(),
  overheadCycles: z.number().optional(),
  /** True when the median is within a few counter resolutions of zero (the timing package decides and warns). */
  belowResolution: z.boolean().optional(),
});

/** Per-call quartiles over a record's trials, counter ticks. */
export type PerCallSummary = z.infer<typeof perCallSummarySchema>;
