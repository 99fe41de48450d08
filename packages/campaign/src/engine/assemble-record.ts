import type { OperationMeasurement } from '@ngcc-perf/timing';
import type { BuildEntry } from './campaign-types.js';
import { withPortablePaths } from './portable-paths.js';

/** Options of {@link assembleRecord}. */
export interface AssembleRecordOptions {
  entry: BuildEntry;
  messageBytes: number;
  measured: OperationMeasurement;
  runDirectory: string;
  /** Problems the host check found (campaign.json `hostProblems`), repeated in every record. */
  hostProblems: readonly string[];
}

/**
 * Builds one timing record (`records/<candidate>/<instance>__hash_<L>.json`,
 * docs/RUN-DIRECTORY.md) from the build entry and the measurement, paths made run-relative
 * (commands and texts alike: {@link withPortablePaths}).
 * @example
 * const record = assembleRecord({ entry, messageBytes: 32, measured, runDirectory: '/runs/x' });
 */
export function assembleRecord(options: AssembleRecordOptions): Record<string, unknown> {
  const { entry, measured } = options;
  const portable = withPortablePaths(measured, options.runDirectory);
  const { status, startedUtc, endedUtc, loadAverageStart, loadAverageEnd, calibration, processes, derived, disturbedRetries } = portable;
  return {
    format: 'ngcc-perf/record@1',
    status,
    ...(portable.status === 'failed' ? { failure: portable.failure } : {}),
    candidate: entry.candidate,
    algorithm: entry.algorithm,
    instance: entry.instance,
    variant: entry.variant,
    flags: entry.flags,
    operation: 'hash',
    messageBytes: options.messageBytes,
    digestBits: entry.digestBits,
    kat: entry.kat,
    katLog: entry.katLog,
    katLogSha256: entry.katLogSha256,
    library: entry.library,
    librarySha256: entry.librarySha256,
    imageBytes: entry.imageBytes,
    plan: portable.plan,
    counter: portable.counter,
    startedUtc,
    endedUtc,
    loadAverageStart,
    loadAverageEnd,
    calibration,
    processes,
    ...(portable.perCallSample === undefined ? {} : { perCallSample: portable.perCallSample }),
    derived,
    disturbedRetries,
    hostProblems: [...options.hostProblems],
  };
}
