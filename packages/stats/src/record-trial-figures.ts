import type { DerivedTrialFigures } from './derive-trial-figures.js';

/**
 * The guide §3.4 figures of a record's `derived` block, under the record's names
 * (@ngcc-perf/record/docs/RUN-DIRECTORY.md): the means and rates of {@link DerivedTrialFigures}, and the median,
 * minimum, maximum and sample standard deviation (null with a single trial) of the trial means,
 * in counter ticks per call.
 */
export type RecordTrialFigures = Pick<
  DerivedTrialFigures,
  'n' | 'meanCycles' | 'meanSeconds' | 'cyclesPerByte' | 'megabytesPerSecond' | 'opsPerSecond'
> &
  Record<'medianTrialCycles' | 'minTrialCycles' | 'maxTrialCycles', number> & { sdTrialCycles: number | null };

/**
 * Names the figures of {@link deriveTrialFigures} as a record's `derived` block does: the one
 * mapping the timing package writes records with and the report package checks them with.
 *
 * @param figures - from `deriveTrialFigures`.
 * @returns {@link RecordTrialFigures}; nothing is rounded.
 * @throws nothing.
 * @example
 * ```ts
 * recordTrialFigures(deriveTrialFigures([{ iterations: 1000, seconds: 0.002, ticks: 4200000 }], 32)).medianTrialCycles; // 4200
 * ```
 */
export function recordTrialFigures(figures: DerivedTrialFigures): RecordTrialFigures {
  return {
    n: figures.n,
    meanCycles: figures.meanCycles,
    meanSeconds: figures.meanSeconds,
    cyclesPerByte: figures.cyclesPerByte,
    megabytesPerSecond: figures.megabytesPerSecond,
    opsPerSecond: figures.opsPerSecond,
    medianTrialCycles: figures.trialMeans.p50,
    minTrialCycles: figures.trialMeans.min,
    maxTrialCycles: figures.trialMeans.max,
    sdTrialCycles: figures.trialMeans.sd,
  };
}
