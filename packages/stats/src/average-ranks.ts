import { StatsError } from './stats-error.js';

/**
 * Positions 1…n of `values`, lowest first, with equal values sharing the average of the positions
 * they occupy (fractional ranking): `[10, 20, 20, 30]` gives `[1, 2.5, 2.5, 4]`. This is how the
 * public NGCC "ordered measurements" pages rank a metric (the NGCC site's ordered measurements: lower is better, ties share the
 * average position).
 *
 * @param values - finite numbers in any unit, lower is better; any order.
 * @returns one position per value, in the order of `values` (1-based; a tie gives a half or a fraction).
 * @throws {@link StatsError} `NOT_FINITE` for a value that is not finite.
 * @example
 * ```ts
 * averageRanks([4129, 4162, 4111, 4129]); // [2.5, 4, 1, 2.5]
 * ```
 */
export function averageRanks(values: readonly number[]): number[] {
  const bad = values.find((value) => !Number.isFinite(value));
  if (bad !== undefined) throw new StatsError('NOT_FINITE', `averageRanks of a value that is not finite (${bad}).`);
  const order = values.map((_, index) => index).sort((a, b) => values[a]! - values[b]! || a - b);
  const positions = new Array<number>(values.length);
  let start = 0;
  while (start < order.length) {
    let end = start;
    while (end + 1 < order.length && values[order[end + 1]!] === values[order[start]!]) end += 1;
    // positions start+1 … end+1 share their mean
    const shared = (start + end) / 2 + 1;
    for (let at = start; at <= end; at += 1) positions[order[at]!] = shared;
    start = end + 1;
  }
  return positions;
}
