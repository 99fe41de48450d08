import type { DerivedStatistics } from './measurement-types.js';

/**
 * How many counter resolutions above zero a per-call median must be for its quartiles to mean
 * anything: below 3 × the smallest step the counter shows between two back-to-back reads
 * (`resolutionTicks`), the per-call figures are read-out granularity, not the call (a 32-byte
 * copy read 0 or 26 ticks per call against a 52-tick TSC step, for a loop mean of 15–17 ticks).
 */
export const PER_CALL_RESOLUTION_MULTIPLE = 3;

/**
 * Marks per-call figures that sit within {@link PER_CALL_RESOLUTION_MULTIPLE} counter resolutions
 * of zero: `perCall.belowResolution` becomes true and a warning sentence joins `warnings`, naming
 * the median, the resolution and the loop mean to read instead. Unchanged when there are no
 * per-call figures, the counter's resolution is unknown, or the median is far enough from zero.
 * @param derived - the statistics of one operation (ticks of its counter)
 * @param resolutionTicks - the counter's resolution (`MeasuredCounter.resolutionTicks`), ticks
 * @returns the statistics, marked and warned when the per-call median is below the limit
 * @example
 * ```ts
 * markPerCallBelowResolution(derived, 52).perCall?.belowResolution; // true for a median of 26 ticks
 * ```
 */
export function markPerCallBelowResolution(
  derived: DerivedStatistics,
  resolutionTicks: number | undefined,
): DerivedStatistics {
  const perCall = derived.perCall;
  if (perCall === null || resolutionTicks === undefined || !(resolutionTicks > 0)) return derived;
  const limitTicks = PER_CALL_RESOLUTION_MULTIPLE * resolutionTicks;
  if (perCall.medianCycles >= limitTicks) return derived;
  const warning =
    `per-call median ${perCall.medianCycles} ticks is within ${PER_CALL_RESOLUTION_MULTIPLE} counter resolutions ` +
    `(${PER_CALL_RESOLUTION_MULTIPLE} × ${resolutionTicks} = ${limitTicks} ticks) of zero: the per-call quartiles and IQR / median ` +
    `show the counter's granularity, not the call; read the loop mean (${derived.meanCycles.toFixed(1)} ticks per call)`;
  return { ...derived, perCall: { ...perCall, belowResolution: true }, warnings: [...derived.warnings, warning] };
}
