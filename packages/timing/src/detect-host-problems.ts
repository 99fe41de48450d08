import type { HostProblem } from '@ngcc-perf/record';
import { classifyHost, type ClassifyHostOptions } from './classify-host.js';
import type { DriverCounter } from './counter-types.js';
import type { HostEnvironment } from './host-environment.js';

/** Options of {@link detectHostProblems}. */
export type DetectHostProblemsOptions = Pick<ClassifyHostOptions, 'loadPerCpuLimit'>;

/**
 * The host's problems, each a stable code and a sentence (`HostProblem` of `@ngcc-perf/record`),
 * for the console and a record's `hostProblems`: `classifyHost(...).problems` (no clock probe;
 * notes left out). Each names a
 * condition guide §3.4 wants (core-cycle counter, perf_event_paranoid ≤ 2, bare metal, a clock known
 * to be fixed, governor `performance` at min = max frequency, turbo/boost off, no SMT sibling, an
 * idle host) that this host does not meet, and why it matters. Prefer `assessHost`, which also
 * runs the clock probe.
 *
 * @param environment - from `readHostEnvironment`.
 * @param counter - the driver's counter (`readDriverInfo().counter`).
 * @param options - {@link DetectHostProblemsOptions}.
 * @returns the problems, most important first; empty when nothing is wrong.
 * @throws nothing.
 * @remarks Source: guide §3.4 (host state, counters).
 * @example
 * ```ts
 * for (const problem of detectHostProblems(readHostEnvironment(), (await readDriverInfo()).counter)) {
 *   if (problem.code === 'virtual-machine') console.warn(`host: ${problem.message}`);
 * }
 * ```
 */
export function detectHostProblems(
  environment: HostEnvironment,
  counter: DriverCounter,
  options: DetectHostProblemsOptions = {},
): HostProblem[] {
  return classifyHost(environment, counter, options).problems.map(({ code, message }) => ({ code, message }));
}
