// Recomputes every derived statistic of a record, of either form, from its raw trials (guide §3.4–6,
// with `deriveTrialFigures` and `recordedHeadline` of @ngcc-perf/stats, the definitions the timing
// package writes with) and names the first field that disagrees.
import { deriveTrialFigures, recordedHeadline } from '@ngcc-perf/stats';
import { median } from 'simple-statistics';
import { outlierWarning, type TimingRecord, type Trial } from '@ngcc-perf/record';
import type { ValidationDifference } from '../validation-difference.js';
import { findPerCallDifference } from './validate-per-call.js';

const RELATIVE_TOLERANCE = 1e-9;

/** Whether a recorded figure equals its recomputation, to 1e-9 relative (JSON's decimal round trip). */
export function close(actual: number, expected: number): boolean {
  return (
    Math.abs(actual - expected) <= RELATIVE_TOLERANCE * Math.max(Math.abs(actual), Math.abs(expected)) ||
    actual === expected
  );
}

const show = (value: unknown): string => (value === undefined ? 'missing' : JSON.stringify(value));

/** What the recomputation reads of a record: the fields both forms (hash and generic) share. */
export type DerivedRecord = Pick<TimingRecord, 'processes' | 'derived' | 'perCallSample' | 'counter'> & {
  messageBytes?: number;
};

/**
 * The first derived figure of `record` that its trials do not give, or null.
 * @param messageBytes - L the figures are per byte of, as the engine derived them: default a hash
 *   record's `messageBytes`; for a generic record its category's `bytesPerCall` (0 when none).
 */
export function findDerivedDifference(
  file: string,
  record: DerivedRecord,
  messageBytes: number = record.messageBytes ?? 0,
): ValidationDifference | null {
  const derived = record.derived;
  if (derived === null || derived === undefined) return null;
  const differ = (field: string, actual: unknown, expected: unknown): ValidationDifference => ({
    check: 'derived',
    file,
    field: `derived.${field}`,
    line: null,
    message: `${file}: field "derived.${field}" is ${show(actual)}, but the trials give ${show(expected)}. Regenerate the record with "ngcc-perf run"; derived figures are never edited by hand.`,
  });
  const trials: Trial[] = record.processes.flatMap((entry) => (entry.trial === null ? [] : [entry.trial]));
  if (trials.length === 0) return differ('n', derived.n, 'no trial');
  const figures = deriveTrialFigures(trials, messageBytes);
  const spread = figures.trialMeans;
  if (derived.n !== figures.n) return differ('n', derived.n, figures.n);
  const plain: [keyof typeof derived & string, number][] = [
    ['meanCycles', figures.meanCycles],
    ['meanSeconds', figures.meanSeconds],
    ['cyclesPerByte', figures.cyclesPerByte],
    ['megabytesPerSecond', figures.megabytesPerSecond],
    ['opsPerSecond', figures.opsPerSecond],
    ['medianTrialCycles', spread.p50],
    ['minTrialCycles', spread.min],
    ['maxTrialCycles', spread.max],
  ];
  for (const [field, expected] of plain)
    if (!close(derived[field] as number, expected)) return differ(field, derived[field], expected);
  const sd = spread.sd;
  if (
    sd === null
      ? !(derived.sdTrialCycles === null || derived.sdTrialCycles === 0)
      : derived.sdTrialCycles === null || !close(derived.sdTrialCycles, sd)
  ) {
    return differ('sdTrialCycles', derived.sdTrialCycles, sd);
  }
  if (derived.cv !== undefined) {
    if (spread.cv === null ? derived.cv !== null : derived.cv === null || !close(derived.cv, spread.cv))
      return differ('cv', derived.cv, spread.cv);
  }
  for (const [field, expected] of [
    ['ciLowCycles', spread.ciLow],
    ['ciHighCycles', spread.ciHigh],
  ] as const) {
    const value = derived[field];
    if (value === undefined) continue;
    if (expected === null ? value !== null : value === null || !close(value, expected))
      return differ(field, value, expected);
  }
  if (derived.outlierTrials !== undefined) {
    const outliers = figures.outliers.outlierIndices;
    if (JSON.stringify(outliers) !== JSON.stringify(derived.outlierTrials))
      return differ('outlierTrials', derived.outlierTrials, outliers);
  }
  if (derived.warnings !== undefined) {
    // The outlier sentences, in the counter's term (ticks or cycles), as timing writes them.
    const written = derived.warnings.filter((warning) => warning.includes("lies outside Tukey's fences"));
    const expected = figures.outliers.outlierIndices.map((index) =>
      outlierWarning(index, figures.trialMeansCycles[index] ?? Number.NaN, figures.outliers, record.counter?.kind),
    );
    if (JSON.stringify(written) !== JSON.stringify(expected)) return differ('warnings', written, expected);
  }
  if (derived.headline !== undefined) {
    // the headline per call and per byte, as the timing package writes it
    const headline = recordedHeadline(trials, messageBytes);
    for (const key of Object.keys(headline) as (keyof typeof headline)[]) {
      const value = derived.headline[key];
      const expected = headline[key];
      if (expected === null ? value !== null : value === null || !close(value, expected))
        return differ(`headline.${key}`, value, expected);
    }
  }
  const perCallDifference = findPerCallDifference(file, record);
  if (perCallDifference !== null) return perCallDifference;
  if (derived.perCall === undefined && record.perCallSample?.trial?.perCall !== undefined) {
    return differ('perCall', undefined, 'the quartiles of perCallSample');
  }
  if (derived.perCall !== undefined) {
    const fromTrials = trials.flatMap((trial) => (trial.perCall === undefined ? [] : [trial.perCall]));
    // Per-call trials give the figures; else the per-call sample process, when the record has one.
    const sampleFigures = record.perCallSample?.trial?.perCall;
    const perCalls =
      fromTrials.length === trials.length ? fromTrials : sampleFigures === undefined ? [] : [sampleFigures];
    if (perCalls.length === 0) {
      if (derived.perCall !== null) return differ('perCall', derived.perCall, null);
    } else {
      if (derived.perCall === null)
        return differ('perCall', null, 'per-call figures of every trial or of the per-call sample');
      const checks: [string, number | undefined, number][] = [
        ['calls', derived.perCall.calls, perCalls.reduce((sum, figures) => sum + figures.count, 0)],
        ['medianCycles', derived.perCall.medianCycles, median(perCalls.map((figures) => figures.medianTicks))],
        ['q1Cycles', derived.perCall.q1Cycles, median(perCalls.map((figures) => figures.q1Ticks))],
        ['q3Cycles', derived.perCall.q3Cycles, median(perCalls.map((figures) => figures.q3Ticks))],
      ];
      for (const [field, actual, expected] of checks)
        if (actual === undefined || !close(actual, expected)) return differ(`perCall.${field}`, actual, expected);
    }
  }
  for (const field of ['baselineRssBytes', 'peakRssBytes'] as const) {
    const values = record.processes.flatMap((entry) =>
      entry.trial === null || entry[field] === null ? [] : [entry[field]],
    );
    const maximum = values.length === 0 ? null : Math.max(...values);
    if (derived[field] !== maximum) return differ(field, derived[field], maximum);
  }
  return null;
}
