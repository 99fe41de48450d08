// What a ranking page shows, before rendering: the eligible instances, one representative per
// candidate (others listed under it), the figures of every metric and their rank ranges
// (rankByMetrics of @ngcc-perf/stats, so that no position is noise).
import { katEligible } from '../kat-verdict-meanings.js';
import { groupSeparations, intervalOrder, metricDropEffects, rankByMetrics } from '@ngcc-perf/stats';
import type {
  EstablishedOrder,
  GroupSeparation,
  IntervalFigure,
  MetricDropEffect,
  MetricsRanking,
} from '@ngcc-perf/stats';
import type { BuildInstance, TimingRecord } from '@ngcc-perf/record';
import { isBaselineCandidate } from '../baseline-figures.js';
import type { Dataset } from '../dataset.js';
import { rankingMetrics } from './ranking-figures.js';
import type { RankingMetric } from './ranking-figures.js';
import { naturalCompare } from './natural-sort.js';
import { summarySizes } from './summary-rows.js';

/**
 * The security targets of the NGCC site's ordered measurements and the digest length each takes: 128 → 256 bits, 256 → 512,
 * 512 → 1024 (an XOF instance counts at the output length it is measured at).
 */
export const SECURITY_TARGETS = [
  { targetBits: 128, digestBits: 256 },
  { targetBits: 256, digestBits: 512 },
  { targetBits: 512, digestBits: 1024 },
] as const;

/** A security target's bits: 128, 256 or 512 for hash; a public-key category may claim others (192, 384). */
export type SecurityTargetBits = number;

/** One instance with its records and one figure per metric (null where it has none). */
export interface MeasuredInstance {
  entry: BuildInstance;
  records: TimingRecord[];
  figures: (IntervalFigure | null)[];
}

/** A ranked row: the instance, its standing, and the candidate's other instances at the width. */
export interface RankingRow extends MeasuredInstance {
  ranking: MetricsRanking;
  /** Other eligible instances of the same candidate (other implementation versions), not ranked. */
  others: MeasuredInstance[];
}

/** One ranking: its metrics (the columns) and its rows, best overall first. */
export interface Ranking {
  metrics: RankingMetric[];
  rows: RankingRow[];
  /** What separates each overall group from the next, in group order (`groupSeparations` of @ngcc-perf/stats). */
  separations: GroupSeparation[];
  /** Per entering metric, the rows whose overall range changes without it (`metricDropEffects`), row indexes. */
  dropEffects: MetricDropEffect[];
  /** Instances of the width that did not pass their KAT (not ranked). */
  excluded: BuildInstance[];
}

/** The instances a ranking may hold: every built instance but the campaign's baseline (not a candidate). */
function candidateInstances(dataset: Dataset): BuildInstance[] {
  return dataset.build.instances.filter((entry) => !isBaselineCandidate(dataset, entry));
}

function instancesWithRecords(dataset: Dataset, entries: readonly BuildInstance[]) {
  return entries.map((entry) => ({
    entry,
    records: dataset.records
      .map(({ record }) => record)
      .filter((record) => record.candidate === entry.candidate && record.instance === entry.instance)
      .sort((a, b) => a.messageBytes - b.messageBytes),
  }));
}

/**
 * Per metric, what the data establish about two rows: the metric's own comparison (cycles measured
 * in one interleaved batch are compared trial by trial), else their intervals.
 */
function establishedOrders(metrics: readonly RankingMetric[], measured: readonly MeasuredInstance[]) {
  return metrics.map((metric, column): EstablishedOrder | undefined => {
    const compare = metric.order;
    if (compare === undefined) return undefined;
    // rows without a figure in this column are never compared (rankByMetrics leaves them out)
    const byIntervals = intervalOrder(measured.map((item) => item.figures[column]!));
    return (a, b) => compare(measured[a]!.records, measured[b]!.records) ?? byIntervals(a, b);
  });
}

function rankRows(
  metrics: readonly RankingMetric[],
  measured: MeasuredInstance[],
  others: Map<MeasuredInstance, MeasuredInstance[]>,
): RankingRow[] {
  const rankings = rankByMetrics(
    measured.map((item) => item.figures),
    establishedOrders(metrics, measured),
    { entering: metrics.map((metric) => metric.enters) },
  );
  const rows = measured.map((item, index): RankingRow => ({
    ...item,
    ranking: rankings[index]!,
    others: others.get(item) ?? [],
  }));
  // groups best first; within a shared range by name, so that the row order claims no difference
  const group = (row: RankingRow): number => row.ranking.overall?.group ?? Infinity;
  const name = (row: RankingRow): string => `${row.entry.candidate}\u0000${row.entry.instance}`;
  return rows.sort((a, b) => group(a) - group(b) || naturalCompare(name(a), name(b)));
}

/** The ranking of rows sorted best first, with its group separations and the effect of leaving each metric out. */
function ranked(metrics: RankingMetric[], rows: RankingRow[], excluded: BuildInstance[]): Ranking {
  const entering = metrics.map((metric) => metric.enters);
  const sorted = rows.map((row) => row.ranking);
  return {
    metrics,
    rows,
    separations: groupSeparations(sorted, entering),
    dropEffects: metricDropEffects(sorted, entering),
    excluded,
  };
}

function measure(metrics: RankingMetric[], item: { entry: BuildInstance; records: TimingRecord[] }): MeasuredInstance {
  return { ...item, figures: metrics.map((metric) => metric.figureOf(item.entry, item.records)) };
}

/**
 * The ranking of one security target (the NGCC site's ordered measurements): instances of the target's digest length that
 * passed their KAT; per candidate one representative — its reference implementation version,
 * else the one with the fewest cycles at the longest message — ranked; the others listed under it.
 */
export function buildTargetRanking(dataset: Dataset, targetBits: SecurityTargetBits): Ranking {
  const target = SECURITY_TARGETS.find((item) => item.targetBits === targetBits);
  if (target === undefined) return ranked([], [], []);
  const { digestBits } = target;
  const atWidth = candidateInstances(dataset).filter((entry) => entry.digestBits === digestBits);
  const eligible = instancesWithRecords(
    dataset,
    atWidth.filter((entry) => katEligible(entry.kat)),
  );
  const metrics = rankingMetrics(summarySizes(dataset), eligible);
  const measured = eligible.map((item) => measure(metrics, item));
  const longest = summarySizes(dataset).length - 1; // the cycles metrics come first, one per size
  const candidates = [...new Set(measured.map((item) => item.entry.candidate))];
  const others = new Map<MeasuredInstance, MeasuredInstance[]>();
  const representatives = candidates.map((candidate) => {
    const own = measured.filter((item) => item.entry.candidate === candidate);
    const speed = (item: MeasuredInstance): number => item.figures[longest]?.estimate ?? Infinity;
    const chosen =
      own.find((item) => item.entry.variant === 'reference') ??
      own.reduce((best, item) => (speed(item) < speed(best) ? item : best));
    others.set(
      chosen,
      own.filter((item) => item !== chosen),
    );
    return chosen;
  });
  return ranked(
    metrics,
    rankRows(metrics, representatives, others),
    atWidth.filter((entry) => !katEligible(entry.kat)),
  );
}

/**
 * Every instance that passed its KAT, each ranked on its own (no representative): the view in
 * which instances of one candidate — the same code at several output lengths — are compared.
 */
export function buildInstanceRanking(dataset: Dataset): Ranking {
  const eligible = instancesWithRecords(
    dataset,
    candidateInstances(dataset).filter((entry) => katEligible(entry.kat)),
  );
  const metrics = rankingMetrics(summarySizes(dataset), eligible);
  return ranked(
    metrics,
    rankRows(
      metrics,
      eligible.map((item) => measure(metrics, item)),
      new Map(),
    ),
    candidateInstances(dataset).filter((entry) => !katEligible(entry.kat)),
  );
}
