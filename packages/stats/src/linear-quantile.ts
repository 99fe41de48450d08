/**
 * The p-quantile of ascending `sorted` values by linear interpolation between order statistics
 * (Hyndman & Fan 1996, definition 7 — the default of R's `quantile`, NumPy's `percentile` and
 * Excel's `QUARTILE.INC`): h = (n − 1) · p, then x[⌊h⌋] + (h − ⌊h⌋) · (x[⌊h⌋ + 1] − x[⌊h⌋]).
 * For 5 values the quartiles are exactly the 2nd and 4th smallest.
 *
 * @param sorted - the values in ascending order.
 * @param p - 0 ≤ p ≤ 1.
 * @returns the quantile in the unit of the values; NaN for no value.
 * @example
 * ```ts
 * linearQuantile([1, 2, 3, 4], 0.25); // 1.75
 * ```
 */
export function linearQuantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const h = (sorted.length - 1) * p;
  const below = Math.floor(h);
  const low = sorted[below] as number;
  const high = sorted[Math.min(below + 1, sorted.length - 1)] as number;
  return low + (h - below) * (high - low);
}
