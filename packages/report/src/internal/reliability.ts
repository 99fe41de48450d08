// How far a record's figure can be trusted: its trial CV against the limit for its message
// length, the 95 % interval of the mean, and a figure noise cannot flip (the per-call median, or
// the median of the trial means). One definition for every page.
import { cvWarningLimit } from '@ngcc-perf/stats';
import { formatCyclesPerByte } from '@ngcc-perf/stats';
import type { CompleteTimingRecord, OperationRecord, TimingRecord } from '@ngcc-perf/record';

/** The marker put beside a figure whose trials vary more than the limit allows. */
export const UNSTEADY_MARKER = '‡';

/** True when the record's trial CV is above the limit for its message length. */
export function isUnsteady(record: TimingRecord): boolean {
  return (
    record.status === 'complete' &&
    typeof record.derived.cv === 'number' &&
    record.derived.cv > cvWarningLimit(record.messageBytes)
  );
}

/** `3.1 %` (one decimal), `—` without a CV (a single trial), `not recorded` when the record has no CV field. */
export function formatCvPercent(record: TimingRecord): string {
  if (record.status === 'complete' && record.derived.cv === undefined) return 'not recorded';
  if (record.status !== 'complete' || typeof record.derived.cv !== 'number') return '—';
  return `${(record.derived.cv * 100).toFixed(1)} %`;
}

/** The CV with the marker when above its limit: `20.3 % ‡`. */
export function cvCell(record: TimingRecord): string {
  const text = formatCvPercent(record);
  return isUnsteady(record) ? `${text} ${UNSTEADY_MARKER}` : text;
}

/**
 * The 95 % interval of the mean cost per call (guide §3.4.2: the t-interval of the trial means,
 * `derived.ciLowCycles`–`ciHighCycles`), as every page and export shows it: the lower bound cut at 0,
 * since no call costs less than nothing (with two trials far apart the t-interval reaches below
 * zero). Null for a failed record or one without an interval (a single trial). The one definition
 * of this interval for the pages and the CSV.
 */
export function meanIntervalCycles(
  record: TimingRecord | OperationRecord,
): { lowCycles: number; highCycles: number } | null {
  if (record.status !== 'complete') return null;
  const { ciLowCycles, ciHighCycles } = record.derived;
  if (typeof ciLowCycles !== 'number' || typeof ciHighCycles !== 'number') return null;
  return { lowCycles: Math.max(0, ciLowCycles), highCycles: ciHighCycles };
}

/** {@link meanIntervalCycles} in cycles/byte, `31.2–31.9`; `—` with a single trial. */
export function formatIntervalPerByte(record: TimingRecord): string {
  const interval = meanIntervalCycles(record);
  if (interval === null) return '—';
  const perByte = (cycles: number): string => formatCyclesPerByte(cycles / record.messageBytes);
  return `${perByte(interval.lowCycles)}–${perByte(interval.highCycles)}`;
}

/**
 * The cycles per call that noise cannot flip: the per-call median where the record has one, else
 * the median of the trial means (one disturbed trial moves a mean, not a median).
 */
export function robustCycles(record: CompleteTimingRecord): {
  cycles: number;
  basis: 'per-call median' | 'median trial';
} {
  const perCall = record.derived.perCall;
  if (perCall !== null && perCall !== undefined && perCall.medianCycles > 0)
    return { cycles: perCall.medianCycles, basis: 'per-call median' };
  return { cycles: record.derived.medianTrialCycles, basis: 'median trial' };
}

/** `5 % below 4096 B, 2 % from 4096 B` — the limits, for sentences. */
export const CV_LIMIT_SENTENCE =
  'the trial CV (standard deviation of the trial means over their mean) is above its limit: 5 % below 4096 B, 2 % from 4096 B';
