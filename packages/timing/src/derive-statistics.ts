import { median, sampleStandardDeviation } from 'simple-statistics';
import type { DerivedStatistics, TrialFigures } from './measurement-types.js';
import { TimingError } from './timing-error.js';

/** What {@link deriveStatistics} needs of one completed trial process. */
export interface DerivationTrial {
  trial: Pick<TrialFigures, 'iterations' | 'seconds' | 'ticks'>;
  baselineRssBytes: number | null;
  peakRssBytes: number | null;
}

/**
 * Statistics over completed trials (SPEC §5): mean cycles = Σ ticks / n, mean time = Σ seconds / n,
 * cycles/byte = mean cycles / L, MB/s = L · n / Σ seconds / 10^6, ops/s = n / Σ seconds, and the
 * median, minimum, maximum and sample standard deviation of the per-trial means (ticks / iterations).
 * RSS figures are maxima over the processes (SPEC §6). Nothing is rounded.
 *
 * @param trials - completed trial processes (a failed process has no trial: leave it out).
 * @param messageBytes - L, the message length in bytes. For L = 0 there are no bytes to divide
 *   by: `cyclesPerByte` is reported as 0 (and MB/s comes out 0).
 * @returns {@link DerivedStatistics}; `sdTrialCycles` is null with fewer than 2 trials.
 * @throws {@link TimingError} `NO_TRIALS` for an empty list; `INVALID_OPTIONS` for a trial with no
 *   iterations or no elapsed seconds.
 * @remarks Source: SPEC §5 (derived figures); the anchor's arm_1 `litchi_512` at 32 B gives
 *   3061 cycles, 95.7 cycles/byte, 1.14 µs, 28.1 MB/s.
 * @example
 * ```ts
 * const derived = deriveStatistics(
 *   [{ trial: { iterations: 20000, seconds: 0.0228, ticks: 61340123 }, baselineRssBytes: 1437696, peakRssBytes: 1503232 }],
 *   32,
 * );
 * derived.meanCycles; // 3067.00615
 * ```
 */
export function deriveStatistics(trials: readonly DerivationTrial[], messageBytes: number): DerivedStatistics {
  if (trials.length === 0) {
    throw new TimingError('NO_TRIALS', 'deriveStatistics got no completed trial; pass at least one trial process.');
  }
  let n = 0;
  let sumTicks = 0;
  let sumSeconds = 0;
  const trialMeans: number[] = [];
  trials.forEach(({ trial }, index) => {
    if (!(trial.iterations > 0) || !(trial.seconds > 0)) {
      throw new TimingError(
        'INVALID_OPTIONS',
        `trial ${index + 1} has ${trial.iterations} iterations over ${trial.seconds} s; both must be positive.`,
      );
    }
    n += trial.iterations;
    sumTicks += trial.ticks;
    sumSeconds += trial.seconds;
    trialMeans.push(trial.ticks / trial.iterations);
  });
  const meanCycles = sumTicks / n;
  return {
    n,
    meanCycles,
    meanSeconds: sumSeconds / n,
    cyclesPerByte: messageBytes > 0 ? meanCycles / messageBytes : 0,
    megabytesPerSecond: (messageBytes * n) / sumSeconds / 1e6,
    opsPerSecond: n / sumSeconds,
    medianTrialCycles: median(trialMeans),
    minTrialCycles: Math.min(...trialMeans),
    maxTrialCycles: Math.max(...trialMeans),
    sdTrialCycles: trialMeans.length >= 2 ? sampleStandardDeviation(trialMeans) : null,
    baselineRssBytes: maxOrNull(trials.map((t) => t.baselineRssBytes)),
    peakRssBytes: maxOrNull(trials.map((t) => t.peakRssBytes)),
  };
}

function maxOrNull(values: Array<number | null>): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : Math.max(...known);
}
