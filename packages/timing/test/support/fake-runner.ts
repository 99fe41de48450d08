// A scripted stand-in for ngcc-perf-driver: each `time` call is answered by the next responder,
// and every answer goes through the real line parser (parseDriverOutput), so the zod schemas are
// exercised exactly as with the real driver.
import type { DriverCounter } from '../../src/counter-types.js';
import { parseDriverOutput, type DriverClockProbeLine, type DriverInfo } from '../../src/driver-lines.js';
import type { ClockProbeArgs, TimeArgs } from '../../src/driver-args.js';
import type { DriverRun, TimingRunner } from '../../src/driver-runner.js';
import { clockProbeArgv, throwIfUnsupported, timeArgv } from '../../src/internal/driver-argv.js';
import type { PerCallFigures } from '../../src/trial-types.js';

export const TSC: DriverCounter = {
  name: 'tsc',
  kind: 'fixed-rate',
  reason: 'perf_event_open(PERF_COUNT_HW_CPU_CYCLES) failed: No such file or directory',
};
export const PMU: DriverCounter = { name: 'pmu-cycles', kind: 'core-cycles' };

export interface FakeTrial {
  seconds: number;
  ticks: number;
  involuntarySwitches?: number;
  cpu?: number;
  baselineRssBytes?: number;
  peakRssBytes?: number;
  counter?: DriverCounter;
  /** CPU after the loop (default: the CPU of meta). */
  cpuAfter?: number | null;
  /** Written only when given. */
  migrations?: number | null;
  /** Written only when given (a per-call trial). */
  perCall?: PerCallFigures;
  /** Written only when given. */
  runDelayNs?: number;
  /** Written only when given (a calibration process's `--warm-check` calls). */
  warmCheck?: { iterations: number; seconds: number; ticks: number };
}

export type Responder = (args: TimeArgs) => DriverRun;

export const FAKE_DRIVER = '/opt/ngcc/ngcc-perf-driver';

function command(args: TimeArgs): string[] {
  return [FAKE_DRIVER, ...timeArgv(args)];
}

function run(args: TimeArgs, stdout: string[], end: Partial<DriverRun>): DriverRun {
  const cmd = command(args);
  const parsed = parseDriverOutput(stdout.join('\n') + '\n', cmd.join(' '));
  return { command: cmd, exitCode: 0, signal: null, timedOut: false, wallSeconds: 0.05, stderr: '', ...parsed, ...end };
}

function metaLine(args: TimeArgs, trial: FakeTrial): string {
  return JSON.stringify({
    v: 1,
    type: 'meta',
    counter: trial.counter ?? TSC,
    messageBytes: args.messageBytes,
    digestBits: args.digestBits,
    iterations: args.iterations,
    warmups: args.warmups,
    baselineRssBytes: trial.baselineRssBytes ?? 1437696,
    cpu: trial.cpu ?? args.cpu ?? 0,
  });
}

/** A trial that completes with these figures. */
export function ok(trial: FakeTrial): Responder {
  return (args) =>
    run(
      args,
      [
        metaLine(args, trial),
        JSON.stringify({
          v: 1,
          type: 'trial',
          iterations: args.iterations,
          seconds: trial.seconds,
          ticks: trial.ticks,
          cpuAfter: trial.cpuAfter === undefined ? (trial.cpu ?? args.cpu ?? 0) : trial.cpuAfter,
          involuntarySwitches: trial.involuntarySwitches ?? 0,
          voluntarySwitches: 0,
          ...(trial.migrations === undefined ? {} : { migrations: trial.migrations }),
          ...(trial.runDelayNs === undefined ? {} : { runDelayNs: trial.runDelayNs }),
          ...(trial.warmCheck === undefined ? {} : { warmCheck: trial.warmCheck }),
          ...(trial.perCall === undefined ? {} : { perCall: trial.perCall }),
        }),
        JSON.stringify({ v: 1, type: 'end', peakRssBytes: trial.peakRssBytes ?? 1503232 }),
      ],
      { wallSeconds: trial.seconds + (trial.warmCheck?.seconds ?? 0) + 0.002 },
    );
}

/** A trial whose seconds and ticks are per-call figures times the iterations asked for. */
export function perCall(
  secondsPerCall: number,
  ticksPerCall: number,
  extra: Omit<FakeTrial, 'seconds' | 'ticks'> = {},
): Responder {
  return (args) =>
    ok({ ...extra, seconds: secondsPerCall * args.iterations, ticks: Math.round(ticksPerCall * args.iterations) })(
      args,
    );
}

/** The library kills the driver with a signal after meta. */
export function crash(signal = 'SIGSEGV'): Responder {
  return (args) => run(args, [metaLine(args, {} as FakeTrial)], { exitCode: null, signal, stderr: '' });
}

/** The driver exits non-zero after writing an error line. */
export function fail(exitCode: number, code: string, message: string): Responder {
  return (args) =>
    run(args, [JSON.stringify({ v: 1, type: 'error', code, message })], {
      exitCode,
      stderr: `ngcc-perf-driver: ${message}\n`,
    });
}

/** A driver that predates an option: exit 2 with a USAGE error line naming it. */
export function unknownOption(option: string): Responder {
  return (args) =>
    run(
      args,
      [
        JSON.stringify({
          v: 1,
          type: 'error',
          code: 'USAGE',
          subcommand: 'time',
          message: `time: unknown option "${option}"; run \`ngcc-perf-driver --help\` for the usage`,
        }),
      ],
      {
        exitCode: 2,
        stderr: `ngcc-perf-driver: time: unknown option "${option}"\n`,
      },
    );
}

/** The process is killed by the timeout. */
export function hang(): Responder {
  return (args) =>
    run(args, [metaLine(args, {} as FakeTrial)], {
      exitCode: null,
      signal: 'SIGKILL',
      timedOut: true,
      wallSeconds: args.timeoutSeconds,
    });
}

/** What the fake answers to `clock-probe`: a line (validated like the real one), or "unknown subcommand". */
export type ClockProbeAnswer = Omit<DriverClockProbeLine, 'v' | 'type'> | 'unsupported';

export class FakeRunner implements TimingRunner {
  readonly calls: TimeArgs[] = [];
  readonly clockProbeCalls: ClockProbeArgs[] = [];

  constructor(
    private readonly responders: Responder[],
    private readonly infoLine: DriverInfo = { driver: '0.1.0', arch: 'x86_64', pageBytes: 4096, counter: TSC },
    private readonly clockProbeAnswer: ClockProbeAnswer = 'unsupported',
  ) {}

  async info(): Promise<DriverInfo> {
    return this.infoLine;
  }

  async time(args: TimeArgs): Promise<DriverRun> {
    const responder = this.responders[this.calls.length] ?? this.responders[this.responders.length - 1];
    this.calls.push(args);
    if (responder === undefined) throw new Error('FakeRunner has no responders');
    const answer = responder(args);
    throwIfUnsupported(answer.exitCode, answer.lines, answer.command);
    return answer;
  }

  async clockProbe(args: ClockProbeArgs): Promise<DriverClockProbeLine> {
    this.clockProbeCalls.push(args);
    const cmd = [FAKE_DRIVER, ...clockProbeArgv(args)];
    if (this.clockProbeAnswer === 'unsupported') {
      const error = {
        v: 1,
        type: 'error',
        code: 'USAGE',
        message: 'unknown subcommand or extra argument "clock-probe"; run `ngcc-perf-driver --help` for the usage',
      };
      throwIfUnsupported(2, parseDriverOutput(`${JSON.stringify(error)}\n`, cmd.join(' ')).lines, cmd);
      throw new Error('unreachable: throwIfUnsupported did not throw');
    }
    const [line] = parseDriverOutput(
      `${JSON.stringify({ v: 1, type: 'clock-probe', ...this.clockProbeAnswer })}\n`,
      cmd.join(' '),
    ).lines;
    if (line?.type !== 'clock-probe') throw new Error('FakeRunner: clock-probe answer did not parse');
    return line;
  }
}
