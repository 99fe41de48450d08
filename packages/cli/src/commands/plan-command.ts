import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { DEFAULT_TIMING_OPTIONS, planOperation, type OperationPlan, type PlanOperationOptions } from '@ngcc-perf/timing';
import type { CommandContext } from '../command-context.js';
import { locateNative } from '../locate-native.js';
import { parseInteger, parsePositiveNumber, parseSizeList } from '../parse-options.js';
import { GUIDE_MESSAGE_SIZES_BYTES } from '../run-campaign.js';

/** What `plan` calls; tests pass fakes. */
export interface PlanDependencies {
  planOperation: (options: PlanOperationOptions) => Promise<OperationPlan>;
  driverPath: () => string;
}

const DEFAULT_DEPENDENCIES: PlanDependencies = { planOperation, driverPath: () => locateNative().driverPath };

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
  json?: boolean;
}

/** Seconds in the largest unit where the value is ≥ 1, 3 significant digits (`4.10 µs`, `986 µs`, `1.31 ms`; `1500 s` from 1000 s on). */
export function formatSeconds(seconds: number): string {
  const units: Array<[number, string]> = [[1, 's'], [1e-3, 'ms'], [1e-6, 'µs'], [1e-9, 'ns']];
  for (const [scale, unit] of units) {
    const scaled = Number((seconds / scale).toPrecision(3));
    if (scaled >= 1 || unit === 'ns') return `${scaled >= 1000 ? String(Math.round(seconds / scale)) : scaled.toPrecision(3)} ${unit}`;
  }
  return `${seconds} s`;
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
  const widths = header.map((title, column) => Math.max(title.length, ...rows.filter((r) => r.length > 2).map((r) => (r[column] ?? '').length)));
  const line = (cells: string[]) => (cells.length === 2 ? `${cells[0]?.padStart(widths[0] ?? 0)}  ${cells[1]}` : cells.map((c, i) => c.padStart(widths[i] ?? 0)).join('  '));
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
 * [--budget S] [--cpu N] [--json]`: calibrates every message size with one cold call and prints
 * the plan and the estimated total time before anything is measured (SPEC §5). Exit 0 when every
 * size was calibrated, 1 when the library failed a calibration, 2 for bad input.
 * @example
 * registerPlanCommand(program, context);
 */
export function registerPlanCommand(program: Command, context: CommandContext, dependencies: PlanDependencies = DEFAULT_DEPENDENCIES): void {
  program
    .command('plan')
    .description('calibrate every message size and print the trial plan and the estimated time, measuring nothing (SPEC §5)')
    .argument('<lib>', 'shared library exporting CryptHash')
    .requiredOption('--digest-bits <n>', 'digest length in bits')
    .option('--sizes <list>', `message sizes in bytes (default: ${GUIDE_MESSAGE_SIZES_BYTES.join(',')})`)
    .option('--trial-target <seconds>', `target seconds per trial (default ${DEFAULT_TIMING_OPTIONS.trialTargetSeconds})`)
    .option('--trials <n>', `trials per size, each in its own process (default ${DEFAULT_TIMING_OPTIONS.trials})`)
    .option('--budget <seconds>', `most seconds per size (default ${DEFAULT_TIMING_OPTIONS.budgetSeconds})`)
    .option('--cpu <n>', 'CPU to pin the calibration to (default: the last CPU)')
    .option('--json', 'print the plans as JSON')
    .action(async (library: string, flags: PlanFlags) => {
      const digestBits = parseInteger('--digest-bits', flags.digestBits, 8, 1 << 20);
      const sizesBytes = flags.sizes === undefined ? [...GUIDE_MESSAGE_SIZES_BYTES] : parseSizeList('--sizes', flags.sizes);
      const cpuCount = os.availableParallelism();
      const cpu = flags.cpu === undefined ? cpuCount - 1 : parseInteger('--cpu', flags.cpu, 0, cpuCount - 1);
      const options = {
        ...(flags.trialTarget === undefined ? {} : { trialTargetSeconds: parsePositiveNumber('--trial-target', flags.trialTarget) }),
        ...(flags.trials === undefined ? {} : { trials: parseInteger('--trials', flags.trials, 1, 1000) }),
        ...(flags.budget === undefined ? {} : { budgetSeconds: parsePositiveNumber('--budget', flags.budget) }),
      };
      const driverPath = dependencies.driverPath();
      const sizes: PlannedSize[] = [];
      for (const messageBytes of sizesBytes) {
        context.io.stderr(`[ngcc-perf] calibrating ${messageBytes} B\n`);
        sizes.push({ messageBytes, planned: await dependencies.planOperation({ library, digestBits, messageBytes, options, cpu, driverPath }) });
      }
      if (flags.json) {
        const planned = sizes.flatMap(({ planned: p }) => (p.status === 'planned' ? [p] : []));
        const json = {
          library, digestBits, cpu,
          sizes: sizes.map(({ messageBytes, planned: p }) =>
            p.status === 'planned'
              ? { messageBytes, status: p.status, plan: p.plan, estimatedWallSeconds: p.estimatedWallSeconds }
              : { messageBytes, status: p.status, failure: p.failure },
          ),
          totalEstimatedSeconds: planned.reduce((sum, p) => sum + p.plan.estimatedSeconds, 0),
          totalEstimatedWallSeconds: planned.reduce((sum, p) => sum + p.estimatedWallSeconds, 0),
        };
        context.io.stdout(`${JSON.stringify(json, null, 2)}\n`);
      } else {
        context.io.stdout(renderPlan(library, digestBits, sizes));
      }
      context.setExitCode(sizes.some(({ planned: p }) => p.status === 'failed') ? 1 : 0);
    });
}
