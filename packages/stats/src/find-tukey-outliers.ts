import { linearQuantile } from './linear-quantile.js';

/** Tukey's fences over a set of values, and which values lie outside them. */
export interface TukeyOutliers {
  /** First quartile (linear interpolation, Hyndman & Fan definition 7). */
  q1: number;
  /** Third quartile (same definition). */
  q3: number;
  /** q1 − 1.5 · (q3 − q1). */
  lowFence: number;
  /** q3 + 1.5 · (q3 − q1). */
  highFence: number;
  /** 0-based indices, in input order, of the values below lowFence or above highFence. */
  outlierIndices: number[];
}

/** Tukey's multiplier of the interquartile range ("inner fences"). */
export const TUKEY_FENCE_IQR_MULTIPLE = 1.5;

/**
 * Flags outliers with Tukey's fences: a value is an outlier when it lies below
 * q1 − 1.5 · IQR or above q3 + 1.5 · IQR (J. W. Tukey, Exploratory Data Analysis, 1977), with the
 * quartiles by linear interpolation (R's and NumPy's default; for 5 values, the 2nd and 4th
 * smallest).
 *
 * Why not |z| > 3: with k values and the sample standard deviation no value can be further than
 * (k − 1) / √k standard deviations from the mean — 1.79 for the 5 trials of guide §3.4 — so a
 * z-score rule could never fire below 11 trials. The fences need no such count. When all but one
 * value are equal the IQR is 0 and any differing value is flagged; real trial means are never
 * that alike.
 *
 * @param values - the sample, any order (e.g. the trial means in cycles).
 * @returns {@link TukeyOutliers}; with fewer than 3 values nothing is flagged (quartiles of two
 *   values say nothing about a third).
 * @throws nothing.
 * @remarks Source: Tukey 1977; quartiles per Hyndman & Fan 1996, definition 7.
 * @example
 * ```ts
 * findTukeyOutliers([100, 102, 98, 101, 130]);
 * // q1 100, q3 102, fences [97, 105]: { …, outlierIndices: [4] }
 * ```
 */
export function findTukeyOutliers(values: readonly number[]): TukeyOutliers {
  const sorted = [...values].sort((a, b) => a - b);
  const q1 = linearQuantile(sorted, 0.25);
  const q3 = linearQuantile(sorted, 0.75);
  const spread = TUKEY_FENCE_IQR_MULTIPLE * (q3 - q1);
  const lowFence = q1 - spread;
  const highFence = q3 + spread;
  const outlierIndices =
    values.length < 3 ? [] : values.flatMap((value, index) => (value < lowFence || value > highFence ? [index] : []));
  return { q1, q3, lowFence, highFence, outlierIndices };
}
