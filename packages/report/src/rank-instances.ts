import { buildInstanceRanking, buildTargetRanking } from './internal/ranking-model.js';
import type { IntervalFigure, IntervalRank } from '@ngcc-perf/stats';
import type { RankingScope } from './internal/page-links.js';
import type { Dataset } from './dataset.js';

/** One ranked instance of {@link rankInstances}. */
export interface RankedInstance {
  candidate: string;
  instance: string;
  /** Mean of its positions over the metrics it has; null with none. */
  meanRank: number | null;
  /** The overall rank range; null when it has no figure at all. */
  overall: IntervalRank | null;
  /** Per metric (`cycles @ 64 KiB`, `static image`, …): the figure (cycles or bytes) and its rank range. */
  metrics: { label: string; figure: IntervalFigure | null; rank: IntervalRank | null }[];
  /** The candidate's other instances at the target's length, not ranked (empty for `'instances'`). */
  others: string[];
}

/**
 * The ranking a ranking page shows, as data: for a security target (128, 256, 512) one
 * representative instance per candidate, or every instance that passed its KAT (`'instances'`),
 * best overall first, each metric's figure with its rank range (`rankByMetrics` of
 * @ngcc-perf/stats: instances whose difference the trials cannot establish share a range — trials
 * measured in one interleaved batch are compared round by round, others by their headline
 * intervals). Pure. The hash instances; for a KEM, signature or key-exchange ranking at a target,
 * {@link rankParameterSets}.
 *
 * @param dataset - one run directory ({@link loadRunDirectory})
 * @param scope - `128`, `256`, `512` or `'instances'` (the default)
 * @returns the rows, best overall first
 * @example
 * ```ts
 * const rows = rankInstances(await loadRunDirectory('runs/examples'));
 * rows.map((row) => `${row.instance} ${row.metrics.find((m) => m.label === 'cycles @ 64 KiB')?.rank?.low}`);
 * ```
 */
export function rankInstances(dataset: Dataset, scope: RankingScope = 'instances'): RankedInstance[] {
  const ranking = scope === 'instances' ? buildInstanceRanking(dataset) : buildTargetRanking(dataset, scope);
  return ranking.rows.map((row) => ({
    candidate: row.entry.candidate,
    instance: row.entry.instance,
    meanRank: row.ranking.meanRank,
    overall: row.ranking.overall,
    metrics: ranking.metrics.map((metric, index) => ({
      label: metric.label,
      figure: row.figures[index] ?? null,
      rank: row.ranking.metricRanks[index] ?? null,
    })),
    others: row.others.map((other) => other.entry.instance),
  }));
}
