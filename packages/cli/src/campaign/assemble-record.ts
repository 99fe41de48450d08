import path from 'node:path';
import type { OperationMeasurement } from '@ngcc-perf/timing';
import type { BuildEntry } from './campaign-types.js';

/**
 * Makes a driver command portable evidence (SPEC §8): an argument inside the run directory
 * becomes relative to it; any other absolute path (the driver, a temp file) keeps its last
 * component.
 * @example
 * portableArguments(['/repo/native/build/ngcc-perf-driver', 'time', '/runs/x/lib/a/liba.so'], '/runs/x');
 * // ['ngcc-perf-driver', 'time', 'lib/a/liba.so']
 */
export function portableArguments(command: readonly string[], runDirectory: string): string[] {
  return command.map((arg) => {
    if (!path.isAbsolute(arg)) return arg;
    if (arg.startsWith(runDirectory + path.sep)) return path.relative(runDirectory, arg).split(path.sep).join('/');
    return path.basename(arg);
  });
}

/**
 * Rewrites every `command` array inside a value with {@link portableArguments}.
 * @example
 * withPortableCommands(measured, '/runs/x').processes[0].command[0]; // 'ngcc-perf-driver'
 */
export function withPortableCommands<T>(value: T, runDirectory: string): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withPortableCommands(item, runDirectory)) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const isCommand = key === 'command' && Array.isArray(item) && item.every((a) => typeof a === 'string');
    copy[key] = isCommand ? portableArguments(item as string[], runDirectory) : withPortableCommands(item, runDirectory);
  }
  return copy as T;
}

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
 * docs/RUN-DIRECTORY.md) from the build entry and the measurement, paths made run-relative.
 * @example
 * const record = assembleRecord({ entry, messageBytes: 32, measured, runDirectory: '/runs/x' });
 */
export function assembleRecord(options: AssembleRecordOptions): Record<string, unknown> {
  const { entry, measured } = options;
  const portable = withPortableCommands(measured, options.runDirectory);
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
