// A target's ranking page, the part of one category other than hash: its table of representatives
// per claimed target, the rule that picked them, the rule that combines the metrics with its
// effect, and the parameter sets left out (KAT, or no known target), named.
import { formatRankRange } from '@ngcc-perf/stats';
import type { IntervalFigure } from '@ngcc-perf/stats';
import type { BuildInstance } from '@ngcc-perf/record';
import type { CategoryDataset } from '../category-datasets.js';
import { katVerdictMeaning } from '../kat-verdict-meanings.js';
import { buildCategoryTargetRanking, instancesWithoutTarget } from './category-ranking-model.js';
import type { CategoryRankedSet, CategoryRankingRow, CategoryTargetRanking } from './category-ranking-model.js';
import { constantTimeBadge } from './constant-time-badge.js';
import { candidateFromSummary } from './page-links.js';
import type { PageFormat } from './page-links.js';
import { formatCyclesFigure } from './ranking-figures.js';
import { dropEffectWords, separationCells } from './ranking-words.js';
import { codeSpan, link, paragraph } from './report-model.js';
import type { Block, Inline, ReportSection } from './report-model.js';

const CHOSEN_BY: Record<CategoryRankingRow['chosenBy'], string> = {
  published: 'published set',
  fastest: 'fastest of its sets',
  only: 'its only set',
};

const setName = (entry: BuildInstance): string => `${entry.candidate}/${entry.instance}`;

function term(group: CategoryDataset): 'cycles' | 'ticks' {
  return group.records.some(({ record }) => record.counter?.kind === 'fixed-rate') ? 'ticks' : 'cycles';
}

/** Column labels in the run's counter term: `enc ticks` where the counter is a fixed-rate one. */
function labelsOf(ranking: CategoryTargetRanking, counter: 'cycles' | 'ticks'): string[] {
  return ranking.metrics.map((metric) => metric.label.replace(/\bcycles\b/, counter));
}

function cells(ranking: CategoryTargetRanking, set: CategoryRankedSet, row: CategoryRankingRow | null): Inline[][] {
  return ranking.metrics.map((metric, column): Inline[] => {
    const figure: IntervalFigure | null | undefined = set.figures[column];
    if (figure == null) return ['—'];
    const value = 'operation' in metric.source ? formatCyclesFigure(figure) : `${figure.estimate} B`;
    const rank = row?.ranking.metricRanks[column];
    return [rank == null ? value : `${value} · ${formatRankRange(rank)}`];
  });
}

function table(group: CategoryDataset, ranking: CategoryTargetRanking, systemId: string, format: PageFormat): Block {
  const labels = labelsOf(ranking, term(group));
  const apart = separationCells(
    ranking.rows.map((row) => row.ranking),
    ranking.separations,
    labels,
  );
  const nameCell = (set: CategoryRankedSet, under: boolean): Inline[] => [
    ...(under ? ['↳ '] : [link(candidateFromSummary(set.entry.candidate, systemId, format), set.entry.candidate), ' ']),
    codeSpan(set.entry.instance),
  ];
  const rows = ranking.rows.flatMap((row, index): Inline[][][] => [
    [
      [row.ranking.overall === null ? '—' : formatRankRange(row.ranking.overall)],
      nameCell(row, false),
      [CHOSEN_BY[row.chosenBy]],
      [row.target.source],
      constantTimeBadge(row.entry, systemId, format),
      [row.ranking.meanRank === null ? '—' : row.ranking.meanRank.toFixed(2)],
      ...cells(ranking, row, row),
      [apart[index]!],
    ],
    ...row.others.map((other): Inline[][] => [
      ['not ranked'],
      nameCell(other, true),
      ['—'],
      [other.target.source],
      constantTimeBadge(other.entry, systemId, format),
      ['—'],
      ...cells(ranking, other, null),
      ['—'],
    ]),
  ]);
  return {
    kind: 'table',
    caption: `${ranking.category.pages.title}, ${ranking.targetBits}-bit target: one parameter set per candidate, best first; each figure · its rank range`,
    headers: [
      'rank',
      'candidate and parameter set',
      'chosen as',
      'target from',
      'constant-time',
      'mean rank',
      ...labels.map((label, column) => `${label} · rank${ranking.entering[column] ? '' : ' (apart)'}`),
      'apart from the next group',
    ],
    numeric: [true, false, false, false, false, true, ...labels.map(() => true), false],
    rows,
  };
}

function rules(group: CategoryDataset, ranking: CategoryTargetRanking): Block[] {
  const labels = labelsOf(ranking, term(group));
  const entering = labels.filter((_, column) => ranking.entering[column]);
  const apartOnes = labels.filter((_, column) => !ranking.entering[column]);
  const nameOf = (row: number): string => setName(ranking.rows[row]!.entry);
  return [
    paragraph(
      `Eligible are the parameter sets that claim the ${ranking.targetBits}-bit target and passed their KAT; of a candidate with a reference implementation version, only those. ` +
        'The claimed target comes from the data bundled with the category (its data/security-targets.csv, each row with its source in data/SOURCES.md), else from the instance header, else from the last number of the set’s name when it is 128, 192, 256, 384 or 512; the column “target from” says which. ' +
        'One set represents each candidate, as on the published comparison: the set that comparison ranks for the candidate at this target (the bundled data say which), else the fastest of its eligible sets by mean rank over the cycle metrics among themselves (ties by name); its other sets are listed under it, not ranked.',
    ),
    paragraph(
      `Each metric is ranked on its own, fewest first: ${list(labels)}. Cycles are the headline (the median of the trial means with its order-statistic interval); two sets measured in one interleaved batch are compared round by round (the paired order, as for hash), others by their intervals, and sets the trials cannot tell apart share a rank range. Sizes are compared exactly: equal sizes tie at their average position. ` +
        `The overall rank is the mean rank over ${list(entering)}${apartOnes.length === 0 ? '' : ` (${list(apartOnes)} ranked apart, outside it)`}; its range is what the metrics’ ranges force on the mean — a set is ahead of another only when its worst possible mean rank is below the other’s best — so it is no wider than the data make it. ` +
        'The last column says, at the end of each group, what parts it from the next.',
    ),
    paragraph(`The rule’s effect, metric by metric: ${dropEffectWords(ranking.dropEffects, labels, nameOf)}`),
  ];
}

const list = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/**
 * The sections of a target's ranking page for the categories other than hash: per category with an
 * instance, its ranking at `targetBits` ({@link buildCategoryTargetRanking}), or a line saying none
 * of its sets claims the target; the sets that failed their KAT at this target and those whose
 * target nothing states, named. Pure.
 */
export function categoryRankingSections(
  groups: readonly CategoryDataset[],
  targetBits: number,
  systemId: string,
  format: PageFormat,
): ReportSection[] {
  return groups.map((group): ReportSection => {
    const ranking = buildCategoryTargetRanking(group, targetBits);
    const unknown = instancesWithoutTarget(group);
    const excluded = ranking.excluded.map(
      (entry) => `${setName(entry)} (KAT ${entry.kat ?? 'none'}: ${katVerdictMeaning(entry.kat).short})`,
    );
    return {
      heading: `${group.category.pages.title} (${targetBits}-bit target)`,
      id: `ranking-${group.category.id}`,
      blocks: [
        ...(ranking.rows.length === 0
          ? [
              paragraph(
                `No ${group.category.id} parameter set claims the ${targetBits}-bit target and passed its KAT on system ${systemId}.`,
              ),
            ]
          : [table(group, ranking, systemId, format), ...rules(group, ranking)]),
        ...(excluded.length === 0
          ? []
          : [paragraph(`Claim this target but did not pass their KAT, so not ranked: ${excluded.join(', ')}.`)]),
        ...(unknown.length === 0
          ? []
          : [
              paragraph(
                `No claimed security target is known for ${unknown.map(setName).join(', ')}: neither the bundled data nor the instance header or name states one, so ${unknown.length === 1 ? 'it is' : 'they are'} ranked on no target page.`,
              ),
            ]),
      ],
    };
  });
}
