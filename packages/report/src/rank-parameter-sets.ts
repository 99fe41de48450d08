// The ranking of a public-key category (KEM, signature, key exchange) at one claimed security
// target, as data: what the target's ranking page shows for the category, which renders from it.
import type { CategoryRegistry } from '@ngcc-perf/category';
import type { KatVerdict } from '@ngcc-perf/record';
import { BUILT_IN_REGISTRY } from '@ngcc-perf/categories';
import type { GroupSeparation, IntervalFigure, IntervalRank, MetricDropEffect } from '@ngcc-perf/stats';
import { HASH_PAGES_CATEGORY, splitByCategory } from './category-datasets.js';
import type { CategoryDataset } from './category-datasets.js';
import type { Dataset } from './dataset.js';
import { buildCategoryTargetRanking, instancesWithoutTarget } from './internal/category-ranking-model.js';
import type { CategoryRankedSet } from './internal/category-ranking-model.js';
import { ReportError } from './report-error.js';

/** Which ranking {@link rankParameterSets} gives: a category id (`kem`, `sig`, `kex`) and a target in bits. */
export interface ParameterSetScope {
  category: string;
  /** The claimed security target in bits (128, 192, 256, …). */
  target: number;
}

/** One metric of the ranking: the category's `rankingMetrics` entry. */
export interface ParameterSetMetric {
  /** As the category names it: `enc cycles`, `public key bytes`, … */
  label: string;
  /** `cycles`: counter ticks per call (the headline, with its interval); `bytes`: an exact size. */
  unit: 'cycles' | 'bytes';
  /** Whether it enters the overall mean rank (otherwise ranked apart). */
  enters: boolean;
}

/** A parameter set's figure for one metric: null where it has none. */
export interface ParameterSetFigure {
  label: string;
  /** Ticks per call with the headline interval (unbounded with one trial), or bytes (low = high). */
  figure: IntervalFigure | null;
}

/** A candidate's set at the target that is not its representative: listed, not ranked. */
export interface UnrankedParameterSet {
  candidate: string;
  instance: string;
  /** Where its target comes from: `bundled data (…)`, `its instance header`, `its name`. */
  targetFrom: string;
  metrics: ParameterSetFigure[];
}

/** The representative of one candidate at the target, with its standing. */
export interface RankedParameterSet extends UnrankedParameterSet {
  /** How it was chosen: the published comparison's set, the fastest of several by mean cycle rank, or the only one. */
  chosenAs: 'published' | 'fastest' | 'only';
  /** Per metric its figure and rank range (`rankByIntervals` of @ngcc-perf/stats; null without a figure). */
  metrics: (ParameterSetFigure & { rank: IntervalRank | null })[];
  /** Mean of its positions over the entering metrics it has, and of its best and worst positions; null with none. */
  meanRank: number | null;
  meanRankLow: number | null;
  meanRankHigh: number | null;
  /** The overall rank range (`rankMeanRanks` of @ngcc-perf/stats); null without a mean rank. */
  overall: IntervalRank | null;
  /** The candidate's other sets at this target that passed their KAT, not ranked. */
  others: UnrankedParameterSet[];
}

/** The ranking of one category at one target ({@link rankParameterSets}). */
export interface ParameterSetRanking {
  category: string;
  target: number;
  metrics: ParameterSetMetric[];
  /** One per candidate, best overall first; within a shared range by name. */
  rows: RankedParameterSet[];
  /** `groupSeparations` of @ngcc-perf/stats over the rows: what parts each overall group from the next (columns index `metrics`). */
  separations: GroupSeparation[];
  /** `metricDropEffects` of @ngcc-perf/stats: per entering metric, the rows (`item` indexes `rows`) whose overall range changes without it. */
  dropEffects: MetricDropEffect[];
  /** Sets that claim the target but did not pass their KAT: not ranked. */
  notPassedKat: { candidate: string; instance: string; kat: KatVerdict | null }[];
  /** The category's sets whose target nothing states: on no target's ranking, whatever the target. */
  withoutTarget: { candidate: string; instance: string }[];
}

const figuresOf = (metrics: readonly ParameterSetMetric[], set: CategoryRankedSet): ParameterSetFigure[] =>
  metrics.map((metric, column) => ({ label: metric.label, figure: set.figures[column] ?? null }));

const unranked = (metrics: readonly ParameterSetMetric[], set: CategoryRankedSet): UnrankedParameterSet => ({
  candidate: set.entry.candidate,
  instance: set.entry.instance,
  targetFrom: set.target.source,
  metrics: figuresOf(metrics, set),
});

/**
 * {@link rankParameterSets} of one category's instances and records ({@link splitByCategory}):
 * the one definition the ranking pages render from. Pure.
 */
export function parameterSetRanking(group: CategoryDataset, target: number): ParameterSetRanking {
  const ranking = buildCategoryTargetRanking(group, target);
  const metrics = ranking.metrics.map((metric, column): ParameterSetMetric => ({
    label: metric.label,
    unit: 'operation' in metric.source ? 'cycles' : 'bytes',
    enters: ranking.entering[column]!,
  }));
  return {
    category: group.category.id,
    target,
    metrics,
    rows: ranking.rows.map((row) => ({
      ...unranked(metrics, row),
      chosenAs: row.chosenBy,
      metrics: figuresOf(metrics, row).map((item, column) => ({
        ...item,
        rank: row.ranking.metricRanks[column] ?? null,
      })),
      meanRank: row.ranking.meanRank,
      meanRankLow: row.ranking.meanRankLow,
      meanRankHigh: row.ranking.meanRankHigh,
      overall: row.ranking.overall,
      others: row.others.map((other) => unranked(metrics, other)),
    })),
    separations: ranking.separations,
    dropEffects: ranking.dropEffects,
    notPassedKat: ranking.excluded.map((entry) => ({
      candidate: entry.candidate,
      instance: entry.instance,
      kat: entry.kat ?? null,
    })),
    withoutTarget: instancesWithoutTarget(group).map((entry) => ({
      candidate: entry.candidate,
      instance: entry.instance,
    })),
  };
}

/**
 * The ranking of a public-key category at a claimed security target, as data — what that
 * target's ranking page shows for the category, which renders from this (one definition):
 * eligible are the parameter sets claiming `target` (the category's bundled
 * `security-targets.csv` in its package's `data` folder, else the instance header, else the set's name; `targetFrom` says
 * which) that passed their KAT; one representative per candidate (`chosenAs`: the set the published
 * comparison ranks there, else the fastest of its sets by mean cycle rank, else its only one), its
 * other sets listed under it; each metric of the category's `rankingMetrics` (KEM: enc and dec
 * cycles, public key and ciphertext bytes; signature: sign and verify cycles, public key and
 * signature bytes; key exchange: exchange cycles and bandwidth) ranked on its own — cycles by the
 * paired order of @ngcc-perf/stats for sets of one interleaved batch, else their intervals, sets
 * the trials cannot tell apart sharing a range; sizes exactly — and the overall range by
 * `rankMeanRanks` over the mean ranks; with the rule's effect (`metricDropEffects`) and what parts
 * each group from the next (`groupSeparations`). For the hash ranking, {@link rankInstances}. Pure.
 *
 * @param dataset - one run directory ({@link loadRunDirectory})
 * @param scope - the category id and the target in bits
 * @param categories - the registry holding build.json's categories (default `BUILT_IN_REGISTRY` of @ngcc-perf/categories)
 * @returns the ranking; no rows when no set of the category claims the target and passed its KAT
 * @throws {@link ReportError} `INVALID_OPTION` for the hash category (use `rankInstances`), a
 *   category the registry does not hold, or a target that is not a positive integer;
 *   `INVALID_BUILD` when build.json names a category the registry does not hold
 * @example
 * ```ts
 * const kem = rankParameterSets(await loadRunDirectory('runs/examples'), { category: 'kem', target: 128 });
 * kem.rows.map((row) => `${row.candidate} ${row.instance} (${row.chosenAs}) ${row.overall?.low}–${row.overall?.high}`);
 * // per metric: kem.rows[0].metrics.find((m) => m.label === 'enc cycles')?.rank
 * ```
 */
export function rankParameterSets(
  dataset: Dataset,
  scope: ParameterSetScope,
  categories: CategoryRegistry = BUILT_IN_REGISTRY,
): ParameterSetRanking {
  const known = categories.list().map((category) => category.id);
  if (scope.category === HASH_PAGES_CATEGORY || !known.includes(scope.category))
    throw new ReportError(
      'INVALID_OPTION',
      scope.category === HASH_PAGES_CATEGORY
        ? 'rankParameterSets ranks the public-key categories; the hash ranking is rankInstances(dataset, target).'
        : `rankParameterSets: category "${scope.category}" is not registered (known: ${known.filter((id) => id !== HASH_PAGES_CATEGORY).join(', ')}).`,
      { field: 'category' },
    );
  if (!Number.isInteger(scope.target) || scope.target <= 0)
    throw new ReportError(
      'INVALID_OPTION',
      `rankParameterSets: target ${scope.target} is not a security target in bits (128, 192, 256, …).`,
      { field: 'target' },
    );
  const { others } = splitByCategory(dataset, categories);
  const group = others.find((item) => item.category.id === scope.category) ?? {
    category: categories.find(scope.category)!,
    instances: [],
    records: [],
  };
  return parameterSetRanking(group, scope.target);
}
