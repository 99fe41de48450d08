import type { DriverCounter } from './counter-types.js';
import type { HostEnvironment } from './host-environment.js';
import type { HostFinding, HostProblemFinding } from './host-finding.js';
import { describeCpuQuota } from './describe-cpu-quota.js';
import { expandCpuList } from './internal/host-files.js';
import type { ClockProbe } from './probe-clock.js';

/** Options of {@link classifyHost}. */
export interface ClassifyHostOptions {
  /** The clock probe's result, when one ran (it stands in for cpufreq). */
  clockProbe?: ClockProbe | null;
  /** Why no clock probe ran (e.g. the driver has no `clock-probe`), for the `clock-unverified` sentence. */
  clockProbeFailure?: string;
  /**
   * The 1-minute load average counts as a problem above max(1, this × online CPUs). Default 0.5:
   * on 2 CPUs a load of 1.9 is flagged; on 12 CPUs a load of 4 is not.
   */
  loadPerCpuLimit?: number;
}

/** Findings split by severity (`HOST_FINDING_SEVERITY`), each list in a fixed order. */
export interface HostClassification {
  problems: HostProblemFinding[];
  notes: HostFinding[];
}

const COUNTER_LABEL: Record<DriverCounter['name'], string> = {
  'pmu-cycles': 'PMU cycles',
  tsc: 'TSC ticks',
  tscp: 'TSC ticks',
  cntvct: 'CNTVCT_EL0 ticks',
  clock: 'CLOCK_MONOTONIC_RAW nanoseconds',
};
const mhz = (hz: number) => `${(hz / 1e6).toFixed(1)} MHz`;
const percent = (fraction: number) => `${(fraction * 100).toFixed(3)} %`;

/**
 * Judges a host from its state, the driver's counter and (optionally) a clock probe: the pure
 * half of `assessHost`. Every finding has a stable code; see `HOST_FINDING_SEVERITY` for which
 * are problems and which are notes. Nothing on the host is changed.
 *
 * @param environment - from `readHostEnvironment` (its `measuringCpu` is the CPU judged).
 * @param counter - the driver's counter (`readDriverInfo().counter`).
 * @param options - {@link ClassifyHostOptions}.
 * @returns {@link HostClassification}: problems, then notes, most important first.
 * @throws nothing.
 * @remarks Source: guide §3.4 (host state, counters, clock probe).
 * @example
 * ```ts
 * const { problems } = classifyHost(readHostEnvironment({ cpu: 1 }), (await readDriverInfo()).counter);
 * for (const problem of problems) console.warn(`${problem.code}: ${problem.message}`);
 * ```
 */
export function classifyHost(
  environment: HostEnvironment,
  counter: DriverCounter,
  options: ClassifyHostOptions = {},
): HostClassification {
  const problems: HostProblemFinding[] = [];
  const notes: HostFinding[] = [];
  const cpu = environment.measuringCpu;
  const online = expandCpuList(environment.logicalCpusOnline ?? '');
  if (counter.kind !== 'core-cycles') {
    const why = counter.reason ?? `the driver uses ${counter.name}`;
    problems.push({
      code: 'no-core-cycle-counter',
      message: `no hardware cycle counter: ${why}; figures are ${COUNTER_LABEL[counter.name]} at a fixed rate, not core cycles`,
    });
    const paranoid = environment.perfEventParanoid;
    if (paranoid !== null && paranoid > 2) {
      problems.push({
        code: 'perf-event-paranoid',
        message: `kernel.perf_event_paranoid is ${paranoid}: user-mode cycle counting is blocked; set it to 2 (sysctl kernel.perf_event_paranoid=2)`,
      });
    }
  }
  if (environment.virtualized === true) {
    const h = environment.hypervisor;
    const evidence =
      h === null || h === undefined
        ? ''
        : h.detectedBy === 'cpuid-flag'
          ? ' (hypervisor CPU flag)'
          : ` (${h.name ?? 'unnamed'}, from ${h.detectedBy === 'dmi' ? 'DMI' : '/sys/hypervisor/type'})`;
    problems.push({
      code: 'virtual-machine',
      message: `running in a virtual machine${evidence}: the hypervisor can steal time and the clock is not the core's own`,
    });
  }
  if (cpu !== null && online !== null && !online.includes(cpu)) {
    problems.push({
      code: 'cpu-not-online',
      message: `CPU ${cpu} is not online (online: ${environment.logicalCpusOnline}); pin to an online CPU`,
    });
  }
  const { cpufreqGovernor: governor, cpufreqMinKhz: minKhz, cpufreqMaxKhz: maxKhz } = environment;
  const probe = options.clockProbe ?? null;
  const noCpufreq = governor === null && minKhz === null && maxKhz === null;
  if (probe !== null && !probe.steady) {
    problems.push({
      code: 'clock-unsteady',
      message: `clock probe: ${probe.counter} ran at a median ${mhz(probe.medianHz)} with an IQR of ${percent(probe.iqrRelative)} over ${probe.windowsHz.length || 'its'} windows, above the 0.5 % limit: the clock moved during the probe`,
    });
  } else if (probe === null && noCpufreq) {
    const why =
      options.clockProbeFailure === undefined ? 'no clock probe ran' : `no clock probe (${options.clockProbeFailure})`;
    problems.push({
      code: 'clock-unverified',
      message: `cpufreq not exposed and ${why}: the clock is not verified fixed`,
    });
  }
  const tscFlags = environment.tscFlags ?? null;
  if ((counter.name === 'tsc' || counter.name === 'tscp') && tscFlags !== null) {
    const missing = ['constant_tsc', 'nonstop_tsc'].filter((flag) => !tscFlags.includes(flag));
    if (missing.length > 0) {
      problems.push({
        code: 'tsc-not-invariant',
        message: `the TSC lacks ${missing.join(' and ')}: its rate can follow the core's frequency or stop in idle states, so ticks are not comparable`,
      });
    }
  }
  if (governor !== null && governor !== 'performance') {
    problems.push({
      code: 'governor-not-performance',
      message: `cpufreq governor is "${governor}", not "performance"`,
    });
  }
  if (minKhz !== null && maxKhz !== null && minKhz !== maxKhz) {
    problems.push({
      code: 'frequency-not-fixed',
      message: `cpufreq minimum ${minKhz} kHz differs from maximum ${maxKhz} kHz: the clock can move`,
    });
  }
  const turbo = [
    ...(environment.noTurbo === false ? ['turbo is on (intel_pstate/no_turbo = 0)'] : []),
    ...(environment.boost === true ? ['frequency boost is on (cpufreq/boost = 1)'] : []),
  ];
  if (turbo.length > 0) problems.push({ code: 'turbo-on', message: turbo.join('; ') });
  if (environment.smtActive === true) {
    const others = (expandCpuList(environment.smtSiblings ?? '') ?? []).filter((sibling) => sibling !== cpu);
    const who = others.length > 0 && cpu !== null ? ` (CPU ${others.join(', ')} on the core of CPU ${cpu})` : '';
    problems.push({
      code: 'smt-sibling-active',
      message: `SMT sibling active${who}: another hardware thread shares the measuring core`,
    });
  }
  const load = environment.loadAverage?.[0];
  if (load !== undefined && online !== null && load > Math.max(1, (options.loadPerCpuLimit ?? 0.5) * online.length)) {
    problems.push({
      code: 'high-load',
      message: `load average ${load} over ${online.length} CPU${online.length === 1 ? '' : 's'}: other work competes with the measurement`,
    });
  }
  const quota = environment.cpuQuota ?? null;
  if (quota !== null) problems.push({ code: 'cpu-quota', message: describeCpuQuota(quota) });
  notes.push(...hostNotes(environment, probe, noCpufreq));
  return { problems, notes };
}

function hostNotes(environment: HostEnvironment, probe: ClockProbe | null, noCpufreq: boolean): HostFinding[] {
  const notes: HostFinding[] = [];
  const cpu = environment.measuringCpu;
  if (noCpufreq) {
    const verified =
      probe?.steady === true
        ? `; the clock probe found ${probe.counter} steady at ${mhz(probe.medianHz)} (IQR ${percent(probe.iqrRelative)})` +
          (probe.measures === 'counter-rate'
            ? ', which shows the counter is steady, not that the core clock is fixed'
            : '')
        : '';
    notes.push({
      code: 'no-cpufreq',
      message: `cpufreq not exposed: governor and frequency limits cannot be checked${verified}`,
    });
  }
  const aslr = environment.randomizeVaSpace ?? null;
  if (aslr !== null && aslr > 0) {
    notes.push({
      code: 'aslr-on',
      message: `ASLR is on (kernel.randomize_va_space = ${aslr}): every trial process gets a fresh memory layout, as guide §3.4 intends`,
    });
  }
  const isolated = environment.isolatedCpus ?? null;
  if (cpu !== null && isolated !== null && !(expandCpuList(isolated) ?? []).includes(cpu)) {
    const nohz = environment.nohzFullCpus ?? null;
    const tick = nohz === null ? 'nohz_full not exposed' : `nohz_full: ${nohz === '' ? 'none' : nohz}`;
    notes.push({
      code: 'not-isolated',
      message: `CPU ${cpu} is not isolated (isolcpus: ${isolated === '' ? 'none' : isolated}; ${tick}): the scheduler may run other tasks on it`,
    });
  }
  const type = environment.hybridCoreType ?? null;
  if (type !== null && cpu !== null) {
    notes.push({
      code: 'hybrid-cpu',
      message: `hybrid CPU: CPU ${cpu} is ${type === 'core' ? 'a performance core (cpu_core)' : 'an efficiency core (cpu_atom)'}; the figures hold for that core type`,
    });
  }
  return notes;
}
