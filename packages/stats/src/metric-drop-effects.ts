import type { IntervalRank } from './rank-by-intervals.js';
import type { MetricsRanking } from './rank-by-metrics.js';
import { rankMeanRanks } from './rank-mean-ranks.js';

/** What leaving one metric out of the mean rank does ({@link metricDropEffects}). */
export interface MetricDropEffect {
  /** The column left out. */
  column: number;
  /** The items whose overall range changes, in item order: the range with every metric, and without this one. */
  moved: { item: number; before: IntervalRank; after: IntervalRank | null }[];
}

/**
 * The effect of the rule that combines metrics, metric by metric: for each column that enters the
 * mean rank, the overall ranges again without it ({@link rankMeanRanks} over the other columns'
 * ranges, each metric's own ranks unchanged) and the items whose range changes. A page states the
 * rule with it: "without enc cycles, kem-12 goes from 1 to 2–3". With fewer than two columns
 * entering, nothing can be left out and the result is empty.
 *
 * @param rankings - the result of {@link rankByMetrics} made with the same `entering`
 * @param entering - per column, whether it enters the mean rank (default: every column)
 * @returns one {@link MetricDropEffect} per entering column, in column order
 * @example
 * ```ts
 * const exact = (value: number) => ({ estimate: value, ciLow: value, ciHigh: value });
 * const rankings = rankByMetrics([[exact(1), exact(20)], [exact(2), exact(10)], [exact(3), exact(30)]]);
 * metricDropEffects(rankings)[1]!.moved.map((move) => move.item); // [0, 1]: without column 1, item 0 leads
 * ```
 */
export function metricDropEffects(
  rankings: readonly MetricsRanking[],
  entering: readonly boolean[] = [],
): MetricDropEffect[] {
  const columns = rankings[0]?.metricRanks.length ?? 0;
  const enters = (column: number): boolean => entering[column] ?? true;
  const inMean = Array.from({ length: columns }, (_, column) => column).filter(enters);
  if (inMean.length < 2) return [];
  const mean = (values: number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;
  const same = (a: IntervalRank | null, b: IntervalRank | null): boolean =>
    a === null || b === null ? a === b : a.low === b.low && a.high === b.high;
  return inMean.map((dropped) => {
    const spans = rankings.map((ranking) => {
      const known = inMean
        .filter((column) => column !== dropped)
        .flatMap((column) => {
          const rank = ranking.metricRanks[column];
          return rank === null || rank === undefined ? [] : [rank];
        });
      return known.length === 0
        ? null
        : {
            mean: mean(known.map((rank) => rank.position)),
            low: mean(known.map((rank) => rank.low)),
            high: mean(known.map((rank) => rank.high)),
          };
    });
    const after = rankMeanRanks(spans);
    const moved = rankings.flatMap((ranking, item) =>
      ranking.overall === null || same(ranking.overall, after[item]!)
        ? []
        : [{ item, before: ranking.overall, after: after[item]! }],
    );
    return { column: dropped, moved };
  });
}
