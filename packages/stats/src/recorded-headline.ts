import { headlineFigure, type HeadlineFigure, type HeadlineTrial } from './headline-figure.js';

/** A record's `derived.headline`: the {@link HeadlineFigure} per call and the same three figures per message byte. */
export interface RecordedHeadlineFigure extends HeadlineFigure {
  /** `medianCycles / messageBytes`; null for an operation without message bytes (0). */
  medianCyclesPerByte: number | null;
  lowCyclesPerByte: number | null;
  highCyclesPerByte: number | null;
}

/**
 * The headline a record keeps (`derived.headline`): {@link headlineFigure} of its trials (the
 * median of the trial means with the order-statistic interval) and each of its three figures
 * divided by the message length; the per-byte figures are null when `messageBytes` is 0 (a
 * public-key operation, which has no message bytes) and so is a bound the figure lacks. The one
 * definition the timing package writes with and `validate` recomputes with.
 * @param trials - the record's completed trials, in order.
 * @param messageBytes - L in bytes, or 0 for an operation without per-byte figures.
 * @throws {@link StatsError} as {@link headlineFigure} does.
 * @example
 * ```ts
 * recordedHeadline([{ iterations: 1, ticks: 640 }], 64).medianCyclesPerByte; // 10
 * ```
 */
export function recordedHeadline(trials: readonly HeadlineTrial[], messageBytes: number): RecordedHeadlineFigure {
  const figure = headlineFigure(trials);
  const perByte = (cycles: number | null): number | null =>
    cycles === null || messageBytes === 0 ? null : cycles / messageBytes;
  return {
    ...figure,
    medianCyclesPerByte: perByte(figure.medianCycles),
    lowCyclesPerByte: perByte(figure.lowCycles),
    highCyclesPerByte: perByte(figure.highCycles),
  };
}
