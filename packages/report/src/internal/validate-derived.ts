// Recomputes every derived statistic of a record from its raw trials (SPEC §5–6, the timing
// package's formulas) and names the first field that disagrees.
import { mean, median, sampleStandardDeviation } from 'simple-statistics';
import { studentTQuantile } from './student-t.js';
import type { TimingRecord, Trial } from '../record-schema.js';
import type { ValidationDifference } from '../validation-difference.js';
import { findPerCallDifference } from './validate-per-call.js';

const RELATIVE_TOLERANCE = 1e-9;
/** The timing package prints t(0.975; df) with three decimals (NIST/SEMATECH table): allow that rounding. */
const T_TOLERANCE = 0.00051;

function close(actual: number, expected: number): boolean {
  return Math.abs(actual - expected) <= RELATIVE_TOLERANCE * Math.max(Math.abs(actual), Math.abs(expected)) || actual === expected;
}

/** Linear-interpolation quantile of sorted values (Hyndman & Fan definition 7). */
function quantile(sorted: number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const below = Math.floor(h);
  return sorted[below]! + (h - below) * (sorted[Math.min(below + 1, sorted.length - 1)]! - sorted[below]!);
}

function tukeyOutliers(values: number[]): number[] {
  if (values.length < 3) return [];
  const sorted = [...values].sort((a, b) => a - b);
  const q1 = quantile(sorted, 0.25);
  const q3 = quantile(sorted, 0.75);
  const spread = 1.5 * (q3 - q1);
  return values.flatMap((value, index) => (value < q1 - spread || value > q3 + spread ? [index] : []));
}

const show = (value: unknown): string => (value === undefined ? 'missing' : JSON.stringify(value));

export function findDerivedDifference(file: string, record: TimingRecord): ValidationDifference | null {
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
  let n = 0;
  let ticks = 0;
  let seconds = 0;
  for (const trial of trials) {
    n += trial.iterations;
    ticks += trial.ticks;
    seconds += trial.seconds;
  }
  const means = trials.map((trial) => trial.ticks / trial.iterations);
  const meanCycles = ticks / n;
  const L = record.messageBytes;
  if (derived.n !== n) return differ('n', derived.n, n);
  const plain: [keyof typeof derived & string, number][] = [
    ['meanCycles', meanCycles],
    ['meanSeconds', seconds / n],
    ['cyclesPerByte', L > 0 ? meanCycles / L : 0],
    ['megabytesPerSecond', (L * n) / seconds / 1e6],
    ['opsPerSecond', n / seconds],
    ['medianTrialCycles', median(means)],
    ['minTrialCycles', Math.min(...means)],
    ['maxTrialCycles', Math.max(...means)],
  ];
  for (const [field, expected] of plain) if (!close(derived[field] as number, expected)) return differ(field, derived[field], expected);
  const sd = means.length > 1 ? sampleStandardDeviation(means) : null;
  if (sd === null ? !(derived.sdTrialCycles === null || derived.sdTrialCycles === 0) : derived.sdTrialCycles === null || !close(derived.sdTrialCycles, sd)) {
    return differ('sdTrialCycles', derived.sdTrialCycles, sd);
  }
  const average = mean(means);
  if (derived.cv !== undefined) {
    const cv = sd === null || average === 0 ? null : sd / Math.abs(average);
    if (cv === null ? derived.cv !== null : derived.cv === null || !close(derived.cv, cv)) return differ('cv', derived.cv, cv);
  }
  for (const field of ['ciLowCycles', 'ciHighCycles'] as const) {
    const value = derived[field];
    if (value === undefined) continue;
    if (sd === null) {
      if (value !== null) return differ(field, value, null);
      continue;
    }
    const t = studentTQuantile(0.975, means.length - 1);
    const halfWidth = (t * sd) / Math.sqrt(means.length);
    const expected = field === 'ciLowCycles' ? average - halfWidth : average + halfWidth;
    const slack = (T_TOLERANCE * sd) / Math.sqrt(means.length) + RELATIVE_TOLERANCE * Math.abs(expected);
    if (value === null || Math.abs(value - expected) > slack) return differ(field, value, expected);
  }
  if (derived.outlierTrials !== undefined) {
    const outliers = tukeyOutliers(means);
    if (JSON.stringify(outliers) !== JSON.stringify(derived.outlierTrials)) return differ('outlierTrials', derived.outlierTrials, outliers);
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
    const perCalls = fromTrials.length === trials.length ? fromTrials : sampleFigures === undefined ? [] : [sampleFigures];
    if (perCalls.length === 0) {
      if (derived.perCall !== null) return differ('perCall', derived.perCall, null);
    } else {
      if (derived.perCall === null) return differ('perCall', null, 'per-call figures of every trial or of the per-call sample');
      const checks: [string, number | undefined, number][] = [
        ['calls', derived.perCall.calls, perCalls.reduce((sum, figures) => sum + figures.count, 0)],
        ['medianCycles', derived.perCall.medianCycles, median(perCalls.map((figures) => figures.medianTicks))],
        ['q1Cycles', derived.perCall.q1Cycles, median(perCalls.map((figures) => figures.q1Ticks))],
        ['q3Cycles', derived.perCall.q3Cycles, median(perCalls.map((figures) => figures.q3Ticks))],
      ];
      for (const [field, actual, expected] of checks) if (actual === undefined || !close(actual, expected)) return differ(`perCall.${field}`, actual, expected);
    }
  }
  for (const field of ['baselineRssBytes', 'peakRssBytes'] as const) {
    const values = record.processes.flatMap((entry) => (entry.trial === null || entry[field] === null ? [] : [entry[field]]));
    const maximum = values.length === 0 ? null : Math.max(...values);
    if (derived[field] !== maximum) return differ(field, derived[field], maximum);
  }
  return null;
}
