import { ImportError } from './import-error.js';
import type { AnchorRecord, AnchorTrial } from './anchor-record-schema.js';

/**
 * Largest relative difference allowed between a stored figure and its recomputation from the
 * trials (|stored − recomputed| ≤ 1e-9 · max(|stored|, |recomputed|)).
 *
 * @example
 * ```ts
 * Math.abs(a - b) <= ANCHOR_DERIVED_TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
 * ```
 */
export const ANCHOR_DERIVED_TOLERANCE = 1e-9;

const FIX = 'The record was altered after the harness wrote it; copy it again from the published dataset.';

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** The figures the anchor derives from a record's trials (`performance/campaign.py`, phase measure). */
function recompute(record: AnchorRecord, trials: readonly AnchorTrial[], minTotal: number) {
  const n = sum(trials.map((trial) => trial.measurements));
  const seconds = sum(trials.map((trial) => trial.seconds));
  const perTrialSeconds = trials.map((trial) => trial.seconds / trial.measurements);
  const cyclesKnown = trials.every((trial) => typeof trial.cycles === 'number' && trial.cycles > 0);
  const cycles = trials.map((trial) => trial.cycles ?? 0);
  const withMeta = record.processes.filter((entry) => entry.meta !== undefined && Object.keys(entry.meta).length > 0);
  const rss = (key: 'baseline_rss_bytes' | 'peak_rss_bytes'): number | undefined =>
    withMeta.length === 0 ? undefined : Math.max(...withMeta.map((entry) => Number(entry.meta?.[key] ?? 0)));
  return {
    measurements: n,
    guide_100_measurements_met: n >= minTotal,
    mean_seconds: seconds / n,
    median_trial_seconds: median(perTrialSeconds),
    min_trial_seconds: Math.min(...perTrialSeconds),
    max_trial_seconds: Math.max(...perTrialSeconds),
    mean_cycles: cyclesKnown ? sum(cycles) / n : null,
    median_trial_cycles: cyclesKnown ? median(trials.map((trial, index) => cycles[index]! / trial.measurements)) : null,
    operations_per_second: seconds !== 0 ? n / seconds : null,
    throughput_MB_per_second:
      record.input_bytes !== 0 && seconds !== 0 ? (record.input_bytes * n) / seconds / 1e6 : null,
    baseline_rss_bytes: rss('baseline_rss_bytes'),
    peak_rss_bytes: rss('peak_rss_bytes'),
  };
}

function agrees(stored: unknown, expected: number | boolean | null | undefined): boolean {
  if (expected === undefined) return true;
  if (typeof expected === 'number' && typeof stored === 'number') {
    return Math.abs(stored - expected) <= ANCHOR_DERIVED_TOLERANCE * Math.max(Math.abs(stored), Math.abs(expected));
  }
  return stored === expected;
}

function sameTrial(left: AnchorTrial | undefined, right: AnchorTrial | undefined): boolean {
  return (
    left !== undefined &&
    right !== undefined &&
    left.measurements === right.measurements &&
    left.seconds === right.seconds &&
    (left.cycles ?? null) === (right.cycles ?? null)
  );
}

/**
 * Checks every figure an anchor record stores about its trials against a recomputation from the
 * processes' trials, by the anchor's own formulas (SPEC §5): the copied `trials` list (exactly),
 * `measurements`, `guide_100_measurements_met`, mean/median/min/max seconds, mean and median
 * cycles (`null` when a trial has no cycle count), operations per second, MB/s, and the RSS
 * maxima over the processes' META. Numbers agree within a relative {@link ANCHOR_DERIVED_TOLERANCE}.
 *
 * @param record - a validated anchor record
 * @param displayPath - how messages name the record file
 * @param minTotal - the campaign's `planning.min_total` (the guide's 100 measurements)
 * @throws {@link ImportError} `INCONSISTENT_SOURCE` naming the file and the field that disagrees,
 *   or `INVALID_SOURCE` when a record with trials lacks a stored figure
 * @example
 * ```ts
 * checkAnchorDerived(record, 'arm_1/records/hash-15/litchi_512__hash_32.json', 100);
 * ```
 */
export function checkAnchorDerived(record: AnchorRecord, displayPath: string, minTotal: number): void {
  const trials = record.processes.flatMap((entry) => entry.trials ?? []);
  if (trials.length === 0) {
    if (record.mean_seconds !== undefined) {
      throw new ImportError(
        'INCONSISTENT_SOURCE',
        `${displayPath} field "mean_seconds": stored ${record.mean_seconds}, but no process has a trial. ${FIX}`,
      );
    }
    return;
  }
  const stored = record.trials ?? [];
  for (let index = 0; index < Math.max(stored.length, trials.length); index += 1) {
    if (!sameTrial(stored[index], trials[index])) {
      throw new ImportError(
        'INCONSISTENT_SOURCE',
        `${displayPath} field "trials[${index}]": ${JSON.stringify(stored[index] ?? null)} is not the processes' trial ${JSON.stringify(trials[index] ?? null)} (the list must repeat the processes' trials in order). ${FIX}`,
      );
    }
  }
  const expected = recompute(record, trials, minTotal);
  for (const [field, value] of Object.entries(expected)) {
    const actual = (record as Record<string, unknown>)[field];
    if (actual === undefined && value !== undefined) {
      throw new ImportError(
        'INVALID_SOURCE',
        `${displayPath}: field "${field}" is missing, but the record has trials (expected ${String(value)}). ${FIX}`,
      );
    }
    if (!agrees(actual, value)) {
      const relative =
        typeof actual === 'number' && typeof value === 'number'
          ? ` (relative difference ${(Math.abs(actual - value) / Math.max(Math.abs(actual), Math.abs(value))).toPrecision(2)}, tolerance ${ANCHOR_DERIVED_TOLERANCE})`
          : '';
      throw new ImportError(
        'INCONSISTENT_SOURCE',
        `${displayPath} field "${field}": stored ${JSON.stringify(actual)}, but the trials give ${JSON.stringify(value)}${relative}. ${FIX}`,
      );
    }
  }
}
