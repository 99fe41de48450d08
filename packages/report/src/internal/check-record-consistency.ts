// Checks that a record agrees with its file name, with build.json and with its own trials, so
// every figure a report prints follows from the raw trials (ARCHITECTURE property 2).
import { ReportError } from '../report-error.js';
import { summarizeTrials } from '../summarize-trials.js';
import type { BuildManifest } from '@ngcc-perf/record';
import type { TimingRecord } from '@ngcc-perf/record';

const RELATIVE_TOLERANCE = 1e-6;
const FIX = 'Regenerate the record with "ngcc-perf run"; do not edit derived figures by hand.';

function inconsistent(displayPath: string, what: string, field?: string): ReportError {
  return new ReportError('INCONSISTENT_RECORD', `${displayPath}: ${what}. ${FIX}`, { file: displayPath, field });
}

function close(actual: number, expected: number): boolean {
  return Math.abs(actual - expected) <= RELATIVE_TOLERANCE * Math.max(Math.abs(expected), Number.MIN_VALUE);
}

/** File name and build.json agreement. `file` is `records/<candidate>/<name>.json`. */
export function checkRecordPlacement(
  record: TimingRecord,
  file: string,
  displayPath: string,
  build: BuildManifest,
): void {
  const expectedFile = `records/${record.candidate}/${record.instance}__${record.operation}_${record.messageBytes}.json`;
  if (file !== expectedFile) {
    throw inconsistent(
      displayPath,
      `holds candidate "${record.candidate}", instance "${record.instance}", ${record.messageBytes}-byte message, so its path should be ${expectedFile}`,
    );
  }
  const built = build.instances.some(
    (entry) => entry.candidate === record.candidate && entry.instance === record.instance,
  );
  if (!built) {
    throw inconsistent(
      displayPath,
      `instance "${record.instance}" of candidate "${record.candidate}" is not listed in build.json`,
    );
  }
}

/** Derived figures that a report prints must follow from the processes' trials (guide §3.4). */
export function checkDerivedFigures(record: TimingRecord, displayPath: string): void {
  if (record.status !== 'complete') return;
  const trials = record.processes.flatMap((entry) => (entry.trial === null ? [] : [entry.trial]));
  if (trials.length === 0) throw inconsistent(displayPath, 'is complete but none of its processes has a trial');
  const summary = summarizeTrials(trials, record.messageBytes);
  const { derived } = record;
  if (derived.n !== summary.n)
    throw inconsistent(
      displayPath,
      `derived.n is ${derived.n}, but the trials' iterations add up to ${summary.n}`,
      'derived.n',
    );
  for (const key of ['meanCycles', 'meanSeconds', 'cyclesPerByte', 'megabytesPerSecond'] as const) {
    if (!close(derived[key], summary[key])) {
      throw inconsistent(
        displayPath,
        `derived.${key} is ${derived[key]}, but the trials give ${summary[key]}`,
        `derived.${key}`,
      );
    }
  }
  for (const key of ['baselineRssBytes', 'peakRssBytes'] as const) {
    const values = record.processes.flatMap((entry) => (entry[key] === null ? [] : [entry[key]]));
    const maximum = values.length === 0 ? null : Math.max(...values);
    if (derived[key] !== maximum) {
      throw inconsistent(
        displayPath,
        `derived.${key} is ${derived[key]}, but the largest value over its processes is ${maximum}`,
        `derived.${key}`,
      );
    }
  }
}
