import { classifyHost, type ClassifyHostOptions } from './classify-host.js';
import type { DriverCounter } from './counter-types.js';
import type { DriverInfo, DriverSandbox } from './driver-lines.js';
import type { TimingRunner } from './driver-runner.js';
import type { HostEnvironment } from './host-environment.js';
import type { HostFinding, HostProblemFinding } from './host-finding.js';
import { resolveRunner } from './internal/resolve-runner.js';
import { probeClock, type ClockProbe } from './probe-clock.js';
import { readHostEnvironment, type ReadHostEnvironmentOptions } from './read-host-environment.js';
import { TimingError } from './timing-error.js';

/** Options of {@link assessHost}. */
export interface AssessHostOptions extends ReadHostEnvironmentOptions, Pick<ClassifyHostOptions, 'loadPerCpuLimit'> {
  /** Driver path; default: `driverPath()` of @ngcc-perf/native. Ignored when `runner` is given. */
  driverPath?: string;
  /** Injected runner (tests). */
  runner?: TimingRunner;
  /** `auto` (default): probe the clock only where cpufreq is not exposed (guide §3.4); `always`; `never`. */
  clockProbe?: 'auto' | 'always' | 'never';
}

/** Where `HostAssessment.tscHz` came from. */
export type TscHzSource = 'kernel' | 'cpuid' | 'driver' | 'clock-probe';

/** The host judged for measurement (guide §3.4 "host state, checked and recorded"). */
export interface HostAssessment {
  /** The measuring CPU judged (`environment.measuringCpu`). */
  cpu: number | null;
  environment: HostEnvironment;
  /** The counter the driver would use, with its rate and read cost when the driver states them. */
  counter: DriverCounter;
  /** Every counter the driver probed, when it lists them. */
  counters: NonNullable<DriverInfo['counters']> | null;
  /**
   * x86 TSC frequency, Hz, when known: the kernel's `tsc_freq_khz`, else what CPUID states
   * (`info.tscHzCpuid`), else the rate the driver measured for its TSC counter, else the probe's median.
   */
  tscHz: number | null;
  tscHzSource: TscHzSource | null;
  /** The clock probe, when it ran. */
  clockProbe: ClockProbe | null;
  /**
   * The sandbox the driver's library-running processes enter (`info.sandbox`: bwrap, unshare,
   * off or unavailable, with its limits); absent when the driver predates the sandbox.
   */
  sandbox?: DriverSandbox;
  problems: HostProblemFinding[];
  notes: HostFinding[];
}

/**
 * Reads the host state, asks the driver for its counter, probes the clock where cpufreq cannot
 * vouch for it, and judges the host (`classifyHost`): problems with stable codes, and notes.
 * Reads only — it never changes a host setting.
 *
 * @param options - {@link AssessHostOptions}; `cpu` is the measuring CPU.
 * @returns the {@link HostAssessment}. A driver without `clock-probe` gives `clockProbe: null`
 *   and a `clock-unverified` problem saying to rebuild native/, not an exception.
 * @throws {@link TimingError} `DRIVER_NOT_FOUND`, `DRIVER_FAILED`, `DRIVER_VERSION`, `PROTOCOL` from `info`.
 * @remarks Source: guide §3.4 (host state, clock probe).
 * @example
 * ```ts
 * const assessment = await assessHost({ cpu: 1 });
 * for (const problem of assessment.problems) console.warn(`${problem.code}: ${problem.message}`);
 * ```
 */
export async function assessHost(options: AssessHostOptions = {}): Promise<HostAssessment> {
  const runner = resolveRunner(options.runner, options.driverPath);
  const environment = readHostEnvironment(options);
  const info = await runner.info();
  const noCpufreq =
    environment.cpufreqGovernor === null && environment.cpufreqMinKhz === null && environment.cpufreqMaxKhz === null;
  const wanted = options.clockProbe ?? 'auto';
  let clockProbe: ClockProbe | null = null;
  let clockProbeFailure: string | undefined;
  if (wanted === 'always' || (wanted === 'auto' && noCpufreq)) {
    try {
      clockProbe = await probeClock({
        runner,
        ...(environment.measuringCpu === null ? {} : { cpu: environment.measuringCpu }),
      });
    } catch (error) {
      if (!(error instanceof TimingError) || (error.code !== 'DRIVER_UNSUPPORTED' && error.code !== 'DRIVER_FAILED'))
        throw error;
      clockProbeFailure =
        error.code === 'DRIVER_UNSUPPORTED'
          ? 'the driver has no clock-probe; rebuild native/ with "npm run build"'
          : error.message;
    }
  } else if (noCpufreq) {
    clockProbeFailure = 'clock probe switched off';
  }
  const { problems, notes } = classifyHost(environment, info.counter, {
    clockProbe,
    ...(clockProbeFailure === undefined ? {} : { clockProbeFailure }),
    ...(options.loadPerCpuLimit === undefined ? {} : { loadPerCpuLimit: options.loadPerCpuLimit }),
  });
  const tsc = tscFrequency(environment, info, clockProbe);
  return {
    cpu: environment.measuringCpu,
    environment,
    counter: info.counter,
    counters: info.counters ?? null,
    tscHz: tsc?.hz ?? null,
    tscHzSource: tsc?.source ?? null,
    clockProbe,
    ...(info.sandbox === undefined ? {} : { sandbox: info.sandbox }),
    problems,
    notes,
  };
}

function tscFrequency(
  environment: HostEnvironment,
  info: DriverInfo,
  probe: ClockProbe | null,
): { hz: number; source: TscHzSource } | null {
  const isTsc = (name: string) => name === 'tsc' || name === 'tscp';
  if (environment.tscKhz !== null) return { hz: environment.tscKhz * 1000, source: 'kernel' };
  if (typeof info.tscHzCpuid === 'number') return { hz: info.tscHzCpuid, source: 'cpuid' };
  const driverHz = [info.counter, ...(info.counters ?? [])].find((c) => isTsc(c.name) && c.hz !== undefined)?.hz;
  if (driverHz !== undefined) return { hz: driverHz, source: 'driver' };
  if (probe !== null && isTsc(probe.counter)) return { hz: probe.medianHz, source: 'clock-probe' };
  return null;
}
