import path from 'node:path';
import { formatSeconds } from '@ngcc-perf/stats';
import type { SizesPlan } from './plan-sizes.js';

/**
 * The human form of a {@link SizesPlan}, as `ngcc-perf plan` prints it: one row per message size
 * (t1, iterations, warm-ups, trials, estimate, timeout per process), then the totals, then the
 * instruction-counting estimate when there is one. A t1 that was mostly one-time set-up shows the
 * warm call the plan used after it (`1.89 ms, then 32.0 µs warm`). A pure function of the plan.
 * @example
 * process.stdout.write(describeSizesPlan(await planSizes(options)));
 */
export function describeSizesPlan({ library, digestBits, sizes, counting }: SizesPlan): string {
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
  ]
    .join('\n')
    .concat(counting === null ? '' : `${counting.text}\n`);
}

/**
 * The `plan --json` object: the library, digest bits and CPU, each size's plan (or its failure), the
 * totals of the planned sizes (timed loops and warm-ups; with process start-up), seconds, and the
 * instruction-counting estimate when there is one.
 */
export function sizesPlanJson({ library, digestBits, cpu, sizes, counting }: SizesPlan): Record<string, unknown> {
  const planned = sizes.flatMap(({ planned: p }) => (p.status === 'planned' ? [p] : []));
  return {
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
}
