import {
  RECORD_FORMAT,
  type AnyTimingRecord,
  type HostProblem,
  type OperationIdentity,
  type TimingRecord,
} from '@ngcc-perf/record';
import type { OperationMeasurement } from '@ngcc-perf/timing';
import type { JudgedBuildEntry } from './campaign-types.js';
import { withPortablePaths } from './portable-paths.js';

/** Options of {@link assembleRecord}. */
export interface AssembleRecordOptions {
  entry: JudgedBuildEntry;
  messageBytes: number;
  /**
   * The operation of a category other than hash: the record is then of the generic form
   * (`operation: { category, name, parameters }`); absent for the hash form.
   */
  operation?: OperationIdentity;
  measured: OperationMeasurement;
  runDirectory: string;
  /** Problems the host check found (campaign.json `hostProblems`), repeated in every record. */
  hostProblems: readonly HostProblem[];
}

/**
 * Builds one timing record (`records/<candidate>/<instance>__<stem>.json`: hash `hash_<L>` in the
 * hash form, another category's operation in the generic form,
 * @ngcc-perf/record/docs/RUN-DIRECTORY.md) from the build entry and the measurement, paths made run-relative
 * (commands and texts alike: {@link withPortablePaths}).
 * @example
 * const record = assembleRecord({ entry, messageBytes: 32, measured, runDirectory: '/runs/x' });
 */
export function assembleRecord(options: AssembleRecordOptions & { operation: OperationIdentity }): AnyTimingRecord;
export function assembleRecord(options: AssembleRecordOptions): TimingRecord;
export function assembleRecord(options: AssembleRecordOptions): AnyTimingRecord {
  const { entry } = options;
  const operationFields =
    options.operation === undefined
      ? { operation: 'hash' as const, messageBytes: options.messageBytes, digestBits: entry.digestBits! }
      : { operation: options.operation };
  return finish(options, operationFields);
}

function finish(
  options: AssembleRecordOptions,
  operationFields: Pick<TimingRecord, 'operation' | 'messageBytes' | 'digestBits'> | { operation: OperationIdentity },
): AnyTimingRecord {
  const { entry } = options;
  const portable = withPortablePaths(options.measured, options.runDirectory);
  const common = {
    format: RECORD_FORMAT as typeof RECORD_FORMAT,
    candidate: entry.candidate,
    algorithm: entry.algorithm,
    instance: entry.instance,
    variant: entry.variant,
    flags: entry.flags,
    ...operationFields,
    kat: entry.kat,
    ...(entry.katIdentity == null ? {} : { katIdentity: entry.katIdentity }),
    katLog: entry.katLog,
    katLogSha256: entry.katLogSha256,
    library: entry.library,
    librarySha256: entry.librarySha256,
    imageBytes: entry.imageBytes,
    startedUtc: portable.startedUtc,
    endedUtc: portable.endedUtc,
    loadAverageStart: portable.loadAverageStart,
    loadAverageEnd: portable.loadAverageEnd,
    calibration: portable.calibration,
    ...(portable.perCallSample === undefined ? {} : { perCallSample: portable.perCallSample }),
    disturbedRetries: portable.disturbedRetries,
    hostProblems: [...options.hostProblems],
  };
  if (portable.status === 'failed') {
    const { plan, counter, processes, derived, failure } = portable;
    return { ...common, status: 'failed', failure, plan, counter, processes, derived };
  }
  const { plan, counter, processes, derived } = portable;
  return { ...common, status: 'complete', plan, counter, processes, derived };
}
