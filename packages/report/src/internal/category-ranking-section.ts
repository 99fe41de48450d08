// A target's ranking page, the part of one category other than hash: its table of representatives
// per claimed target, the rule that picked them, the rule that combines the metrics with its
// effect, and the parameter sets left out (KAT, or no known target), named.
import { formatRankRange } from '@ngcc-perf/stats';
import type { MetricsRanking } from '@ngcc-perf/stats';
import type { BuildInstance } from '@ngcc-perf/record';
import type { CategoryDataset } from '../category-datasets.js';
import { katVerdictMeaning } from '../kat-verdict-meanings.js';
import { parameterSetRanking } from '../rank-parameter-sets.js';
import type { ParameterSetRanking, RankedParameterSet, UnrankedParameterSet } from '../rank-parameter-sets.js';
import { constantTimeBadge } from './constant-time-badge.js';
import { candidateFromSummary } from './page-links.js';
import type { PageFormat } from './page-links.js';
import { formatCyclesFigure } from './ranking-figures.js';
import { dropEffectWords, separationCells } from './ranking-words.js';
import { codeSpan, link, paragraph } from './report-model.js';
import type { Block, Inline, ReportSection } from './report-model.js';

const CHOSEN_AS: Record<RankedParameterSet['chosenAs'], string> = {
  published: 'published set',
  fastest: 'fastest of its sets',
  only: 'its only set',
};

const setName = (set: { candidate: string; instance: string }): string => `${set.candidate}/${set.instance}`;

function term(group: CategoryDataset): 'cycles' | 'ticks' {
  return group.records.some(({ record }) => record.counter?.kind === 'fixed-rate') ? 'ticks' : 'cycles';
}

/** Column labels in the run's counter term: `enc ticks` where the counter is a fixed-rate one. */
function labelsOf(ranking: ParameterSetRanking, counter: 'cycles' | 'ticks'): string[] {
  return ranking.metrics.map((metric) => metric.label.replace(/\bcycles\b/, counter));
}

function cells(ranking: ParameterSetRanking, set: UnrankedParameterSet | RankedParameterSet): Inline[][] {
  return set.metrics.map((item, column): Inline[] => {
    if (item.figure === null) return ['—'];
    const value =
      ranking.metrics[column]!.unit === 'cycles' ? formatCyclesFigure(item.figure) : `${item.figure.estimate} B`;
    const rank = 'rank' in item ? item.rank : null;
    return [rank === null ? value : `${value} · ${formatRankRange(rank)}`];
  });
}

/** A row's standing in the form of @ngcc-perf/stats, for the words beside the groups. */
const standing = (row: RankedParameterSet): MetricsRanking => ({
  metricRanks: row.metrics.map((item) => item.rank),
  meanRank: row.meanRank,
  meanRankLow: row.meanRankLow,
  meanRankHigh: row.meanRankHigh,
  overall: row.overall,
});

function table(group: CategoryDataset, ranking: ParameterSetRanking, systemId: string, format: PageFormat): Block {
  const labels = labelsOf(ranking, term(group));
  const apart = separationCells(ranking.rows.map(standing), ranking.separations, labels);
  const entryOf = (set: UnrankedParameterSet): BuildInstance =>
    group.instances.find((entry) => entry.candidate === set.candidate && entry.instance === set.instance)!;
  const nameCell = (set: UnrankedParameterSet, under: boolean): Inline[] => [
    ...(under ? ['↳ '] : [link(candidateFromSummary(set.candidate, systemId, format), set.candidate), ' ']),
    codeSpan(set.instance),
  ];
  const rows = ranking.rows.flatMap((row, index): Inline[][][] => [
    [
      [row.overall === null ? '—' : formatRankRange(row.overall)],
      nameCell(row, false),
      [CHOSEN_AS[row.chosenAs]],
      [row.targetFrom],
      constantTimeBadge(entryOf(row), systemId, format),
      [row.meanRank === null ? '—' : row.meanRank.toFixed(2)],
      ...cells(ranking, row),
      [apart[index]!],
    ],
    ...row.others.map((other): Inline[][] => [
      ['not ranked'],
      nameCell(other, true),
      ['—'],
      [other.targetFrom],
      constantTimeBadge(entryOf(other), systemId, format),
      ['—'],
      ...cells(ranking, other),
      ['—'],
    ]),
  ]);
  return {
    kind: 'table',
    caption: `${group.category.pages.title}, ${ranking.target}-bit target: one parameter set per candidate, best first; each figure · its rank range`,
    headers: [
      'rank',
      'candidate and parameter set',
      'chosen as',
      'target from',
      'constant-time',
      'mean rank',
      ...labels.map((label, column) => `${label} · rank${ranking.metrics[column]!.enters ? '' : ' (apart)'}`),
      'apart from the next group',
    ],
    numeric: [true, false, false, false, false, true, ...labels.map(() => true), false],
    rows,
  };
}

function rules(group: CategoryDataset, ranking: ParameterSetRanking): Block[] {
  const labels = labelsOf(ranking, term(group));
  const entering = labels.filter((_, column) => ranking.metrics[column]!.enters);
  const apartOnes = labels.filter((_, column) => !ranking.metrics[column]!.enters);
  const nameOf = (row: number): string => setName(ranking.rows[row]!);
  return [
    paragraph(
      `Eligible are the parameter sets that claim the ${ranking.target}-bit target and passed their KAT; of a candidate with a reference implementation version, only those. ` +
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
 * instance, its ranking at `targetBits` as data ({@link parameterSetRanking}, what
 * `rankParameterSets` gives a researcher) rendered, or a line saying none
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
    const ranking = parameterSetRanking(group, targetBits);
    const unknown = ranking.withoutTarget;
    const excluded = ranking.notPassedKat.map(
      (set) => `${setName(set)} (KAT ${set.kat ?? 'none'}: ${katVerdictMeaning(set.kat).short})`,
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
