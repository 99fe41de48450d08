// The ranking pages' second ranking: the same instances ranked by their exact instruction counts
// per call (records' `instructionCount`), each size on its own and overall by mean rank
// (rankByMetrics of @ngcc-perf/stats with intervals of width zero). Counts do not move with the
// host's load, so nothing but a change of code can reorder it; it ranks work, not time.
import { formatRankRange, rankByMetrics } from '@ngcc-perf/stats';
import type { IntervalFigure } from '@ngcc-perf/stats';
import type { TimingRecord } from '@ngcc-perf/record';
import type { Dataset } from '../dataset.js';
import { hasInstructionCounts } from './instruction-count-blocks.js';
import { naturalCompare } from './natural-sort.js';
import type { MeasuredInstance, Ranking } from './ranking-model.js';
import { codeSpan, paragraph } from './report-model.js';
import type { Inline, ReportSection } from './report-model.js';
import { summarySizes } from './summary-rows.js';

const sizeLabel = (bytes: number): string =>
  bytes >= 1024 && bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} B`;

function countFigure(records: readonly TimingRecord[], bytes: number): IntervalFigure | null {
  const count = records.find((record) => record.messageBytes === bytes)?.instructionCount;
  return count == null ? null : { estimate: count.instructions, ciLow: count.instructions, ciHigh: count.instructions };
}

/**
 * The section "Instruction counts (not time)" of a ranking page: the instances the page ranks (its
 * representatives, or every instance), ranked by instructions per call at each of the summary's sizes;
 * null when the run did not count instructions.
 */
export function buildInstructionRankingSection(dataset: Dataset, ranking: Ranking): ReportSection | null {
  const items: MeasuredInstance[] = ranking.rows;
  if (!hasInstructionCounts(items.flatMap((item) => item.records))) return null;
  const sizes = summarySizes(dataset);
  const figures = items.map((item) => sizes.map((bytes) => countFigure(item.records, bytes)));
  const ranks = rankByMetrics(figures);
  const order = items
    .map((item, index) => ({ item, index, rank: ranks[index]! }))
    .sort(
      (a, b) =>
        (a.rank.overall?.group ?? Infinity) - (b.rank.overall?.group ?? Infinity) ||
        naturalCompare(
          `${a.item.entry.candidate}/${a.item.entry.instance}`,
          `${b.item.entry.candidate}/${b.item.entry.instance}`,
        ),
    );
  const rows = order.map(({ item, index, rank }): Inline[][] => [
    [rank.overall === null ? '—' : formatRankRange(rank.overall)],
    [`${item.entry.candidate} `, codeSpan(item.entry.instance)],
    [rank.meanRank === null ? '—' : rank.meanRank.toFixed(2)],
    ...sizes.map((_, column): Inline[] => {
      const figure = figures[index]![column];
      const metric = rank.metricRanks[column];
      if (figure === null || figure === undefined) return ['—'];
      return [metric == null ? String(figure.estimate) : `${figure.estimate} · ${formatRankRange(metric)}`];
    }),
  ]);
  return {
    heading: 'Instruction counts (not time)',
    id: 'instruction-counts',
    blocks: [
      paragraph(
        'The same instances ranked by the instructions one call executes, fewest first, each message length on its own and ' +
          'overall by mean rank. The counts are exact and the same on every run, so no noise can reorder this ranking; but it ' +
          'ranks instructions, not time: it says nothing of cache misses, latency or instructions per cycle, and the ranking ' +
          'above is the one of speed. Equal counts share the average position. Counts of different sources (PMU, valgrind) do ' +
          'not count alike (the method page says which this run used).',
      ),
      {
        kind: 'table',
        caption: 'Instructions per call (exact counts, not time), fewest first; each count · its rank',
        headers: [
          'rank',
          'candidate and instance',
          'mean rank',
          ...sizes.map((bytes) => `instructions @ ${sizeLabel(bytes)} · rank`),
        ],
        numeric: [true, false, true, ...sizes.map(() => true)],
        rows,
      },
    ],
  };
}
