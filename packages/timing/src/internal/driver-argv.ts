import type { DriverLine } from '../driver-lines.js';
import type { DriverOperation } from '../driver-operation.js';
import type { ClockProbeArgs, FirstCallEstimate, TimeArgs } from '../driver-args.js';
import { TimingError } from '../timing-error.js';

/** Exit code of the driver for bad arguments (@ngcc-perf/native/PROTOCOL.md). */
const USAGE_EXIT_CODE = 2;

/** argv of one `ngcc-perf-driver time` run; options the driver has always had come last. */
export function timeArgv(args: TimeArgs): string[] {
  if (args.operation !== undefined) return opTimeArgv(args, args.operation);
  return [
    'time',
    args.library,
    String(args.digestBits ?? ''),
    String(args.messageBytes),
    String(args.iterations),
    String(args.warmups),
    ...(args.counter === undefined ? [] : ['--counter', args.counter]),
    ...(args.counter !== undefined && args.skipRateProbe === true ? ['--no-rate-probe'] : []),
    ...(args.cpu === undefined ? [] : ['--cpu', String(args.cpu)]),
    ...(args.warmCheckCalls === undefined ? [] : ['--warm-check', String(args.warmCheckCalls)]),
    // Defaults (loop scope, rule message, offset 0) are never written, so drivers that predate
    // these options keep working for everything but the non-default values.
    ...(args.scope === undefined || args.scope === 'loop' ? [] : ['--scope', args.scope]),
    ...(args.message === undefined || args.message === 'rule' ? [] : ['--message', args.message]),
    ...(args.alignmentOffsetBytes === undefined || args.alignmentOffsetBytes === 0
      ? []
      : ['--offset', String(args.alignmentOffsetBytes)]),
    ...(args.fixedAddressLayout === true ? ['--fixed-layout'] : []),
  ];
}

/**
 * argv of one `ngcc-perf-driver op-time` run: the operation of a category (@ngcc-perf/native/PROTOCOL.md
 * "Categories"). The hash `time` subcommand's options that op-time does not have are refused
 * before (checkOperation).
 */
function opTimeArgv(args: TimeArgs, operation: DriverOperation): string[] {
  return [
    'op-time',
    args.library,
    operation.category,
    operation.name,
    String(args.iterations),
    String(args.warmups),
    ...Object.entries(operation.parameters).flatMap(([name, value]) => ['--param', `${name}=${value}`]),
    ...(operation.adapterPath === undefined ? [] : ['--adapter', operation.adapterPath]),
    ...(args.counter === undefined ? [] : ['--counter', args.counter]),
    ...(args.counter !== undefined && args.skipRateProbe === true ? ['--no-rate-probe'] : []),
    ...(args.cpu === undefined ? [] : ['--cpu', String(args.cpu)]),
    ...(args.warmCheckCalls === undefined ? [] : ['--warm-check', String(args.warmCheckCalls)]),
    ...(args.driverTimeoutSeconds === undefined ? [] : ['--timeout', String(args.driverTimeoutSeconds)]),
  ];
}

/** Seconds the harness waits past the driver's own `--timeout` before it kills the process. */
const DRIVER_TIMEOUT_MARGIN_SECONDS = 10;
/** Longest `op-time --timeout` the driver takes, seconds (@ngcc-perf/native/PROTOCOL.md). */
const DRIVER_TIMEOUT_MAX_SECONDS = 4_294_967;

/**
 * The limits of one driver process that may run `seconds`: with an `operation` (op-time) the
 * driver's own `--timeout` (whole seconds, at least 1) and the harness's kill a margin later;
 * for the hash `time` subcommand, which has no such option, the harness's kill at `seconds`.
 */
export function processTimeouts(
  seconds: number,
  operation: DriverOperation | undefined,
): { timeoutSeconds: number; driverTimeoutSeconds?: number } {
  if (operation === undefined) return { timeoutSeconds: seconds };
  const driverTimeoutSeconds = Math.min(DRIVER_TIMEOUT_MAX_SECONDS, Math.max(1, Math.ceil(seconds)));
  return { timeoutSeconds: driverTimeoutSeconds + DRIVER_TIMEOUT_MARGIN_SECONDS, driverTimeoutSeconds };
}

/** The driver's first-call estimate sentence on stderr (`op_estimate` in native/driver/op_timeout.c). */
const ESTIMATE_LINE =
  /op-time \S+ \S+: the first call took ([0-9.]+) s; the ([0-9]+) calls left in this run need about ([0-9.]+) s/;

/** The estimate of one stderr line of `op-time`, or null when the line is another one. */
export function parseFirstCallEstimate(line: string): FirstCallEstimate | null {
  const match = ESTIMATE_LINE.exec(line);
  if (match === null) return null;
  return { firstCallSeconds: Number(match[1]), callsLeft: Number(match[2]), secondsLeft: Number(match[3]) };
}

/** argv of one `ngcc-perf-driver clock-probe` run. */
export function clockProbeArgv(args: ClockProbeArgs): string[] {
  return [
    'clock-probe',
    ...(args.cpu === undefined ? [] : ['--cpu', String(args.cpu)]),
    ...(args.windows === undefined ? [] : ['--windows', String(args.windows)]),
    ...(args.windowMs === undefined ? [] : ['--window-ms', String(args.windowMs)]),
  ];
}

/**
 * Throws `DRIVER_UNSUPPORTED` when the driver refused an option or subcommand it does not know
 * (exit 2 with a USAGE `error` line saying "unknown"): the driver predates it, so this is a
 * harness problem (rebuild native/), not a verdict on the library.
 */
export function throwIfUnsupported(
  exitCode: number | null,
  lines: readonly DriverLine[],
  command: readonly string[],
): void {
  if (exitCode !== USAGE_EXIT_CODE) return;
  const error = lines.find((line) => line.type === 'error' && line.code === 'USAGE');
  if (error === undefined || error.type !== 'error' || !/unknown/i.test(error.message)) return;
  const what = /subcommand/i.test(error.message) ? `the subcommand "${command[1] ?? ''}"` : 'an option';
  throw new TimingError(
    'DRIVER_UNSUPPORTED',
    `${command[0] ?? 'ngcc-perf-driver'} does not support ${what} of "${command.slice(1).join(' ')}": ` +
      `${error.message}. Rebuild native/ with "npm run build" so the driver matches @ngcc-perf/native/PROTOCOL.md, ` +
      'or leave the option at its default.',
  );
}
