import type { Command } from 'commander';
import { driverPath } from '@ngcc-perf/native';
import {
  allowedCpus,
  countInstructions,
  DEFAULT_TIMING_OPTIONS,
  defaultMeasuringCpus,
  describeSizesPlan,
  describeTimeProgress,
  GUIDE_MESSAGE_SIZES_BYTES,
  planOperation,
  planSizes,
  sizesPlanJson,
  type CountInstructionsOptions,
  type InstructionCountResult,
  type OperationPlan,
  type PlanOperationOptions,
} from '@ngcc-perf/timing';
import type { CommandContext } from '../command-context.js';
import { EXIT_NOT_VOUCHED, EXIT_SUCCESS } from '../exit-codes.js';
import { checkLibraryFile, loadFailureError } from '../internal/library-input.js';
import { parseMeasuringCpu } from '../internal/measuring-cpu.js';
import { parseInstructionSource } from '../internal/time-instructions.js';
import { parseInteger, parsePositiveNumber, parseSizeList } from '../parse-options.js';

/** What `plan` calls; tests pass fakes. */
export interface PlanDependencies {
  planOperation: (options: PlanOperationOptions) => Promise<OperationPlan>;
  driverPath: () => Promise<string>;
  /** The CPUs this process may run on (`--cpu` must be one of them; the default is the last). */
  allowedCpus: () => number[];
  /** Throws a `CliError` when the path is not an ELF shared object (before any process starts). */
  checkLibrary: (library: string) => Promise<void>;
  /** For `--count-instructions`; default timing's `countInstructions`. */
  countInstructions?: (options: CountInstructionsOptions) => Promise<InstructionCountResult>;
}

const DEFAULT_DEPENDENCIES: PlanDependencies = {
  planOperation,
  countInstructions,
  driverPath: () => driverPath(),
  allowedCpus: () => allowedCpus(),
  checkLibrary: checkLibraryFile,
};

interface PlanFlags {
  digestBits: string;
  sizes?: string;
  trialTarget?: string;
  trials?: string;
  budget?: string;
  cpu?: string;
  countInstructions?: string | boolean;
  quiet?: boolean;
  json?: boolean;
}

/**
 * `ngcc-perf plan LIB --digest-bits N [--sizes LIST] [--trial-target S] [--trials N]
 * [--budget S] [--cpu N] [--count-instructions [SOURCE]] [--quiet] [--json]`: timing's `planSizes` calibrates every message size with one cold call
 * and prints the plan and the estimated total time before anything is measured (SPEC §5). Exit 0
 * when every size was calibrated, 3 (`EXIT_NOT_VOUCHED`) when the library failed a calibration (crash, timeout, wrong
 * return), 2 for bad input: an option, a `--cpu` this process may not use, a path that is not an
 * ELF shared object, or a library the driver cannot load (LOADFAIL at the first size: no other
 * size is tried).
 * @throws {@link CliError} `USAGE` for the bad input above (main turns it into one line, exit 2).
 * @example
 * registerPlanCommand(program, context);
 */
export function registerPlanCommand(
  program: Command,
  context: CommandContext,
  dependencies: PlanDependencies = DEFAULT_DEPENDENCIES,
): void {
  program
    .command('plan')
    .description(
      'calibrate every message size and print the trial plan and the estimated time, measuring nothing (SPEC §5)',
    )
    .argument('<lib>', 'shared library exporting CryptHash')
    .requiredOption('--digest-bits <n>', 'digest length in bits')
    .option('--sizes <list>', `message sizes in bytes (default: ${GUIDE_MESSAGE_SIZES_BYTES.join(',')})`)
    .option(
      '--trial-target <seconds>',
      `target seconds per trial (default ${DEFAULT_TIMING_OPTIONS.trialTargetSeconds})`,
    )
    .option('--trials <n>', `trials per size, each in its own process (default ${DEFAULT_TIMING_OPTIONS.trials})`)
    .option(
      '--budget <seconds>',
      `most seconds per size; also kills a calibration process that runs longer (default ${DEFAULT_TIMING_OPTIONS.budgetSeconds})`,
    )
    .option('--cpu <n>', 'CPU to pin the calibration to, one this process may use (default: the last of them)')
    .option(
      '--count-instructions [source]',
      'also estimate what run --count-instructions adds: one count at the smallest size is made (auto, pmu or valgrind)',
    )
    .option('--quiet', 'no progress output on stderr')
    .option('--json', 'print the plans as JSON')
    .action(async (library: string, flags: PlanFlags) => {
      const digestBits = parseInteger('--digest-bits', flags.digestBits, 8, 1 << 20);
      const messageSizesBytes =
        flags.sizes === undefined ? [...GUIDE_MESSAGE_SIZES_BYTES] : parseSizeList('--sizes', flags.sizes);
      const allowed = dependencies.allowedCpus();
      const cpu = flags.cpu === undefined ? defaultMeasuringCpus(allowed)[0]! : parseMeasuringCpu(flags.cpu, allowed);
      const budgetSeconds = flags.budget === undefined ? undefined : parsePositiveNumber('--budget', flags.budget);
      const options = {
        ...(flags.trialTarget === undefined
          ? {}
          : { trialTargetSeconds: parsePositiveNumber('--trial-target', flags.trialTarget) }),
        ...(flags.trials === undefined ? {} : { trials: parseInteger('--trials', flags.trials, 1, 1000) }),
        ...(budgetSeconds === undefined ? {} : { budgetSeconds }),
      };
      const instructionSource =
        typeof flags.countInstructions === 'string'
          ? parseInstructionSource('--count-instructions', flags.countInstructions)
          : flags.countInstructions === true
            ? ('auto' as const)
            : undefined;
      await dependencies.checkLibrary(library);
      const plan = await planSizes({
        library,
        digestBits,
        messageSizesBytes,
        options,
        cpu,
        driverPath: await dependencies.driverPath(),
        ...(instructionSource === undefined ? {} : { instructionSource }),
        ...(flags.quiet === true
          ? {}
          : { onProgress: (event) => context.io.stderr(`[ngcc-perf] ${describeTimeProgress(event)}\n`) }),
        planOperation: dependencies.planOperation,
        ...(dependencies.countInstructions === undefined ? {} : { countInstructions: dependencies.countInstructions }),
      });
      // A library the driver cannot load fails every size the same way: bad input, said once.
      for (const { planned } of plan.sizes) {
        const notLoadable =
          planned.status === 'failed' ? loadFailureError(library, planned.calibration.process.failure) : null;
        if (notLoadable !== null) throw notLoadable;
      }
      context.io.stdout(flags.json ? `${JSON.stringify(sizesPlanJson(plan), null, 2)}\n` : describeSizesPlan(plan));
      context.setExitCode(plan.sizes.some(({ planned: p }) => p.status === 'failed') ? EXIT_NOT_VOUCHED : EXIT_SUCCESS);
    });
}
