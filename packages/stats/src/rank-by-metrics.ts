import { StatsError } from './stats-error.js';
import { rankByIntervals } from './rank-by-intervals.js';
import type { EstablishedOrder, IntervalFigure, IntervalRank } from './rank-by-intervals.js';
import { rankMeanRanks } from './rank-mean-ranks.js';

/** One item's standing over several metrics ({@link rankByMetrics}). */
export interface MetricsRanking {
  /** Per metric, in the order of the columns: its rank range, or null when the item has no figure for it. */
  metricRanks: (IntervalRank | null)[];
  /** Mean of `position` over the metrics that enter the mean rank and the item has; null when it has none. */
  meanRank: number | null;
  /** Mean of the best positions (`low`) over the same metrics; null when it has none. */
  meanRankLow: number | null;
  /** Mean of the worst positions (`high`); null when it has none. */
  meanRankHigh: number | null;
  /**
   * The overall rank range: {@link rankMeanRanks} of [meanRankLow, meanRankHigh] around meanRank
   * over the items that have a mean rank (no wider than the metrics' ranges force); null for an
   * item without one.
   */
  overall: IntervalRank | null;
}

/** Options of {@link rankByMetrics}. */
export interface RankByMetricsOptions {
  /**
   * Per column, whether it enters the mean rank (default: every column). A column left out is
   * still ranked on its own (`metricRanks`), beside the overall order it does not change.
   */
  entering?: readonly boolean[];
}

/**
 * Ranks items on several metrics at once, as the NGCC "ordered measurements" do (the NGCC site's ordered measurements): each
 * metric on its own, lower is better, by {@link rankByIntervals} (so items the data cannot tell
 * apart share a rank range and its average position); an item's overall figure is its mean rank
 * over the metrics that enter (`options.entering`) it has a figure for; the overall range is what
 * the metrics' ranges force on the mean rank ({@link rankMeanRanks}: [mean of the best positions,
 * mean of the worst], an item ahead of another only when its worst mean lies below the other's
 * best). Generic over the metric: cycles at a message length, bytes of an image, instructions — any
 * figure with an interval.
 *
 * @param table - one row per item, one column per metric; `null` where the item has no figure
 *   (not measured, a failed record). Rows must have the same length.
 * @param orders - per column, optionally, what the data establish about two rows (row indexes of
 *   `table`, e.g. a paired comparison of interleaved trials); a column without one compares
 *   intervals ({@link rankByIntervals}).
 * @returns one {@link MetricsRanking} per row, in row order.
 * @throws {@link StatsError} as {@link rankByIntervals}; `INVALID_NUMBER` when rows differ in length.
 * @example
 * ```ts
 * const exact = (value: number) => ({ estimate: value, ciLow: value, ciHigh: value });
 * rankByMetrics([
 *   [exact(10), exact(500)],
 *   [exact(20), exact(400)],
 * ]);
 * // both have mean rank 1.5 over [1.5, 1.5]: overall { low: 1, high: 2, position: 1.5, group: 0 }
 * ```
 */
export function rankByMetrics(
  table: readonly (readonly (IntervalFigure | null)[])[],
  orders: readonly (EstablishedOrder | undefined)[] = [],
  options: RankByMetricsOptions = {},
): MetricsRanking[] {
  const columns = table[0]?.length ?? 0;
  const uneven = table.findIndex((row) => row.length !== columns);
  if (uneven >= 0) {
    throw new StatsError(
      'INVALID_NUMBER',
      `rankByMetrics: row ${uneven} has ${table[uneven]!.length} metrics, row 0 has ${columns}; give every item a figure or null per metric.`,
    );
  }
  const metricRanks: (IntervalRank | null)[][] = table.map(() => new Array<IntervalRank | null>(columns).fill(null));
  for (let column = 0; column < columns; column += 1) {
    const present = table.flatMap((row, index) => (row[column] === null ? [] : [index]));
    const figures = present.map((index) => table[index]![column]!);
    const order = orders[column];
    const ranks =
      order === undefined
        ? rankByIntervals(figures)
        : rankByIntervals(figures, (a, b) => order(present[a]!, present[b]!));
    present.forEach((index, at) => {
      metricRanks[index]![column] = ranks[at]!;
    });
  }
  const mean = (values: number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;
  const enters = (column: number): boolean => options.entering?.[column] ?? true;
  const partial = metricRanks.map((ranks) => {
    const known = ranks.filter((rank, column): rank is IntervalRank => rank !== null && enters(column));
    if (known.length === 0) return { metricRanks: ranks, meanRank: null, meanRankLow: null, meanRankHigh: null };
    return {
      metricRanks: ranks,
      meanRank: mean(known.map((rank) => rank.position)),
      meanRankLow: mean(known.map((rank) => rank.low)),
      meanRankHigh: mean(known.map((rank) => rank.high)),
    };
  });
  const overall = rankMeanRanks(
    partial.map((item) =>
      item.meanRank === null ? null : { mean: item.meanRank, low: item.meanRankLow!, high: item.meanRankHigh! },
    ),
  );
  return partial.map((item, index) => ({ ...item, overall: overall[index]! }));
}
