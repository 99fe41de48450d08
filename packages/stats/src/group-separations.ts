import type { MetricsRanking } from './rank-by-metrics.js';

/** What parts one overall group from the next ({@link groupSeparations}). */
export interface GroupSeparation {
  /** The group (`overall.group`); the next is `group + 1`. */
  group: number;
  /** The worst mean rank any member of the group can have (largest `meanRankHigh`). */
  worstMeanRank: number;
  /** The best mean rank any member of the next group can have (smallest `meanRankLow`), above `worstMeanRank`. */
  nextBestMeanRank: number;
  /** Entering columns on which every member of the group is ranked ahead of every member of the next (both ranked there). */
  aheadOn: number[];
  /** Entering columns on which every member of the group is ranked behind every member of the next. */
  behindOn: number[];
}

/**
 * Beside each overall group, what separates it from the next: the gap between the group's worst
 * possible mean rank and the next group's best, and the metrics on which the whole group is ahead
 * of (or behind) the whole next group. A group ranked ahead on its mean though behind on a metric
 * is the rule of the mean at work, and the page can say so.
 *
 * @param rankings - the result of {@link rankByMetrics}
 * @param entering - per column, whether it entered the mean rank (default: every column)
 * @returns one {@link GroupSeparation} per pair of consecutive groups, in group order
 * @example
 * ```ts
 * const exact = (value: number) => ({ estimate: value, ciLow: value, ciHigh: value });
 * groupSeparations(rankByMetrics([[exact(1), exact(2)], [exact(2), exact(1)], [exact(3), exact(3)]]));
 * // [{ group: 0, worstMeanRank: 1.5, nextBestMeanRank: 3, aheadOn: [0, 1], behindOn: [] }]
 * ```
 */
export function groupSeparations(
  rankings: readonly MetricsRanking[],
  entering: readonly boolean[] = [],
): GroupSeparation[] {
  const columns = rankings[0]?.metricRanks.length ?? 0;
  const groups = new Map<number, MetricsRanking[]>();
  for (const ranking of rankings) {
    if (ranking.overall === null) continue;
    groups.set(ranking.overall.group, [...(groups.get(ranking.overall.group) ?? []), ranking]);
  }
  const result: GroupSeparation[] = [];
  for (let group = 0; groups.has(group + 1); group += 1) {
    const here = groups.get(group)!;
    const next = groups.get(group + 1)!;
    const every = (test: (a: MetricsRanking, b: MetricsRanking) => boolean | null): boolean => {
      let compared = false;
      for (const a of here)
        for (const b of next) {
          const verdict = test(a, b);
          if (verdict === false) return false;
          if (verdict === true) compared = true;
        }
      return compared;
    };
    const onColumn = (column: number, ahead: boolean) =>
      every((a, b) => {
        const x = a.metricRanks[column];
        const y = b.metricRanks[column];
        if (x == null || y == null) return null;
        return ahead ? x.high < y.low : y.high < x.low;
      });
    const entered = Array.from({ length: columns }, (_, column) => column).filter((column) => entering[column] ?? true);
    result.push({
      group,
      worstMeanRank: Math.max(...here.map((item) => item.meanRankHigh!)),
      nextBestMeanRank: Math.min(...next.map((item) => item.meanRankLow!)),
      aheadOn: entered.filter((column) => onColumn(column, true)),
      behindOn: entered.filter((column) => onColumn(column, false)),
    });
  }
  return result;
}
