import type { HostEnvironment } from './host-environment.js';
import { expandCpuList } from './internal/host-files.js';
import type { DriverCounter } from './measurement-types.js';

/** Options of {@link detectHostProblems}. */
export interface DetectHostProblemsOptions {
  /**
   * The 1-minute load average counts as a problem above max(1, this × online CPUs). Default 0.5:
   * on 2 CPUs a load of 1.9 is flagged; on 12 CPUs a load of 4 is not.
   */
  loadPerCpuLimit?: number;
}

const COUNTER_LABEL: Record<DriverCounter['name'], string> = {
  'pmu-cycles': 'PMU cycles',
  tsc: 'TSC ticks',
  cntvct: 'CNTVCT_EL0 ticks',
  clock: 'CLOCK_MONOTONIC_RAW nanoseconds',
};

/**
 * Turns the host state and the driver's counter into sentences for the report and the console:
 * each names a condition SPEC §5 wants (core-cycle counter, perf_event_paranoid ≤ 2, bare metal,
 * governor `performance` at min = max frequency, turbo/boost off, no SMT sibling, an idle host)
 * that this host does not meet, and why it matters. An empty list means nothing to declare.
 *
 * @param environment - from `readHostEnvironment`.
 * @param counter - the driver's counter (`readDriverInfo().counter`).
 * @param options - {@link DetectHostProblemsOptions}.
 * @returns human sentences, most important first.
 * @throws nothing.
 * @remarks Source: SPEC §5 (host state, counters).
 * @example
 * ```ts
 * for (const problem of detectHostProblems(readHostEnvironment(), (await readDriverInfo()).counter)) {
 *   console.warn(`host: ${problem}`);
 * }
 * ```
 */
export function detectHostProblems(
  environment: HostEnvironment,
  counter: DriverCounter,
  options: DetectHostProblemsOptions = {},
): string[] {
  const problems: string[] = [];
  if (counter.kind !== 'core-cycles') {
    problems.push(
      `no hardware cycle counter: ${counter.reason ?? `the driver uses ${counter.name}`}; ` +
        `figures are ${COUNTER_LABEL[counter.name]} at a fixed rate, not core cycles`,
    );
  }
  const paranoid = environment.perfEventParanoid;
  if (paranoid !== null && paranoid > 2) {
    problems.push(`kernel.perf_event_paranoid is ${paranoid}: user-mode cycle counting is blocked; set it to 2 (sysctl kernel.perf_event_paranoid=2)`);
  }
  if (environment.virtualized === true) {
    problems.push('running in a virtual machine: the hypervisor can steal time and the clock is not the core\'s own');
  }
  const { cpufreqGovernor: governor, cpufreqMinKhz: minKhz, cpufreqMaxKhz: maxKhz } = environment;
  if (governor === null && minKhz === null && maxKhz === null) {
    problems.push('cpufreq not exposed: clock not fixed-verified');
  } else {
    if (governor !== null && governor !== 'performance') problems.push(`cpufreq governor is "${governor}", not "performance"`);
    if (minKhz !== null && maxKhz !== null && minKhz !== maxKhz) {
      problems.push(`cpufreq minimum ${minKhz} kHz differs from maximum ${maxKhz} kHz: the clock can move`);
    }
  }
  if (environment.noTurbo === false) problems.push('turbo is on (intel_pstate/no_turbo = 0)');
  if (environment.boost === true) problems.push('frequency boost is on (cpufreq/boost = 1)');
  if (environment.smtActive === true) problems.push('SMT sibling active: another hardware thread shares the measuring core');
  const load = environment.loadAverage?.[0];
  const cpus = expandCpuList(environment.logicalCpusOnline ?? '')?.length ?? null;
  if (load !== undefined && cpus !== null && load > Math.max(1, (options.loadPerCpuLimit ?? 0.5) * cpus)) {
    problems.push(`load average ${load} over ${cpus} CPU${cpus === 1 ? '' : 's'}: other work competes with the measurement`);
  }
  return problems;
}
