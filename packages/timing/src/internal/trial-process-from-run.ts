import type { DriverMetaLine } from '../driver-lines.js';
import type { DriverRun } from '../driver-runner.js';
import type { ProcessFailure, ProcessFailureCode, TrialProcess } from '../trial-types.js';

const STDERR_KEPT_CHARS = 2000;
/** The driver's `error` codes a process failure keeps as they are (@ngcc-perf/native/PROTOCOL.md, exit codes). */
const DRIVER_ERROR_CODES = new Set<ProcessFailureCode>([
  'CRYPTOFAIL',
  'OVERFLOW',
  'LOADFAIL',
  'USAGE',
  'IO',
  'CHECKFAIL',
  'TIMEOUT',
]);

/** A driver run turned into the record's process entry, plus its `meta` line (for the counter). */
export interface InterpretedRun {
  process: TrialProcess;
  meta: DriverMetaLine | null;
}

/**
 * Maps how a driver process ended onto a process entry: a timeout, a signal, a non-zero exit or a
 * missing line becomes `failure` (data, not an exception) and `trial` is then null.
 */
export function trialProcessFromRun(run: DriverRun, attempts: number): InterpretedRun {
  let meta: DriverMetaLine | null = null;
  let trial: TrialProcess['trial'] = null;
  let peakRssBytes: number | null = null;
  let runRetries: number | undefined;
  let driverError: { code: string; message: string } | null = null;
  for (const line of run.lines) {
    if (line.type === 'meta') meta = line;
    else if (line.type === 'trial') {
      const {
        iterations,
        seconds,
        ticks,
        involuntarySwitches,
        voluntarySwitches,
        cpuAfter,
        migrations,
        runDelayNs,
        warmCheck,
        perCall,
        retries,
      } = line;
      trial = {
        iterations,
        seconds,
        ticks,
        involuntarySwitches,
        voluntarySwitches,
        cpuAfter,
        ...(migrations === undefined ? {} : { migrations }),
        ...(runDelayNs === undefined ? {} : { runDelayNs }),
        ...(warmCheck === undefined ? {} : { warmCheck }),
        ...(perCall === undefined ? {} : { perCall }),
        ...(retries === undefined ? {} : { retries }),
      };
    } else if (line.type === 'end') {
      peakRssBytes = line.peakRssBytes ?? null;
      runRetries = line.retries;
    } else if (line.type === 'error') driverError = { code: line.code, message: line.message };
  }
  const failure = describeFailure(run, driverError, meta !== null && trial !== null && peakRssBytes !== null);
  const process: TrialProcess = {
    command: run.command,
    cpu: meta?.cpu ?? null,
    exitCode: run.exitCode,
    wallSeconds: run.wallSeconds,
    attempts,
    baselineRssBytes: meta?.baselineRssBytes ?? null,
    peakRssBytes,
    trial: failure === null ? trial : null,
    ...(runRetries === undefined ? {} : { retries: runRetries }),
    ...(failure === null ? {} : { failure }),
  };
  return { process, meta };
}

function describeFailure(
  run: DriverRun,
  driverError: { code: string; message: string } | null,
  complete: boolean,
): ProcessFailure | null {
  const stderr = run.stderr.trim().slice(-STDERR_KEPT_CHARS);
  const withStderr = stderr === '' ? {} : { stderr };
  if (run.timedOut) {
    return {
      code: 'TIMEOUT',
      message: `killed after ${run.wallSeconds.toFixed(1)} s without finishing (per-process timeout)`,
      ...(run.signal === null ? {} : { signal: run.signal }),
      ...withStderr,
    };
  }
  if (run.signal !== null) {
    return {
      code: 'CRASH',
      message: `the driver died of ${run.signal} inside the library`,
      signal: run.signal,
      ...withStderr,
    };
  }
  if (run.exitCode !== 0) {
    const code =
      driverError !== null && DRIVER_ERROR_CODES.has(driverError.code as ProcessFailureCode)
        ? (driverError.code as ProcessFailureCode)
        : 'EXIT';
    const detail = driverError?.message ?? (stderr.split('\n').pop() || 'no error line');
    return { code, message: `exit code ${String(run.exitCode)}: ${detail}`, ...withStderr };
  }
  if (!complete) {
    const stray = run.strayLines.length > 0 ? ` (the library printed ${run.strayLines.length} line(s) on stdout)` : '';
    return {
      code: 'INCOMPLETE',
      message: `exit code 0 without meta, trial and end lines — did the library call exit()?${stray}`,
      ...withStderr,
    };
  }
  return null;
}
