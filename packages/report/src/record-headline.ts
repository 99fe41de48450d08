import {
  formatHeadlineCycles,
  formatHeadlineCyclesPerByte,
  headlineFigure,
  type HeadlineFigure,
} from '@ngcc-perf/stats';
import type { OperationRecord, TimingRecord } from '@ngcc-perf/record';

/**
 * The headline figure of one operation (a record: an instance at one message length), from the
 * trials of its driver processes: `headlineFigure` of `@ngcc-perf/stats` — the median of the
 * trial means with its order-statistic interval — the one figure every page, export, ranking and
 * comparison shows for the operation. The seed-layout §4 table keeps the guide's mean.
 *
 * @param record - a validated record, of the hash form or the generic form (another category's operation).
 * @returns the figure in counter ticks per call; null for a failed record or one without a trial.
 * @throws nothing for a validated record.
 * @example
 * ```ts
 * const figure = recordHeadline(record); // { medianCycles: 3872, lowCycles: 3776, highCycles: 4032, coverage: 0.9375, trialsCount: 5 }
 * ```
 */
export function recordHeadline(record: TimingRecord | OperationRecord): HeadlineFigure | null {
  if (record.status !== 'complete') return null;
  const trials = record.processes.flatMap((entry) => (entry.trial === null ? [] : [entry.trial]));
  return trials.length === 0 ? null : headlineFigure(trials);
}

/**
 * The text of an operation's headline as every page and export prints it: ticks per call
 * (`'cycles'`, e.g. `3872 (3776–4032)`) or per byte (`'per-byte'`, e.g. `121.0 (118.0–126.0)`);
 * `failed` for a failed record, `—` for none.
 *
 * @param record - a validated record, or undefined when the operation was not measured.
 * @param form - `'cycles'` or `'per-byte'`.
 * @returns the text.
 * @throws `StatsError` `INVALID_NUMBER` for a record holding a negative figure (validation refuses it first).
 * @example
 * ```ts
 * formatRecordHeadline(record, 'per-byte'); // '121.0 (118.0–126.0)'
 * ```
 */
export function formatRecordHeadline(record: TimingRecord | undefined, form: 'cycles' | 'per-byte'): string {
  if (record === undefined) return '—';
  const figure = recordHeadline(record);
  if (figure === null) return 'failed';
  return form === 'cycles' ? formatHeadlineCycles(figure) : formatHeadlineCyclesPerByte(figure, record.messageBytes);
}
