// The hash tables of a ranking page: the ranking by the metrics that enter the overall rank (the
// published comparison's cycle figures), with what parts each group from the next, and the memory
// figures ranked apart, for the same rows.
import { formatRankRange } from '@ngcc-perf/stats';
import { constantTimeBadge } from './constant-time-badge.js';
import { counterTerm } from './counter-term.js';
import { candidateFromSummary } from './page-links.js';
import type { PageFormat, RankingScope } from './page-links.js';
import type { MeasuredInstance, Ranking, RankingRow } from './ranking-model.js';
import { separationCells } from './ranking-words.js';
import { codeSpan, link } from './report-model.js';
import type { Block, Inline } from './report-model.js';
import type { Dataset } from '../dataset.js';

/** Column indexes of the metrics that enter the overall rank (`true`) or are ranked apart (`false`). */
const columnsOf = (ranking: Ranking, entering: boolean): number[] =>
  ranking.metrics.flatMap((metric, index) => (metric.enters === entering ? [index] : []));

function figureCells(ranking: Ranking, item: MeasuredInstance, row: RankingRow | null, columns: number[]): Inline[][] {
  return columns.map((index) => {
    const metric = ranking.metrics[index]!;
    const figure = item.figures[index];
    if (figure === null || figure === undefined) return ['—'];
    const rank = row?.ranking.metricRanks[index];
    const value = metric.format(figure);
    return [rank === null || rank === undefined ? value : `${value} · ${formatRankRange(rank)}`];
  });
}

/** The ranking table: one row per ranked instance (and its candidate's others under it), best first. */
export function rankingTable(dataset: Dataset, ranking: Ranking, scope: RankingScope, format: PageFormat): Block {
  const systemId = dataset.campaign.systemId;
  const term = counterTerm(dataset.records.map(({ record }) => record)).perCall;
  // candidate and instance in one cell, so that the figures fit beside them on a narrow screen
  const instanceCell = (item: MeasuredInstance, under: boolean): Inline[] => [
    ...(under
      ? ['↳ ']
      : [link(candidateFromSummary(item.entry.candidate, systemId, format), item.entry.candidate), ' ']),
    codeSpan(item.entry.instance),
    ...(item.entry.version === null || item.entry.version === undefined ? [] : [` (${item.entry.version})`]),
  ];
  const columns = columnsOf(ranking, true);
  const apart = separationCells(
    ranking.rows.map((row) => row.ranking),
    ranking.separations,
    ranking.metrics.map((metric) => metric.label),
  );
  const rows = ranking.rows.flatMap((row, index): Inline[][][] => [
    [
      [row.ranking.overall === null ? '—' : formatRankRange(row.ranking.overall)],
      instanceCell(row, false),
      constantTimeBadge(row.entry, systemId, format),
      [row.ranking.meanRank === null ? '—' : row.ranking.meanRank.toFixed(2)],
      ...figureCells(ranking, row, row, columns),
      [apart[index]!],
    ],
    ...row.others.map((other): Inline[][] => [
      ['not ranked'],
      instanceCell(other, true),
      constantTimeBadge(other.entry, systemId, format),
      ['—'],
      ...figureCells(ranking, other, null, columns),
      ['—'],
    ]),
  ]);
  return {
    kind: 'table',
    caption:
      scope === 'instances'
        ? `Every instance that passed its KAT, best first; each figure (${term} with their interval) · its rank range`
        : `One instance per candidate, best first; each figure (${term} with their interval) · its rank range`,
    headers: [
      'rank',
      scope === 'instances' ? 'candidate and instance' : 'candidate and instance ranked',
      'constant-time',
      'mean rank',
      ...columns.map((index) => `${ranking.metrics[index]!.label} · rank`),
      'apart from the next group',
    ],
    numeric: [true, false, false, true, ...columns.map(() => true), false],
    rows,
  };
}

/** The metrics ranked apart from the overall rank (memory), each on its own, for the same rows; null when there are none. */
export function apartTable(ranking: Ranking): Block | null {
  const columns = columnsOf(ranking, false);
  if (columns.length === 0 || ranking.rows.length === 0) return null;
  return {
    kind: 'table',
    caption:
      'The same instances by memory, each figure ranked on its own, outside the overall rank; each figure · its rank',
    headers: ['candidate and instance', ...columns.map((index) => `${ranking.metrics[index]!.label} · rank`)],
    numeric: [false, ...columns.map(() => true)],
    rows: ranking.rows.map((row): Inline[][] => [
      [`${row.entry.candidate} `, codeSpan(row.entry.instance)],
      ...figureCells(ranking, row, row, columns),
    ]),
  };
}
