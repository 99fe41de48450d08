import type { Command } from 'commander';
import {
  DEFAULT_CALL_MEMORY_TIMEOUT_SECONDS,
  measureCallMemory,
  type CallMemoryResult,
  type MeasureCallMemoryOptions,
} from '@ngcc-perf/rss';
import { driverPath } from '@ngcc-perf/native';
import {
  allowedCpus,
  countInstructions,
  DEFAULT_TIMING_OPTIONS,
  defaultMeasuringCpus,
  describeInstructionCount,
  describeTimedOperation,
  describeTimeProgress,
  measureOperation,
  timedOperationJson,
  timeOperation,
  type CounterName,
  type CountInstructionsOptions,
  type InstructionCountResult,
  type MeasureOperationOptions,
  type OperationMeasurement,
  type TimePinning,
} from '@ngcc-perf/timing';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command-context.js';
import { EXIT_NOT_VOUCHED } from '../exit-codes.js';
import { parseInstructionSource } from '../internal/time-instructions.js';
import { checkLibraryFile, loadFailureError } from '../internal/library-input.js';
import { parseMeasuringCpu } from '../internal/measuring-cpu.js';
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

/**
 * `ngcc-perf time LIB --digest-bits N --bytes L [--trials T] [--iterations K] [--trial-target S]
 * [--budget S] [--cpu N] [--counter NAME] [--fixed-layout] [--quiet] [--json]`: timing's `timeOperation` — one
 * operation's trials (SPEC §5), then one memory process for the per-call figures (stack high-water,
 * heap peak, operation peak) —, or its `countInstructions` with `--counter instructions`. Progress goes
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
      'time CryptHash on one message size: calibrated trials, each in its own process (SPEC §5), then the memory of one call',
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
      const budgetSeconds = flags.budget === undefined ? undefined : parsePositiveNumber('--budget', flags.budget);
      const options = {
        ...(flags.trials === undefined ? {} : { trials: parseInteger('--trials', flags.trials, 1, 1000) }),
        ...(flags.trialTarget === undefined
          ? {}
          : { trialTargetSeconds: parsePositiveNumber('--trial-target', flags.trialTarget) }),
        ...(flags.iterations === undefined
          ? {}
          : { iterationsPerTrial: parseInteger('--iterations', flags.iterations, 1, 1e9) }),
        ...(budgetSeconds === undefined ? {} : { budgetSeconds }),
      };
      const counter = flags.counter === undefined ? undefined : parseCounter(flags.counter);
      if (flags.instructionSource !== undefined && counter !== 'instructions')
        throw new CliError('USAGE', '--instruction-source goes with --counter instructions.');
      const say = flags.quiet === true ? () => undefined : context.io.stderr;
      if (counter === 'instructions') {
        const source =
          flags.instructionSource === undefined
            ? 'auto'
            : parseInstructionSource('--instruction-source', flags.instructionSource);
        await dependencies.checkLibrary(library);
        const driver = await dependencies.driverPath();
        say(`[ngcc-perf] counting instructions per call (source ${source})\n`);
        const result = await dependencies.countInstructions({
          library,
          digestBits,
          messageBytes,
          source,
          driverPath: driver,
        });
        context.io.stdout(
          flags.json
            ? `${JSON.stringify({ messageBytes, ...result }, null, 2)}\n`
            : describeInstructionCount(result, messageBytes),
        );
        if (result.status === 'failed') context.setExitCode(EXIT_NOT_VOUCHED);
        return;
      }
      await dependencies.checkLibrary(library);
      const timed = await timeOperation({
        library,
        digestBits,
        messageBytes,
        options,
        cpu: pinning.cpu,
        ...(counter === undefined ? {} : { counter }),
        ...(flags.fixedLayout === true ? { addressLayout: 'fixed' as const } : {}),
        driverPath: await dependencies.driverPath(),
        onProgress: (event) => {
          const line = describeTimeProgress(event);
          if (line !== null) say(`[ngcc-perf] ${line}\n`);
        },
        measureOperation: dependencies.measureOperation,
        measureCallMemory: dependencies.measureCallMemory,
      });
      const { measured, memory } = timed;
      const notLoadable = measured.plan === null ? loadFailureError(library, measured.calibration.failure) : null;
      if (notLoadable !== null) throw notLoadable;
      // Results and their warnings go to stdout, so --quiet (no progress on stderr) keeps them.
      context.io.stdout(
        flags.json
          ? `${JSON.stringify(timedOperationJson(timed, messageBytes, pinning), null, 2)}\n`
          : describeTimedOperation(timed, messageBytes, pinning, flags.iterations !== undefined),
      );
      if (measured.status === 'failed' || memory.memory === null) context.setExitCode(EXIT_NOT_VOUCHED);
    });
}
