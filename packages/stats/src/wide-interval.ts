// Whether a headline's interval is wide relative to its median: the trials disagree enough that a
// difference of that size between two figures may be noise, not a property of the code.
import type { HeadlineFigure } from './headline-figure.js';

/**
 * The half-width, as a fraction of the median, beyond which a headline interval counts as wide:
 * 0.10 (±10 %). A steady host gives intervals of a few per cent around the median; ±10 % is where
 * two figures a tenth apart can no longer be told apart by their intervals.
 */
export const WIDE_INTERVAL_FRACTION = 0.1;

/**
 * Whether a headline's interval reaches beyond ±`fraction` of its median: its low end below
 * `median × (1 − fraction)` or its high end above `median × (1 + fraction)`.
 *
 * @param figure - a headline ({@link HeadlineFigure}); the interval in the same unit as the median.
 * @param fraction - the half-width limit, a fraction of the median (default {@link WIDE_INTERVAL_FRACTION}).
 * @returns true when wide; false when within, and false without an interval (one trial: no
 *   disagreement to show) or with a median of 0.
 * @throws nothing.
 * @example
 * ```ts
 * wideInterval({ medianCycles: 4.1, lowCycles: 3.6, highCycles: 5.1, coverage: 0.94, trialsCount: 5 }); // true
 * wideInterval({ medianCycles: 100, lowCycles: 97, highCycles: 104, coverage: 0.94, trialsCount: 5 }); // false
 * ```
 */
export function wideInterval(
  figure: Pick<HeadlineFigure, 'medianCycles' | 'lowCycles' | 'highCycles'>,
  fraction: number = WIDE_INTERVAL_FRACTION,
): boolean {
  const { medianCycles: median, lowCycles: low, highCycles: high } = figure;
  if (low === null || high === null || !(median > 0)) return false;
  return low < median * (1 - fraction) || high > median * (1 + fraction);
}
