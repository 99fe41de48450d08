import { accessSync, constants } from 'node:fs';
import { driverPath as nativeDriverPath, spawnDriverProcess, type DriverProcessResult } from '@ngcc-perf/native';
import { parseDriverOutput, type DriverClockProbeLine, type DriverInfo, type DriverLine } from './driver-lines.js';
import { clockProbeArgv, parseFirstCallEstimate, throwIfUnsupported, timeArgv } from './internal/driver-argv.js';
import { TimingError } from './timing-error.js';
import type { ClockProbeArgs, TimeArgs } from './driver-args.js';

/** What one driver process did: its validated lines and how it ended. Never an exception for library failures. */
export interface DriverRun {
  /** argv as run, the driver's path first. */
  command: string[];
  /** Exit code, or null when a signal ended it. */
  exitCode: number | null;
  /** Name of the signal that ended it (e.g. `SIGSEGV`), or null. */
  signal: string | null;
  /** True when the process was killed for exceeding `timeoutSeconds`. */
  timedOut: boolean;
  /** Spawn to exit, seconds. */
  wallSeconds: number;
  /** Validated protocol lines, in order. */
  lines: DriverLine[];
  /** stdout lines that were not protocol lines (library output). */
  strayLines: string[];
  /** The last 16 KiB of stderr (`DRIVER_STDERR_KEPT_BYTES`): the driver's sentences and the library's output. */
  stderr: string;
}

/**
 * Everything `@ngcc-perf/timing` asks of the driver. {@link createDriverRunner} spawns the real
 * one; tests pass a fake.
 */
export interface TimingRunner {
  /** `ngcc-perf-driver info`. Throws `TimingError` (`DRIVER_FAILED`, `DRIVER_VERSION`, `PROTOCOL`). */
  info(): Promise<DriverInfo>;
  /**
   * One `ngcc-perf-driver time` process. Throws only for harness problems (`DRIVER_UNSUPPORTED`
   * when the driver does not know an option asked for), never for library failures.
   */
  time(args: TimeArgs): Promise<DriverRun>;
  /**
   * `ngcc-perf-driver clock-probe`. Throws `TimingError` (`DRIVER_UNSUPPORTED` for a driver
   * without the subcommand, `DRIVER_FAILED`, `DRIVER_VERSION`, `PROTOCOL`).
   */
  clockProbe(args: ClockProbeArgs): Promise<DriverClockProbeLine>;
}

const INFO_TIMEOUT_MS = 30_000;

/**
 * The runner that spawns the real driver (through `spawnDriverProcess` of @ngcc-perf/native, which
 * keeps only the last 16 KiB of stderr: a library that prints on every call cannot fill memory) and
 * validates every line it writes.
 * This module is the package's only place that starts processes.
 *
 * @param driverPath - path of `ngcc-perf-driver`; default: `@ngcc-perf/native`'s `driverPath()`
 *   at the first call (`NGCC_PERF_DRIVER`, else the checkout build, else the per-version cache
 *   folder, building the driver there on first use).
 * @returns a {@link TimingRunner}.
 * @throws {@link TimingError} `DRIVER_NOT_FOUND` when nothing executable is at the given path;
 *   its methods throw `NativeError` (`MISSING_TOOLS`, `BUILD_FAILED`, `DRIVER_NOT_FOUND`) when no
 *   path was given and the driver cannot be found or built.
 * @remarks Source: @ngcc-perf/native/PROTOCOL.md (command line, exit codes).
 * @example
 * ```ts
 * const runner = createDriverRunner();
 * const run = await runner.time({ library: 'libsha512.so', digestBits: 512, messageBytes: 64,
 *   iterations: 1000, warmups: 3, timeoutSeconds: 60 });
 * ```
 */
export function createDriverRunner(driverPath?: string): TimingRunner {
  if (driverPath !== undefined && driverPath !== '') {
    try {
      accessSync(driverPath, constants.X_OK);
    } catch (error) {
      throw new TimingError(
        'DRIVER_NOT_FOUND',
        `No executable driver at ${driverPath}: point driverPath at ngcc-perf-driver, or leave it out to use the one ` +
          '@ngcc-perf/native finds or builds.',
        { cause: error },
      );
    }
  }
  const given = driverPath === undefined || driverPath === '' ? null : driverPath;
  let resolved: Promise<string> | null = null;
  const resolvePath = (): Promise<string> =>
    (resolved ??= given === null ? nativeDriverPath() : Promise.resolve(given));
  return {
    info: async () => runInfo(await resolvePath()),
    time: async (args) => runTime(await resolvePath(), args),
    clockProbe: async (args) => runClockProbe(await resolvePath(), args),
  };
}

async function runInfo(driverPath: string): Promise<DriverInfo> {
  const result = await spawnDriverProcess(driverPath, ['info'], {
    timeoutSeconds: INFO_TIMEOUT_MS / 1000,
    timeoutSignal: 'SIGKILL',
  });
  const source = `${driverPath} info`;
  if (result.exitCode !== 0) {
    throw new TimingError(
      'DRIVER_FAILED',
      `${source} failed (${describeEnd(result)}): ` +
        `${result.stderr.trim() || (result.startError ?? '')}. Rebuild the driver ("npm run build" in a checkout).`,
      { cause: result.startCause ?? result },
    );
  }
  const info = parseDriverOutput(result.stdout, source).lines.find((line) => line.type === 'info');
  if (info === undefined) {
    throw new TimingError(
      'PROTOCOL',
      `${source} wrote no "info" line. Rebuild the driver ("npm run build" in a checkout).`,
    );
  }
  const { driver, arch, pageBytes, counter, counters, tscHzCpuid, tscHzCpuidLeaf, sandbox } = info;
  return {
    driver,
    arch,
    pageBytes,
    counter,
    ...(counters === undefined ? {} : { counters }),
    ...(tscHzCpuid === undefined ? {} : { tscHzCpuid }),
    ...(tscHzCpuidLeaf === undefined ? {} : { tscHzCpuidLeaf }),
    ...(sandbox === undefined ? {} : { sandbox }),
  };
}

async function runTime(driverPath: string, args: TimeArgs): Promise<DriverRun> {
  const argv = timeArgv(args);
  const command = [driverPath, ...argv];
  const { onEstimate } = args;
  const result = await spawnDriverProcess(driverPath, argv, {
    timeoutSeconds: args.timeoutSeconds,
    timeoutSignal: 'SIGKILL',
    ...(onEstimate === undefined
      ? {}
      : {
          onStderrLine: (line: string) => {
            const estimate = parseFirstCallEstimate(line);
            if (estimate !== null) onEstimate(estimate);
          },
        }),
  });
  if (result.startError !== null) {
    throw new TimingError(
      'DRIVER_FAILED',
      `${driverPath} could not be started: ${result.startError}. Rebuild the driver ("npm run build" in a checkout).`,
      { cause: result.startCause },
    );
  }
  const { lines, strayLines } = parseDriverOutput(result.stdout, command.join(' '));
  throwIfUnsupported(result.exitCode, lines, command);
  return {
    command,
    exitCode: result.exitCode,
    signal: result.signal,
    timedOut: result.timedOut,
    wallSeconds: result.seconds,
    lines,
    strayLines,
    stderr: result.stderr,
  };
}

async function runClockProbe(driverPath: string, args: ClockProbeArgs): Promise<DriverClockProbeLine> {
  const command = [driverPath, ...clockProbeArgv(args)];
  const source = command.join(' ');
  const result = await spawnDriverProcess(driverPath, command.slice(1), {
    timeoutSeconds: args.timeoutSeconds,
    timeoutSignal: 'SIGKILL',
  });
  const { lines } = parseDriverOutput(result.stdout, source);
  throwIfUnsupported(result.exitCode, lines, command);
  if (result.exitCode !== 0) {
    throw new TimingError(
      'DRIVER_FAILED',
      `${source} failed (${describeEnd(result, args.timeoutSeconds)}): ` +
        `${result.stderr.trim() || (result.startError ?? '')}. Check the --cpu value, then rebuild the driver ("npm run build" in a checkout).`,
      { cause: result.startCause ?? result },
    );
  }
  const probe = lines.find((line) => line.type === 'clock-probe');
  if (probe === undefined || probe.type !== 'clock-probe') {
    throw new TimingError(
      'PROTOCOL',
      `${source} wrote no "clock-probe" line. Rebuild the driver ("npm run build" in a checkout).`,
    );
  }
  return probe;
}

function describeEnd(result: DriverProcessResult, timeoutSeconds = INFO_TIMEOUT_MS / 1000): string {
  if (result.timedOut) return `no answer within ${timeoutSeconds} s`;
  if (result.startError !== null) return 'not started';
  if (result.signal !== null) return `killed by ${result.signal}`;
  return `exit code ${String(result.exitCode)}`;
}
