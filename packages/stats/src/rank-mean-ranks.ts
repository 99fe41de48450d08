import type { IntervalRank } from './rank-by-intervals.js';

/**
 * Where an item's mean rank may lie once every metric's rank range is resolved: `low` is the mean
 * of its best positions, `high` the mean of its worst, `mean` the mean of its average positions.
 */
export interface MeanRankSpan {
  mean: number;
  low: number;
  high: number;
}

// mean ranks are means of halves and thirds: equal means computed in another order differ by an ulp
const settle = (value: number): number => Math.round(value * 1e9) / 1e9;

/**
 * Ranks items by their mean ranks so that each overall range is exactly what the metric ranges
 * force, and no wider: item A is ahead of B only when A's worst mean rank is below B's best
 * (`A.high < B.low`), and A's range runs from 1 + (items surely ahead of it) to n − (items surely
 * behind it). Unlike {@link rankByIntervals}, no chain of overlapping neighbours widens a range:
 * two items whose spans are disjoint are never put in one range because a third overlaps both.
 * Equal exact mean ranks (spans of width zero, nothing else overlapping) are a true tie and share the
 * average position, `low = high`. Groups (`group`) are the runs, in order of mean rank, that every
 * item before them is surely ahead of; an item's range never leaves its group.
 *
 * @param spans - one {@link MeanRankSpan} per item (ranks, 1-based), or null for an item without a
 *   mean rank (no figure in any metric that enters).
 * @returns one {@link IntervalRank} per item (null where its span is null), in input order.
 * @remarks Source: the published NGCC ordered measurements rank by the mean rank over the metrics;
 *   the range of each mean rank is this project's, from the metrics' own ranges.
 * @example
 * ```ts
 * rankMeanRanks([
 *   { mean: 1.25, low: 1, high: 1.5 },
 *   { mean: 2, low: 1.5, high: 2.5 },
 *   { mean: 2.75, low: 2.5, high: 3 },
 * ]).map((rank) => [rank!.low, rank!.high]); // [[1, 2], [1, 3], [2, 3]]: the first and last are apart
 * ```
 */
export function rankMeanRanks(spans: readonly (MeanRankSpan | null)[]): (IntervalRank | null)[] {
  const present = spans.flatMap((span, index) =>
    span === null ? [] : [{ index, mean: settle(span.mean), low: settle(span.low), high: settle(span.high) }],
  );
  const n = present.length;
  const ahead = (a: (typeof present)[number], b: (typeof present)[number]): boolean => a.high < b.low;
  const exact = (item: (typeof present)[number]): boolean => item.low === item.high;
  // groups: in order of mean rank, a boundary where everything before is surely ahead of everything after
  const order = [...present].sort((a, b) => a.mean - b.mean || a.low - b.low || a.index - b.index);
  const suffixLow = new Array<number>(n + 1).fill(Infinity);
  for (let at = n - 1; at >= 0; at -= 1) suffixLow[at] = Math.min(suffixLow[at + 1]!, order[at]!.low);
  const groupOf = new Map<number, number>();
  let group = 0;
  let prefixHigh = -Infinity;
  order.forEach((item, at) => {
    groupOf.set(item.index, group);
    prefixHigh = Math.max(prefixHigh, item.high);
    if (prefixHigh < suffixLow[at + 1]!) group += 1;
  });
  const ranks = spans.map((): IntervalRank | null => null);
  for (const item of present) {
    let before = 0;
    let after = 0;
    let doubtful = false;
    for (const other of present) {
      if (other === item) continue;
      if (ahead(other, item)) before += 1;
      else if (ahead(item, other)) after += 1;
      else if (!(exact(item) && exact(other) && other.mean === item.mean)) doubtful = true;
    }
    const low = 1 + before;
    const high = n - after;
    const position = (low + high) / 2;
    // equal exact mean ranks are a tie, not a doubt: the average position, as a metric's tie
    ranks[item.index] = doubtful
      ? { low, high, position, group: groupOf.get(item.index)! }
      : { low: position, high: position, position, group: groupOf.get(item.index)! };
  }
  return ranks;
}
