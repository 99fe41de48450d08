import type { Command } from 'commander';
import {
  DEFAULT_CALL_MEMORY_TIMEOUT_SECONDS,
  measureCallMemory,
  type CallMemoryResult,
  type MeasureCallMemoryOptions,
} from '@ngcc-perf/rss';
import { allowedCpus, defaultMeasuringCpus, formatCpuList } from '@ngcc-perf/timing';
import { driverPath } from '@ngcc-perf/native';
import {
  countInstructions,
  DEFAULT_TIMING_OPTIONS,
  detectHostProblems,
  measureOperation,
  readHostEnvironment,
  type CounterName,
  type CountInstructionsOptions,
  type InstructionCountResult,
  type MeasureOperationOptions,
  type OperationMeasurement,
} from '@ngcc-perf/timing';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command-context.js';
import { EXIT_NOT_VOUCHED } from '../exit-codes.js';
import { describeTimePlan } from '../internal/describe-time-plan.js';
import {
  instructionCountOptions,
  parseInstructionSource,
  renderInstructionCount,
} from '../internal/time-instructions.js';
import { checkLibraryFile, loadFailureError } from '../internal/library-input.js';
import { parseMeasuringCpu } from '../internal/measuring-cpu.js';
import { measureMemoryOnce, memoryFields, renderMemory, type TimeMemory } from '../internal/time-memory.js';
import { calibratingLine, createTimeProgress } from '../internal/time-progress.js';
import { parseInteger, parsePositiveNumber } from '../parse-options.js';

/** What `time` calls; tests pass fakes. */
export interface TimeDependencies {
  measureOperation: (options: MeasureOperationOptions) => Promise<OperationMeasurement>;
  measureCallMemory: (options: MeasureCallMemoryOptions) => Promise<CallMemoryResult>;
  countInstructions: (options: CountInstructionsOptions) => Promise<InstructionCountResult>;
  driverPath: () => Promise<string>;
  /** The CPUs this process may run on (`--cpu` must be one of them). */
  allowedCpus: () => number[];
  /** Throws a `CliError` when the path is not an ELF shared object (before any process starts). */
  checkLibrary: (library: string) => Promise<void>;
}

const DEFAULT_DEPENDENCIES: TimeDependencies = {
  measureOperation,
  measureCallMemory,
  countInstructions,
  driverPath: () => driverPath(),
  allowedCpus: () => allowedCpus(),
  checkLibrary: checkLibraryFile,
};

interface TimeFlags {
  digestBits: string;
  bytes: string;
  trials?: string;
  iterations?: string;
  trialTarget?: string;
  budget?: string;
  cpu?: string;
  counter?: string;
  instructionSource?: string;
  fixedLayout?: boolean;
  quiet?: boolean;
  json?: boolean;
}

/** Where every process of a `time` call ran: the CPU, and whether `--cpu` chose it or the default did. */
interface TimePinning {
  cpu: number;
  source: 'option' | 'default';
  allowed: readonly number[];
}

/**
 * What a reader must know before trusting the figures, as the record of `run` says it: the
 * derivation's warnings (CV above its limit, outlier trials, disturbed trials kept or flagged)
 * and how many disturbed attempts were discarded and rerun.
 */
function timeWarnings(measured: OperationMeasurement): string[] {
  const reruns =
    measured.disturbedRetries > 0
      ? [`${measured.disturbedRetries} disturbed trial attempt(s) were discarded and rerun`]
      : [];
  return [...reruns, ...(measured.derived?.warnings ?? [])];
}

/** The line that says which CPU every process was pinned to, and why that one. */
function renderPinning(pinning: TimePinning): string {
  const why =
    pinning.source === 'option'
      ? '--cpu'
      : `default: the last of the CPUs this process may use, ${formatCpuList(pinning.allowed)}; --cpu N to choose`;
  return `pinned: every process on CPU ${pinning.cpu} (${why})\n`;
}

const COUNTER_NAMES: readonly CounterName[] = ['pmu-cycles', 'tsc', 'tscp', 'cntvct', 'clock'];

/** `--counter NAME` checked against the driver's counter names and `instructions`. */
function parseCounter(value: string): CounterName | 'instructions' {
  if (value === 'instructions') return value;
  const found = COUNTER_NAMES.find((name) => name === value);
  if (found === undefined)
    throw new CliError(
      'USAGE',
      `--counter must be one of ${[...COUNTER_NAMES, 'instructions'].join(', ')}, got "${value}".`,
    );
  return found;
}

/** The `--json` object of `time`: the figures, the plan and how it was made, the trials and the memory of one call. */
function timeJson(
  measured: OperationMeasurement,
  messageBytes: number,
  memory: TimeMemory,
  pinning: TimePinning,
): Record<string, unknown> {
  const d = measured.derived;
  return {
    status: measured.status,
    ...(measured.status === 'failed' ? { failure: measured.failure } : {}),
    messageBytes,
    cpu: pinning.cpu,
    cpuSource: pinning.source,
    warnings: timeWarnings(measured),
    meanCycles: d?.meanCycles ?? null,
    meanSeconds: d?.meanSeconds ?? null,
    cyclesPerByte: d?.cyclesPerByte ?? null,
    megabytesPerSecond: d?.megabytesPerSecond ?? null,
    n: d?.n ?? 0,
    counter: measured.counter,
    counterKind: measured.counter?.kind ?? null,
    counterHz: measured.counter?.hz ?? null,
    counterOverheadTicks: measured.counter?.overheadTicks ?? null,
    cv: d?.cv ?? null,
    ciLowCycles: d?.ciLowCycles ?? null,
    ciHighCycles: d?.ciHighCycles ?? null,
    disturbedRetries: measured.disturbedRetries,
    hostProblems:
      measured.counter === null
        ? []
        : detectHostProblems(readHostEnvironment(), { ...measured.counter, hz: measured.counter.hz ?? undefined }),
    baselineRssBytes: d?.baselineRssBytes ?? null,
    peakRssBytes: d?.peakRssBytes ?? null,
    ...memoryFields(memory),
    calibrationBasis: measured.plan?.calibrationBasis ?? null,
    calibrationSeconds: measured.plan?.calibrationSeconds ?? null,
    warmCallSeconds: measured.plan?.warmCallSeconds ?? null,
    planCallSeconds: measured.plan?.planCallSeconds ?? null,
    plan: measured.plan,
    trials: measured.processes.map((p) => p.trial),
  };
}

/** The human result line of `time`: the figures, or why there are none. */
function renderFigures(measured: OperationMeasurement, messageBytes: number): string {
  const d = measured.derived;
  if (measured.status === 'failed' || d === null) return `failed: ${measured.failure ?? 'no trial completed'}\n`;
  const unit = measured.counter.kind === 'core-cycles' ? 'cycles' : `${measured.counter.name} ticks (not core cycles)`;
  return (
    `${messageBytes} B: ${d.meanCycles.toFixed(1)} ${unit}/call, ${d.cyclesPerByte.toFixed(2)} per byte, ` +
    `${(d.meanSeconds * 1e6).toFixed(3)} µs, ${d.megabytesPerSecond.toFixed(1)} MB/s, n = ${d.n}\n`
  );
}

/**
 * `ngcc-perf time LIB --digest-bits N --bytes L [--trials T] [--iterations K] [--trial-target S]
 * [--budget S] [--cpu N] [--counter NAME] [--fixed-layout] [--quiet] [--json]`: one operation's trials (guide §3.4), then one memory
 * process for the per-call figures (stack high-water, heap peak, operation peak). Progress goes
 * to stderr, one line per driver process. Exit 0 when both were measured, 3 when the library
 * failed (crash, timeout, wrong return: `EXIT_NOT_VOUCHED`), 2 for bad input: an option, a `--cpu` this process may
 * not use, a path that is not an ELF shared object, or a library the driver cannot load (LOADFAIL).
 * @throws {@link CliError} `USAGE` for the bad input above (main turns it into one line, exit 2).
 * @example
 * registerTimeCommand(program, context);
 */
export function registerTimeCommand(
  program: Command,
  context: CommandContext,
  dependencies: TimeDependencies = DEFAULT_DEPENDENCIES,
): void {
  program
    .command('time')
    .description(
      'time CryptHash on one message size: calibrated trials, each in its own process (guide §3.4), then the memory of one call',
    )
    .argument('<lib>', 'shared library exporting CryptHash')
    .requiredOption('--digest-bits <n>', 'digest length in bits')
    .requiredOption('--bytes <n>', 'message length in bytes (0 to 16 MiB)')
    .option('--trials <n>', `trials, each in its own process (default ${DEFAULT_TIMING_OPTIONS.trials})`)
    .option('--iterations <n>', 'iterations per trial (calibration still runs, for the warm-ups)')
    .option(
      '--trial-target <seconds>',
      `target seconds per trial (default ${DEFAULT_TIMING_OPTIONS.trialTargetSeconds})`,
    )
    .option(
      '--budget <seconds>',
      `most seconds for the operation; also bounds the calibration process, and the memory process (${DEFAULT_CALL_MEMORY_TIMEOUT_SECONDS} s at most) (default ${DEFAULT_TIMING_OPTIONS.budgetSeconds})`,
    )
    .option('--cpu <n>', 'pin every process to this CPU, one this process may use (default: the last of them)')
    .option(
      '--counter <name>',
      'read this counter (pmu-cycles, tsc, tscp, cntvct or clock) instead of the one the driver chooses; ' +
        '"instructions": count the instructions per call instead of timing (exact, not time)',
    )
    .option(
      '--instruction-source <name>',
      'with --counter instructions: auto (the PMU where there is one, else valgrind), pmu or valgrind (default auto)',
    )
    .option(
      '--fixed-layout',
      'run every driver process with ADDR_NO_RANDOMIZE (one address-space layout for all trials; recorded in the plan)',
    )
    .option('--quiet', 'no progress output on stderr')
    .option('--json', 'print the measurement as JSON')
    .action(async (library: string, flags: TimeFlags) => {
      const messageBytes = parseInteger('--bytes', flags.bytes, 0, 16 * 1024 * 1024);
      const digestBits = parseInteger('--digest-bits', flags.digestBits, 8, 1 << 20);
      if (digestBits % 8 !== 0)
        throw new CliError('USAGE', `--digest-bits must be a multiple of 8 (whole bytes), got ${digestBits}.`);
      const allowed = dependencies.allowedCpus();
      const pinning: TimePinning =
        flags.cpu === undefined
          ? { cpu: defaultMeasuringCpus(allowed)[0]!, source: 'default', allowed }
          : { cpu: parseMeasuringCpu(flags.cpu, allowed), source: 'option', allowed };
      const budgetSeconds =
        flags.budget === undefined
          ? DEFAULT_TIMING_OPTIONS.budgetSeconds
          : parsePositiveNumber('--budget', flags.budget);
      const options = {
        ...(flags.trials === undefined ? {} : { trials: parseInteger('--trials', flags.trials, 1, 1000) }),
        ...(flags.trialTarget === undefined
          ? {}
          : { trialTargetSeconds: parsePositiveNumber('--trial-target', flags.trialTarget) }),
        ...(flags.iterations === undefined
          ? {}
          : { iterationsPerTrial: parseInteger('--iterations', flags.iterations, 1, 1e9) }),
        ...(flags.budget === undefined ? {} : { budgetSeconds }),
      };
      const counter = flags.counter === undefined ? undefined : parseCounter(flags.counter);
      if (flags.instructionSource !== undefined && counter !== 'instructions')
        throw new CliError('USAGE', '--instruction-source goes with --counter instructions.');
      if (counter === 'instructions') {
        const source =
          flags.instructionSource === undefined
            ? 'auto'
            : parseInstructionSource('--instruction-source', flags.instructionSource);
        await dependencies.checkLibrary(library);
        const driver = await dependencies.driverPath();
        if (flags.quiet !== true) context.io.stderr(`[ngcc-perf] counting instructions per call (source ${source})\n`);
        const result = await dependencies.countInstructions(
          instructionCountOptions(library, digestBits, messageBytes, source, driver),
        );
        context.io.stdout(
          flags.json
            ? `${JSON.stringify({ messageBytes, ...result }, null, 2)}\n`
            : renderInstructionCount(result, messageBytes),
        );
        if (result.status === 'failed') context.setExitCode(EXIT_NOT_VOUCHED);
        return;
      }
      const forced = {
        ...(counter === undefined ? {} : { counter }),
        ...(flags.fixedLayout === true ? { addressLayout: 'fixed' as const } : {}),
      };
      await dependencies.checkLibrary(library);
      const driver = await dependencies.driverPath();
      const say = flags.quiet === true ? () => undefined : context.io.stderr;
      say(calibratingLine(messageBytes, budgetSeconds));
      const pinned = { cpu: pinning.cpu };
      const measured = await dependencies.measureOperation({
        library,
        digestBits,
        messageBytes,
        options,
        ...pinned,
        ...forced,
        driverPath: driver,
        onProgress: createTimeProgress(say),
        hostCheck: 'off', // timeJson reports the host's problems itself
      });
      const notLoadable = measured.plan === null ? loadFailureError(library, measured.calibration.failure) : null;
      if (notLoadable !== null) throw notLoadable;
      // One call may not take longer than the whole operation's budget.
      const memoryTimeoutSeconds = Math.min(budgetSeconds, DEFAULT_CALL_MEMORY_TIMEOUT_SECONDS);
      say(`[ngcc-perf] memory of one call (one more process; killed after ${memoryTimeoutSeconds} s)\n`);
      const memory = await measureMemoryOnce(dependencies.measureCallMemory, {
        library,
        digestBits,
        messageBytes,
        driverPath: driver,
        timeoutSeconds: memoryTimeoutSeconds,
        ...pinned,
      });
      if (flags.json) {
        context.io.stdout(`${JSON.stringify(timeJson(measured, messageBytes, memory, pinning), null, 2)}\n`);
      } else {
        // Results and their warnings go to stdout, so --quiet (no progress on stderr) keeps them.
        const warnings = timeWarnings(measured)
          .map((warning) => `warning: ${warning}\n`)
          .join('');
        context.io.stdout(
          renderFigures(measured, messageBytes) +
            warnings +
            describeTimePlan(measured, flags.iterations !== undefined) +
            renderPinning(pinning) +
            renderMemory(memory),
        );
      }
      if (measured.status === 'failed' || memory.memory === null) context.setExitCode(EXIT_NOT_VOUCHED);
    });
}
