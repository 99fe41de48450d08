import path from 'node:path';
import type { Command } from 'commander';
import {
  COUNT_INSTRUCTIONS_DEFAULTS,
  countInstructions,
  DEFAULT_TIMING_OPTIONS,
  planOperation,
  type CountInstructionsOptions,
  type InstructionCountResult,
  type OperationPlan,
  type PlanOperationOptions,
} from '@ngcc-perf/timing';
import type { CommandContext } from '../command-context.js';
import { EXIT_NOT_VOUCHED, EXIT_SUCCESS } from '../exit-codes.js';
import { formatSeconds } from '@ngcc-perf/stats';
import { checkLibraryFile, loadFailureError } from '../internal/library-input.js';
import { parseMeasuringCpu } from '../internal/measuring-cpu.js';
import { calibratingLine } from '../internal/time-progress.js';
import { CALLGRIND_SLOWDOWN, estimateCountingSeconds, parseInstructionSource } from '../internal/time-instructions.js';
import { parseInteger, parsePositiveNumber, parseSizeList } from '../parse-options.js';
import { allowedCpus, defaultMeasuringCpus, GUIDE_MESSAGE_SIZES_BYTES } from '@ngcc-perf/timing';
import { driverPath } from '@ngcc-perf/native';

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

/** What `--count-instructions` adds to a plan: one count made, and the estimate for every size. */
interface CountingEstimate {
  source: 'pmu-instructions' | 'valgrind' | null;
  measuredSeconds: number | null;
  estimatedSeconds: number | null;
  text: string;
}

async function estimateCounting(
  dependencies: PlanDependencies,
  library: string,
  digestBits: number,
  sizes: readonly PlannedSize[],
  driver: string,
  flag: string | boolean,
): Promise<CountingEstimate> {
  const source = flag === true ? 'auto' : parseInstructionSource('--count-instructions', String(flag));
  const planned = sizes.flatMap(({ planned: p }) => (p.status === 'planned' ? [p] : []));
  const smallest = Math.min(...sizes.map((size) => size.messageBytes));
  const count = dependencies.countInstructions ?? countInstructions;
  const result = await count({ library, digestBits, messageBytes: smallest, source, driverPath: driver });
  if (result.status === 'failed')
    return {
      source: null,
      measuredSeconds: null,
      estimatedSeconds: null,
      text: `instruction counting: not possible here (${result.failure})`,
    };
  const calls = COUNT_INSTRUCTIONS_DEFAULTS.calls + COUNT_INSTRUCTIONS_DEFAULTS.warmups;
  const estimatedSeconds = estimateCountingSeconds(
    result.count.seconds,
    planned.map((p) => p.plan.planCallSeconds ?? p.plan.calibrationSeconds),
    result.count.source,
    calls,
  );
  return {
    source: result.count.source,
    measuredSeconds: result.count.seconds,
    estimatedSeconds,
    text:
      `instruction counting (${result.count.source}): about ${formatSeconds(estimatedSeconds)} more, one process per size ` +
      `(one count at ${smallest} B took ${formatSeconds(result.count.seconds)}; ${calls} calls per process` +
      `${result.count.source === 'valgrind' ? `, each taken as ${CALLGRIND_SLOWDOWN} times slower under valgrind` : ''})`,
  };
}

/** One message size of a plan, as printed. */
export interface PlannedSize {
  messageBytes: number;
  planned: OperationPlan;
}

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
 * The human form of a plan: one row per message size (t1, iterations, warm-ups, trials,
 * estimate, timeout per process), then the totals. A t1 that was mostly one-time set-up shows the
 * warm call the plan used after it (`1.89 ms, then 32.0 µs warm`). A pure function of the planned sizes.
 * @example
 * io.stdout(renderPlan('libsha512.so', 512, sizes));
 */
export function renderPlan(library: string, digestBits: number, sizes: readonly PlannedSize[]): string {
  const header = ['size', 't1 (one call)', 'iterations', 'warm-ups', 'trials', 'estimate', 'timeout/process'];
  const rows = sizes.map(({ messageBytes, planned }) =>
    planned.status === 'failed'
      ? [`${messageBytes} B`, `calibration failed: ${planned.failure}`]
      : [
          `${messageBytes} B`,
          planned.plan.calibrationBasis === 'warm-calls'
            ? `${formatSeconds(planned.plan.calibrationSeconds)}, then ${formatSeconds(planned.plan.planCallSeconds)} warm`
            : formatSeconds(planned.plan.calibrationSeconds),
          String(planned.plan.iterationsPerTrial),
          String(planned.plan.warmups),
          String(planned.plan.trials),
          formatSeconds(planned.plan.estimatedSeconds),
          formatSeconds(planned.plan.timeoutPerProcessSeconds),
        ],
  );
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.filter((r) => r.length > 2).map((r) => (r[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells.length === 2
      ? `${cells[0]?.padStart(widths[0] ?? 0)}  ${cells[1]}`
      : cells.map((c, i) => c.padStart(widths[i] ?? 0)).join('  ');
  const ok = sizes.flatMap(({ planned }) => (planned.status === 'planned' ? [planned] : []));
  const loops = ok.reduce((sum, p) => sum + p.plan.estimatedSeconds, 0);
  const wall = ok.reduce((sum, p) => sum + p.estimatedWallSeconds, 0);
  const over = ok.filter((p) => p.plan.estimatedSeconds > p.plan.budgetSeconds).length;
  return [
    `Plan for ${path.basename(library)} (${digestBits}-bit digest): ${sizes.length} message size(s), nothing measured yet`,
    '',
    line(header),
    ...rows.map(line),
    '',
    `total estimate: ${formatSeconds(loops)} of timed loops and warm-ups, about ${formatSeconds(wall)} with process start-up ` +
      '(one attempt per trial; disturbed trials can add reruns)',
    ...(over > 0 ? [`${over} size(s) exceed the budget: the guide's minimum of 100 measurements wins over it`] : []),
    ...(ok.length < sizes.length ? [`${sizes.length - ok.length} size(s) could not be calibrated`] : []),
    '',
  ].join('\n');
}

/**
 * `ngcc-perf plan LIB --digest-bits N [--sizes LIST] [--trial-target S] [--trials N]
 * [--budget S] [--cpu N] [--quiet] [--json]`: calibrates every message size with one cold call
 * and prints the plan and the estimated total time before anything is measured (guide §3.4). Exit 0
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
      'calibrate every message size and print the trial plan and the estimated time, measuring nothing (guide §3.4)',
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
      const sizesBytes =
        flags.sizes === undefined ? [...GUIDE_MESSAGE_SIZES_BYTES] : parseSizeList('--sizes', flags.sizes);
      const allowed = dependencies.allowedCpus();
      const cpu = flags.cpu === undefined ? defaultMeasuringCpus(allowed)[0]! : parseMeasuringCpu(flags.cpu, allowed);
      const budgetSeconds =
        flags.budget === undefined
          ? DEFAULT_TIMING_OPTIONS.budgetSeconds
          : parsePositiveNumber('--budget', flags.budget);
      const options = {
        ...(flags.trialTarget === undefined
          ? {}
          : { trialTargetSeconds: parsePositiveNumber('--trial-target', flags.trialTarget) }),
        ...(flags.trials === undefined ? {} : { trials: parseInteger('--trials', flags.trials, 1, 1000) }),
        ...(flags.budget === undefined ? {} : { budgetSeconds }),
      };
      await dependencies.checkLibrary(library);
      const driver = await dependencies.driverPath();
      const sizes: PlannedSize[] = [];
      for (const messageBytes of sizesBytes) {
        if (flags.quiet !== true) context.io.stderr(calibratingLine(messageBytes, budgetSeconds));
        const planned = await dependencies.planOperation({
          library,
          digestBits,
          messageBytes,
          options,
          cpu,
          driverPath: driver,
        });
        // A library the driver cannot load fails every size the same way: bad input, said once.
        const notLoadable =
          planned.status === 'failed' ? loadFailureError(library, planned.calibration.process.failure) : null;
        if (notLoadable !== null) throw notLoadable;
        sizes.push({ messageBytes, planned });
      }
      const counting =
        flags.countInstructions === undefined
          ? null
          : await estimateCounting(dependencies, library, digestBits, sizes, driver, flags.countInstructions);
      if (flags.json) {
        const planned = sizes.flatMap(({ planned: p }) => (p.status === 'planned' ? [p] : []));
        const json = {
          library,
          digestBits,
          cpu,
          sizes: sizes.map(({ messageBytes, planned: p }) =>
            p.status === 'planned'
              ? { messageBytes, status: p.status, plan: p.plan, estimatedWallSeconds: p.estimatedWallSeconds }
              : { messageBytes, status: p.status, failure: p.failure },
          ),
          totalEstimatedSeconds: planned.reduce((sum, p) => sum + p.plan.estimatedSeconds, 0),
          totalEstimatedWallSeconds: planned.reduce((sum, p) => sum + p.estimatedWallSeconds, 0),
          ...(counting === null ? {} : { instructionCounting: counting }),
        };
        context.io.stdout(`${JSON.stringify(json, null, 2)}\n`);
      } else {
        context.io.stdout(renderPlan(library, digestBits, sizes) + (counting === null ? '' : `${counting.text}\n`));
      }
      context.setExitCode(sizes.some(({ planned: p }) => p.status === 'failed') ? EXIT_NOT_VOUCHED : EXIT_SUCCESS);
    });
}
