import type { HostEnvironment } from '@ngcc-perf/record';
import { pickExtra } from './extra-fields.js';

/** An ngcc-perf host description with the anchor's fields that have no place in it. */
export type ImportedHostEnvironment = HostEnvironment & { extra: Record<string, unknown> };

type Source = Record<string, unknown>;

const DIRECT = [
  'cpu_model',
  'logical_cpus_online',
  'virtualized',
  'memory_total_kib',
  'os',
  'kernel',
  'cpufreq_governor',
] as const;

/** SMT states of /sys/devices/system/cpu/smt/control: only `on` has sibling threads running. */
const SMT_ACTIVE: Record<string, boolean> = { on: true, off: false, forceoff: false, notsupported: false };

function orNull<T>(value: T | undefined): T | null {
  return value === undefined ? null : value;
}

/**
 * Maps the anchor's host description (`environment_at_start` etc., sysfs values as text) to
 * ngcc-perf's `HostEnvironment` (docs/RUN-DIRECTORY.md). A source field is consumed only when
 * its value can be read back from the mapped one (`"2707200"` ↔ 2707200, `"0"` ↔ false);
 * everything else — hostname, machine, compilers, `cpu_number`, the measured core clock,
 * `smt_control` (several states map to "not active"), values that do not convert — stays in
 * `extra`, verbatim. The anchor records no load average: `loadAverage` is null.
 *
 * @param source - the anchor's environment object as parsed (validated by `anchorEnvironmentSchema`)
 * @returns the mapped environment with `extra`
 * @example
 * ```ts
 * const environment = mapHostEnvironment({ architecture: 'aarch64', cpufreq_max_khz: '2707200', cpufreq_boost: '0', hostname: 'vivo' });
 * environment.cpufreqMaxKhz; // 2707200
 * environment.boost;         // false
 * environment.extra;         // { hostname: 'vivo' }
 * ```
 */
export function mapHostEnvironment(source: Source): ImportedHostEnvironment {
  const consumed = new Set<string>(DIRECT.filter((key) => key in source));
  const integerText = (key: string): number | null => {
    const value = source[key];
    if (value === null || value === undefined) {
      if (value === null) consumed.add(key);
      return null;
    }
    const number = Number(value);
    if (typeof value === 'string' && String(number) === value) consumed.add(key);
    return Number.isFinite(number) ? number : null;
  };
  const flag = (key: string): boolean | null => {
    const value = source[key];
    if (value === null) consumed.add(key);
    if (value === '1' || value === '0') {
      consumed.add(key);
      return value === '1';
    }
    return null;
  };
  const architecture =
    source.architecture === 'x86_64' || source.architecture === 'aarch64' ? source.architecture : null;
  if (architecture !== null || source.architecture === null) consumed.add('architecture');
  const smt = source.smt_control;
  const environment: HostEnvironment = {
    architecture,
    cpuModel: orNull(source.cpu_model as string | null | undefined),
    logicalCpusOnline: orNull(source.logical_cpus_online as string | null | undefined),
    virtualized: orNull(source.virtualized as boolean | null | undefined),
    memoryTotalKib: orNull(source.memory_total_kib as number | null | undefined),
    os: orNull(source.os as string | null | undefined),
    kernel: orNull(source.kernel as string | null | undefined),
    perfEventParanoid: integerText('perf_event_paranoid'),
    cpufreqGovernor: orNull(source.cpufreq_governor as string | null | undefined),
    cpufreqMinKhz: integerText('cpufreq_min_khz'),
    cpufreqMaxKhz: integerText('cpufreq_max_khz'),
    noTurbo: flag('intel_pstate_no_turbo'),
    boost: flag('cpufreq_boost'),
    smtActive: typeof smt === 'string' && smt in SMT_ACTIVE ? SMT_ACTIVE[smt]! : null,
    loadAverage: null,
  };
  return { ...environment, extra: pickExtra(source, consumed) };
}
