// Checks that a record agrees with its file name, with build.json and with its own trials, so
// every figure a report prints follows from the raw trials (ARCHITECTURE property 2).
import { ReportError } from '../report-error.js';
import { summarizeTrials } from '../summarize-trials.js';
import type { BuildManifest } from '@ngcc-perf/record';
import type { AlgorithmCategory } from '@ngcc-perf/category';
import type { OperationRecord, TimingRecord } from '@ngcc-perf/record';

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

/** A generic-form record's placement: the path its category's file stem gives, an instance of build.json of that category. */
export function checkOperationRecordPlacement(
  record: OperationRecord,
  category: AlgorithmCategory,
  file: string,
  displayPath: string,
  build: BuildManifest,
): void {
  const expectedFile = `records/${record.candidate}/${record.instance}__${category.operations.fileStem(record.operation)}.json`;
  if (file !== expectedFile) {
    throw inconsistent(
      displayPath,
      `holds candidate "${record.candidate}", instance "${record.instance}", operation ${category.operations.label(record.operation)}, so its path should be ${expectedFile}`,
    );
  }
  const built = build.instances.some(
    (entry) =>
      entry.candidate === record.candidate &&
      entry.instance === record.instance &&
      entry.category === record.operation.category,
  );
  if (!built) {
    throw inconsistent(
      displayPath,
      `instance "${record.instance}" of candidate "${record.candidate}" (category ${record.operation.category}) is not listed in build.json`,
    );
  }
}

/**
 * Derived figures that a report prints must follow from the processes' trials (guide §3.4);
 * `bytesPerCall` is the hash record's message length or another category's bytes per call (null:
 * the per-byte figures are not checked).
 */
export function checkDerivedFigures(
  record:
    Pick<TimingRecord, 'status' | 'processes' | 'derived'> | Pick<OperationRecord, 'status' | 'processes' | 'derived'>,
  displayPath: string,
  bytesPerCall: number | null,
): void {
  if (record.status !== 'complete' || record.derived == null) return;
  const trials = record.processes.flatMap((entry) => (entry.trial === null ? [] : [entry.trial]));
  if (trials.length === 0) throw inconsistent(displayPath, 'is complete but none of its processes has a trial');
  const perByte = bytesPerCall !== null && bytesPerCall > 0;
  const summary = summarizeTrials(trials, perByte ? bytesPerCall : 1);
  const { derived } = record;
  if (derived.n !== summary.n)
    throw inconsistent(
      displayPath,
      `derived.n is ${derived.n}, but the trials' iterations add up to ${summary.n}`,
      'derived.n',
    );
  const keys = perByte
    ? (['meanCycles', 'meanSeconds', 'cyclesPerByte', 'megabytesPerSecond'] as const)
    : (['meanCycles', 'meanSeconds'] as const);
  for (const key of keys) {
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
