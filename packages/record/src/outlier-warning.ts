import type { CounterKind } from './record-schema.js';

/**
 * The word a counter's per-call figures go by: `ticks` for a fixed-rate counter (TSC, CNTVCT),
 * `cycles` for a core-cycle counter (PMU); `cycles` when the kind is not known.
 * @example
 * counterUnit('fixed-rate'); // 'ticks'
 */
export function counterUnit(kind: CounterKind | null | undefined): 'ticks' | 'cycles' {
  return kind === 'fixed-rate' ? 'ticks' : 'cycles';
}

/**
 * A record's warning for a trial whose mean lies outside Tukey's fences (guide §3.4), in its
 * counter's own term — the one sentence timing writes into `derived.warnings` and the report's
 * validation recomputes.
 * @param trialIndex - 0-based index of the trial among the record's completed trials
 * @param meanPerCall - the trial's mean per call, counter units
 * @param fences - Tukey's fences of the trial means, counter units
 * @param kind - the record's `counter.kind`
 * @example
 * outlierWarning(3, 3046.1, { lowFence: 3055.1, highFence: 3073.5 }, 'fixed-rate');
 * // "trial 4 (mean 3046.1 ticks) lies outside Tukey's fences [3055.1, 3073.5]"
 */
export function outlierWarning(
  trialIndex: number,
  meanPerCall: number,
  fences: { lowFence: number; highFence: number },
  kind: CounterKind | null | undefined,
): string {
  return (
    `trial ${trialIndex + 1} (mean ${meanPerCall.toFixed(1)} ${counterUnit(kind)}) lies outside Tukey's fences ` +
    `[${fences.lowFence.toFixed(1)}, ${fences.highFence.toFixed(1)}]`
  );
}
