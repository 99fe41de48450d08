/**
 * The p-quantile of ascending `sorted` values by linear interpolation between order statistics
 * (Hyndman & Fan 1996, definition 7 — the default of R's `quantile`, NumPy's `percentile` and
 * Excel's `QUARTILE.INC`): h = (n − 1) · p, then x[⌊h⌋] + (h − ⌊h⌋) · (x[⌊h⌋ + 1] − x[⌊h⌋]).
 * For 5 values the quartiles are exactly the 2nd and 4th smallest.
 */
export function linearQuantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const h = (sorted.length - 1) * p;
  const below = Math.floor(h);
  const low = sorted[below] as number;
  const high = sorted[Math.min(below + 1, sorted.length - 1)] as number;
  return low + (h - below) * (high - low);
}
