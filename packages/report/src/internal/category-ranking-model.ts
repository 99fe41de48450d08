// The ranking of a category other than hash at one claimed security target: its parameter sets
// whose target the category's bundled data (or the set's own header or name) states, one
// representative per candidate, each metric of the category's `rankingMetrics` ranked on its own
// (cycles by the paired order of @ngcc-perf/stats, else their intervals; sizes exactly), overall by
// the mean rank over the entering metrics.
import { groupSeparations, intervalOrder, metricDropEffects, rankByMetrics } from '@ngcc-perf/stats';
import type {
  EstablishedOrder,
  GroupSeparation,
  IntervalFigure,
  MetricDropEffect,
  MetricsRanking,
} from '@ngcc-perf/stats';
import type { AlgorithmCategory, CategoryRankingMetric, SecurityTarget } from '@ngcc-perf/category';
import type { BuildInstance, OperationRecord } from '@ngcc-perf/record';
import type { CategoryDataset } from '../category-datasets.js';
import { katEligible } from '../kat-verdict-meanings.js';
import { pairedCyclesOrder } from './cycles-order.js';
import { naturalCompare } from './natural-sort.js';

/** One parameter set with its claimed target, its records and a figure per metric (null where it has none). */
export interface CategoryRankedSet {
  entry: BuildInstance;
  target: SecurityTarget;
  records: OperationRecord[];
  figures: (IntervalFigure | null)[];
}

/** A ranked representative, with its standing and the candidate's other sets at the target. */
export interface CategoryRankingRow extends CategoryRankedSet {
  ranking: MetricsRanking;
  /** How it was chosen: the published comparison's set, the fastest of several by mean cycle rank, or the only one. */
  chosenBy: 'published' | 'fastest' | 'only';
  /** The candidate's other eligible sets at this target, not ranked. */
  others: CategoryRankedSet[];
}

/** The ranking of one category at one target. */
export interface CategoryTargetRanking {
  category: AlgorithmCategory;
  targetBits: number;
  metrics: readonly CategoryRankingMetric[];
  /** Per metric, whether it enters the mean rank. */
  entering: boolean[];
  /** Best overall first; within a shared range by name. */
  rows: CategoryRankingRow[];
  /** In row order: what separates each overall group from the next, and what leaving each metric out does. */
  separations: GroupSeparation[];
  dropEffects: MetricDropEffect[];
  /** Sets at this target that did not pass their KAT (not ranked). */
  excluded: BuildInstance[];
}

/** The claimed target of a built instance, by its category ({@link AlgorithmCategory.securityTarget}), or null. */
export function targetOf(category: AlgorithmCategory, entry: BuildInstance): SecurityTarget | null {
  const instance = {
    name: entry.instance,
    parameters: entry.parameters ?? {},
    candidate: entry.candidate,
    algorithm: entry.algorithm,
  };
  if (category.securityTarget !== undefined) return category.securityTarget(instance);
  const bits = category.securityTargetBits(instance);
  return bits === null ? null : { bits, source: 'the category' };
}

/** The claimed targets of a category's instances, ascending. */
export function categoryTargets(group: CategoryDataset): number[] {
  const bits = group.instances.flatMap((entry) => {
    const target = targetOf(group.category, entry);
    return target === null ? [] : [target.bits];
  });
  return [...new Set(bits)].sort((a, b) => a - b);
}

/** The instances of a category whose target nothing states: listed apart, never guessed. */
export function instancesWithoutTarget(group: CategoryDataset): BuildInstance[] {
  return group.instances.filter((entry) => targetOf(group.category, entry) === null);
}

const exact = (value: number): IntervalFigure => ({ estimate: value, ciLow: value, ciHigh: value });

/** The record a metric reads: the operation of that name (and parameters, when given). */
function recordOf(metric: CategoryRankingMetric, records: readonly OperationRecord[]): OperationRecord | undefined {
  const source = metric.source;
  if (!('operation' in source)) return undefined;
  return records.find(
    (record) =>
      record.operation.name === source.operation &&
      Object.entries(source.parameters ?? {}).every(([key, value]) => record.operation.parameters[key] === value),
  );
}

/**
 * A metric's figure: an operation's headline ticks per call with its interval (unbounded with one
 * trial), or an item (6) size in bytes, exact (the getter's figure, else the longest written).
 */
function figureOf(metric: CategoryRankingMetric, entry: BuildInstance, records: readonly OperationRecord[]) {
  const source = metric.source;
  if ('size' in source) {
    const size = entry.sizes?.find((item) => item.key === source.size);
    const bytes = size?.getterBytes ?? size?.writtenBytes ?? null;
    return bytes === null ? null : exact(bytes);
  }
  if ('resource' in source) {
    return source.resource === 'imageBytes' && typeof entry.imageBytes === 'number' ? exact(entry.imageBytes) : null;
  }
  const record = recordOf(metric, records);
  const headline = record?.status === 'complete' ? record.derived.headline : null;
  if (headline == null) return null;
  return {
    estimate: headline.medianCycles,
    ciLow: headline.lowCycles ?? -Infinity,
    ciHigh: headline.highCycles ?? Infinity,
  };
}

/** Per metric, what the data establish about two sets: cycles measured in one batch compared round by round, else intervals. */
function orders(metrics: readonly CategoryRankingMetric[], sets: readonly CategoryRankedSet[]) {
  return metrics.map((metric, column): EstablishedOrder | undefined => {
    if (!('operation' in metric.source)) return undefined;
    const byIntervals = intervalOrder(sets.map((set) => set.figures[column]!));
    return (a, b) =>
      pairedCyclesOrder(recordOf(metric, sets[a]!.records), recordOf(metric, sets[b]!.records)) ?? byIntervals(a, b);
  });
}

/** Mean cycle rank of each of one candidate's sets among themselves: the published "fastest eligible set". */
function fastestOf(metrics: readonly CategoryRankingMetric[], own: readonly CategoryRankedSet[]): CategoryRankedSet {
  const cycles = metrics.map((metric) => 'operation' in metric.source);
  const ranks = rankByMetrics(
    own.map((set) => set.figures),
    orders(metrics, own),
    { entering: cycles },
  );
  const score = (index: number): number => ranks[index]!.meanRank ?? Infinity;
  let best = 0;
  own.forEach((set, index) => {
    if (
      score(index) < score(best) ||
      (score(index) === score(best) && naturalCompare(set.entry.instance, own[best]!.entry.instance) < 0)
    )
      best = index;
  });
  return own[best]!;
}

/**
 * The ranking of a category at a claimed target. Eligible: the sets whose target is `targetBits`
 * and that passed their KAT; the reference implementation versions when a candidate has any.
 * Per candidate one representative — the set the published comparison ranks for it at this
 * target (bundled data), else the fastest by mean cycle rank among its own sets (ties by name) —
 * the others listed under it. Pure.
 */
export function buildCategoryTargetRanking(group: CategoryDataset, targetBits: number): CategoryTargetRanking {
  const { category } = group;
  const metrics = category.rankingMetrics;
  const entering = metrics.map((metric) => metric.enters ?? true);
  const atTarget = group.instances.flatMap((entry) => {
    const target = targetOf(category, entry);
    return target?.bits === targetBits ? [{ entry, target }] : [];
  });
  const sets = atTarget
    .filter(({ entry }) => katEligible(entry.kat))
    .map(({ entry, target }): CategoryRankedSet => {
      const records = group.records
        .map(({ record }) => record)
        .filter((record) => record.candidate === entry.candidate && record.instance === entry.instance);
      return { entry, target, records, figures: metrics.map((metric) => figureOf(metric, entry, records)) };
    });
  const candidates = [...new Set(sets.map((set) => set.entry.candidate))];
  const chosen = candidates.map((candidate) => {
    const all = sets.filter((set) => set.entry.candidate === candidate);
    const reference = all.filter((set) => set.entry.variant === 'reference');
    const pool = reference.length > 0 ? reference : all;
    const published = pool.find((set) => set.target.publishedRepresentative === true);
    const representative = published ?? (pool.length === 1 ? pool[0]! : fastestOf(metrics, pool));
    const chosenBy: CategoryRankingRow['chosenBy'] =
      published !== undefined ? 'published' : pool.length === 1 ? 'only' : 'fastest';
    return { representative, chosenBy, others: all.filter((set) => set !== representative) };
  });
  const representatives = chosen.map((item) => item.representative);
  const rankings = rankByMetrics(
    representatives.map((set) => set.figures),
    orders(metrics, representatives),
    { entering },
  );
  const rows = chosen.map((item, index): CategoryRankingRow => ({
    ...item.representative,
    ranking: rankings[index]!,
    chosenBy: item.chosenBy,
    others: item.others,
  }));
  const groupOf = (row: CategoryRankingRow): number => row.ranking.overall?.group ?? Infinity;
  const name = (row: CategoryRankingRow): string => `${row.entry.candidate}\u0000${row.entry.instance}`;
  rows.sort((a, b) => groupOf(a) - groupOf(b) || naturalCompare(name(a), name(b)));
  const sorted = rows.map((row) => row.ranking);
  return {
    category,
    targetBits,
    metrics,
    entering,
    rows,
    separations: groupSeparations(sorted, entering),
    dropEffects: metricDropEffects(sorted, entering),
    excluded: atTarget.filter(({ entry }) => !katEligible(entry.kat)).map(({ entry }) => entry),
  };
}
