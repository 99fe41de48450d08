import os from 'node:os';
import path from 'node:path';
import type { HostEnvironment } from './host-environment.js';
import { readCpuQuota } from './read-cpu-quota.js';
import { expandCpuList, readFlag, readInteger, readTrimmed } from './internal/host-files.js';
import {
  cpuFlags,
  cpuinfoField,
  isVirtualized,
  readCpuListFile,
  readHybridCoreType,
  readHypervisor,
  readTscKhz,
  tscFlagsOf,
} from './internal/host-readers.js';

/** Options of {@link readHostEnvironment}; the roots let tests read fixture trees. */
export interface ReadHostEnvironmentOptions {
  /** Default `/proc`. */
  procRoot?: string;
  /** Default `/sys`. */
  sysRoot?: string;
  /** Default `/etc` (for `os-release`). */
  etcRoot?: string;
  /** The measuring CPU, whose cpufreq policy and SMT siblings are read; default the first online CPU. */
  cpu?: number;
}

/**
 * Reads the host state guide §3.4 asks to check and record: architecture, CPU model, online CPUs,
 * virtualisation and the hypervisor, memory, OS, kernel, perf_event_paranoid, the measuring CPU's
 * cpufreq governor and limits, turbo/boost, SMT siblings, hybrid core type, isolcpus and
 * nohz_full, ASLR, the TSC flags and exposed frequency, the clocksource, the load average, and a
 * CFS CPU quota on this process's cgroup (`readCpuQuota`).
 * Reads files only (no commands, never writes); anything the host does not expose is `null`.
 *
 * @param options - {@link ReadHostEnvironmentOptions}.
 * @returns the {@link HostEnvironment}.
 * @throws nothing: unreadable files give `null` fields.
 * @remarks Source: guide §3.4 (host state); @ngcc-perf/record/docs/RUN-DIRECTORY.md (`HostEnvironment`). Files:
 *   `/proc/{cpuinfo,meminfo,loadavg}`, `/proc/sys/kernel/{arch,osrelease,perf_event_paranoid}`,
 *   `/sys/devices/system/cpu/{online,smt/active,intel_pstate/no_turbo,cpufreq/boost}`,
 *   `/sys/devices/system/cpu/cpuN/{cpufreq/scaling_*,topology/thread_siblings_list}`,
 *   `/sys/class/dmi/id/{sys_vendor,product_name}`, `/sys/hypervisor/type`,
 *   `/sys/devices/system/cpu/{isolated,nohz_full}`, `/proc/sys/kernel/randomize_va_space`,
 *   `/sys/devices/system/cpu/cpuN/tsc_freq_khz`, `/sys/devices/{cpu_core,cpu_atom}/cpus`,
 *   `/sys/devices/system/clocksource/clocksource0/current_clocksource`, `/etc/os-release`,
 *   `/proc/self/cgroup` with `/sys/fs/cgroup/…/cpu.max` or `cpu.cfs_quota_us`/`cpu.cfs_period_us`.
 * @example
 * ```ts
 * const environment = readHostEnvironment({ cpu: 1 });
 * console.log(environment.cpuModel, environment.cpufreqGovernor ?? 'no cpufreq');
 * ```
 */
export function readHostEnvironment(options: ReadHostEnvironmentOptions = {}): HostEnvironment {
  const procRoot = options.procRoot ?? '/proc';
  const sysRoot = options.sysRoot ?? '/sys';
  const etcRoot = options.etcRoot ?? '/etc';
  const cpuRoot = path.join(sysRoot, 'devices/system/cpu');
  const logicalCpusOnline = readTrimmed(path.join(cpuRoot, 'online'));
  const firstOnline = expandCpuList(logicalCpusOnline ?? '')?.[0];
  const cpu = options.cpu ?? firstOnline ?? 0;
  const cpuinfo = readTrimmed(path.join(procRoot, 'cpuinfo')) ?? '';
  const flags = cpuFlags(cpuinfo);
  const cpufreq = path.join(cpuRoot, `cpu${cpu}`, 'cpufreq');
  const architecture = readArchitecture(procRoot);
  const hypervisor = readHypervisor(flags, sysRoot);
  const smtSiblings = readTrimmed(path.join(cpuRoot, `cpu${cpu}`, 'topology/thread_siblings_list'));
  return {
    architecture,
    cpuModel:
      cpuinfoField(cpuinfo, 'model name') ?? cpuinfoField(cpuinfo, 'Model') ?? cpuinfoField(cpuinfo, 'Hardware'),
    logicalCpusOnline,
    virtualized: isVirtualized(hypervisor, flags, sysRoot),
    memoryTotalKib: readMemoryTotalKib(procRoot),
    os: readOsName(etcRoot),
    kernel: readTrimmed(path.join(procRoot, 'sys/kernel/osrelease')),
    perfEventParanoid: readInteger(path.join(procRoot, 'sys/kernel/perf_event_paranoid')),
    cpufreqGovernor: readTrimmed(path.join(cpufreq, 'scaling_governor')),
    cpufreqMinKhz: readInteger(path.join(cpufreq, 'scaling_min_freq')),
    cpufreqMaxKhz: readInteger(path.join(cpufreq, 'scaling_max_freq')),
    noTurbo: readFlag(path.join(cpuRoot, 'intel_pstate/no_turbo')),
    boost: readFlag(path.join(cpuRoot, 'cpufreq/boost')) ?? readFlag(path.join(cpufreq, 'boost')),
    smtActive: readSmtActive(smtSiblings, cpuRoot, cpu),
    loadAverage: readLoadAverage(procRoot),
    measuringCpu: options.cpu ?? firstOnline ?? null,
    hypervisor,
    isolatedCpus: readCpuListFile(path.join(cpuRoot, 'isolated')),
    nohzFullCpus: readCpuListFile(path.join(cpuRoot, 'nohz_full')),
    randomizeVaSpace: readInteger(path.join(procRoot, 'sys/kernel/randomize_va_space')),
    tscFlags: tscFlagsOf(architecture, flags),
    tscKhz: readTscKhz(cpuRoot, cpu),
    clocksource: readTrimmed(path.join(sysRoot, 'devices/system/clocksource/clocksource0/current_clocksource')),
    hybridCoreType: readHybridCoreType(sysRoot, cpu),
    smtSiblings,
    cpuQuota: readCpuQuota({ procRoot, sysRoot }),
  };
}

function readArchitecture(procRoot: string): string | null {
  const arch = readTrimmed(path.join(procRoot, 'sys/kernel/arch'));
  if (arch !== null && arch !== '') return arch;
  return procRoot === '/proc' ? os.machine() : null;
}

function readMemoryTotalKib(procRoot: string): number | null {
  const match = /^MemTotal:\s+(\d+) kB$/m.exec(readTrimmed(path.join(procRoot, 'meminfo')) ?? '');
  return match === null ? null : Number(match[1]);
}

function readOsName(etcRoot: string): string | null {
  const text =
    readTrimmed(path.join(etcRoot, 'os-release')) ?? (etcRoot === '/etc' ? readTrimmed('/usr/lib/os-release') : null);
  const match = /^PRETTY_NAME=(.*)$/m.exec(text ?? '');
  return match?.[1] === undefined ? null : match[1].trim().replace(/^(["'])(.*)\1$/, '$2');
}

function readSmtActive(siblings: string | null, cpuRoot: string, cpu: number): boolean | null {
  const list = siblings === null ? null : expandCpuList(siblings);
  if (list !== null) return list.some((sibling) => sibling !== cpu);
  return readFlag(path.join(cpuRoot, 'smt/active'));
}

function readLoadAverage(procRoot: string): [number, number, number] | null {
  const fields = (readTrimmed(path.join(procRoot, 'loadavg')) ?? '').split(/\s+/).slice(0, 3).map(Number);
  const [one, five, fifteen] = fields;
  if (fields.length < 3 || fields.some((value) => !Number.isFinite(value))) return null;
  return [one as number, five as number, fifteen as number];
}
