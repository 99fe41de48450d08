import { spawnDriverProcess } from '@ngcc-perf/native';
import { RssError } from './rss-error.js';

/** One driver process to run: the binary, its arguments and a time limit. */
export interface DriverProcessRequest {
  /** Path of `ngcc-perf-driver`. */
  driverPath: string;
  /** Arguments after the program name, e.g. `['memory', 'libsm3.so', '256', '64']`. */
  args: string[];
  /** Kill the process (SIGKILL) after this many milliseconds. */
  timeoutMs: number;
}

/** How a driver process ended and what it wrote. Library failures are here, never thrown. */
export interface DriverProcessOutcome {
  /** Exit code, or `null` when a signal ended it. */
  exitCode: number | null;
  /** The signal that ended it (`SIGSEGV`, or `SIGKILL` after a timeout), or `null`. */
  signal: string | null;
  /** True when it was killed for exceeding `timeoutMs`. */
  timedOut: boolean;
  stdout: string;
  stderr: string;
  /** Spawn to exit, seconds. */
  wallSeconds: number;
}

/**
 * Runs one driver process. {@link runDriverProcess} is the real one; tests pass a fake that
 * returns canned output, so the parsing and the failure mapping can be checked without a driver.
 */
export type DriverProcessRunner = (request: DriverProcessRequest) => Promise<DriverProcessOutcome>;

/**
 * Spawns `ngcc-perf-driver` through `spawnDriverProcess` of @ngcc-perf/native, with stdin closed
 * and only the last 16 KiB of stderr kept (a library that prints cannot fill memory), and collects
 * how it ended. The only
 * place in `@ngcc-perf/rss` that starts a process.
 *
 * @param request - {@link DriverProcessRequest}; `timeoutMs` in milliseconds.
 * @returns the outcome: exit code or signal, timeout flag, stdout, stderr, wall time in seconds.
 * @throws {@link RssError} `DRIVER_NOT_FOUND` when the binary cannot be started (missing, not
 *   executable).
 * @remarks Source: @ngcc-perf/native/PROTOCOL.md (exit codes; a crash is death by a signal).
 * @example
 * ```ts
 * const outcome = await runDriverProcess({ driverPath: 'native/build/ngcc-perf-driver',
 *   args: ['memory', 'libsm3.so', '256', '64'], timeoutMs: 60_000 });
 * console.log(outcome.exitCode, outcome.stdout.split('\n')[0]);
 * ```
 */
export const runDriverProcess: DriverProcessRunner = async (request) => {
  const result = await spawnDriverProcess(request.driverPath, request.args, {
    timeoutSeconds: request.timeoutMs / 1000,
    timeoutSignal: 'SIGKILL',
  });
  if (result.startError !== null) {
    throw new RssError(
      'DRIVER_NOT_FOUND',
      `${request.driverPath} could not be started (${result.startError}). Build native/ with "npm run build", ` +
        'or point driverPath at ngcc-perf-driver.',
      { cause: result.startCause },
    );
  }
  return {
    exitCode: result.exitCode,
    signal: result.signal,
    timedOut: result.timedOut,
    stdout: result.stdout,
    stderr: result.stderr,
    wallSeconds: result.seconds,
  };
};
