// The words a ranking page sets beside its numbers: what parts each overall group from the next,
// and what the rule of the mean rank does, metric by metric (which rows move if one is left out).
import { formatRankRange } from '@ngcc-perf/stats';
import type { GroupSeparation, MetricDropEffect, MetricsRanking } from '@ngcc-perf/stats';

const list = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/**
 * One cell per row (rows best first, as `rankings`): on the last row of each overall group but the
 * last, what separates the group from the next — the metrics the whole group is ahead on (and
 * behind on), and the gap between its worst possible mean rank and the next group's best; `—` elsewhere.
 */
export function separationCells(
  rankings: readonly MetricsRanking[],
  separations: readonly GroupSeparation[],
  labels: readonly string[],
): string[] {
  return rankings.map((ranking, index) => {
    const group = ranking.overall?.group;
    const next = rankings[index + 1]?.overall?.group;
    const separation = separations.find((item) => item.group === group);
    if (group === undefined || next === group || separation === undefined) return '—';
    const ahead = separation.aheadOn.map((column) => labels[column]!);
    const behind = separation.behindOn.map((column) => labels[column]!);
    const on =
      ahead.length === 0
        ? 'ahead on no metric in every pair'
        : `ahead on ${list(ahead)}${behind.length === 0 ? '' : `, behind on ${list(behind)}`}`;
    return `${on}; mean rank at worst ${separation.worstMeanRank.toFixed(2)}, the next at best ${separation.nextBestMeanRank.toFixed(2)}`;
  });
}

/**
 * The effect of the rule that combines the metrics, one sentence per metric that enters: which
 * rows' overall ranges change when it is left out (`name` of the row index, the range before → after).
 */
export function dropEffectWords(
  effects: readonly MetricDropEffect[],
  labels: readonly string[],
  name: (row: number) => string,
): string {
  if (effects.length === 0) return 'A single metric enters the mean rank, so no metric can be left out.';
  return effects
    .map((effect) => {
      const moves = effect.moved.map(
        (move) =>
          `${name(move.item)} ${formatRankRange(move.before)} → ${move.after === null ? 'unranked' : formatRankRange(move.after)}`,
      );
      return `Without ${labels[effect.column]}: ${moves.length === 0 ? 'no row moves' : moves.join(', ')}.`;
    })
    .join(' ');
}
