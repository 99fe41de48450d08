import path from 'node:path';
import type { HypervisorEvidence } from '../host-environment.js';
import { expandCpuList, readInteger, readText, readTrimmed } from './host-files.js';

/** DMI vendors and products of common hypervisors (lower case). */
const VIRTUAL_DMI =
  /qemu|kvm|vmware|virtualbox|xen|bochs|hyper-v|virtual machine|amazon ec2|google compute|cloud hypervisor|firecracker/;

/** The TSC flags worth recording (x86 `/proc/cpuinfo`). */
const TSC_FLAGS = ['constant_tsc', 'nonstop_tsc', 'tsc_known_freq', 'tsc_reliable'] as const;

/** The first `key : value` of /proc/cpuinfo, or null. */
export function cpuinfoField(cpuinfo: string, key: string): string | null {
  for (const line of cpuinfo.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0 && line.slice(0, colon).trim() === key) return line.slice(colon + 1).trim() || null;
  }
  return null;
}

/** The CPU flags (x86 `flags`) as a list, or null when cpuinfo has no flags line. */
export function cpuFlags(cpuinfo: string): string[] | null {
  return cpuinfoField(cpuinfo, 'flags')?.split(/\s+/) ?? null;
}

/** How a hypervisor shows itself: /sys/hypervisor/type, then DMI, then the CPU flag; null when none does. */
export function readHypervisor(flags: readonly string[] | null, sysRoot: string): HypervisorEvidence | null {
  const type = readTrimmed(path.join(sysRoot, 'hypervisor/type'));
  if (type !== null) return { detectedBy: 'sys-hypervisor', name: type };
  for (const field of ['product_name', 'sys_vendor']) {
    const value = readTrimmed(path.join(sysRoot, 'class/dmi/id', field));
    if (value !== null && VIRTUAL_DMI.test(value.toLowerCase())) return { detectedBy: 'dmi', name: value };
  }
  if (flags?.includes('hypervisor')) return { detectedBy: 'cpuid-flag', name: null };
  return null;
}

/** True when anything says "virtual machine", false when the host exposes flags or DMI and none does, else null. */
export function isVirtualized(
  hypervisor: HypervisorEvidence | null,
  flags: readonly string[] | null,
  sysRoot: string,
): boolean | null {
  if (hypervisor !== null) return true;
  const dmiKnown = ['sys_vendor', 'product_name'].some(
    (name) => readTrimmed(path.join(sysRoot, 'class/dmi/id', name)) !== null,
  );
  return flags !== null || dmiKnown ? false : null;
}

/** A kernel CPU-list file where "(null)" or an empty file means none: `""`; null when absent. */
export function readCpuListFile(file: string): string | null {
  const text = readText(file);
  if (text === null) return null;
  return text === '(null)' ? '' : text;
}

/** The TSC flags present, on x86 only. */
export function tscFlagsOf(architecture: string | null, flags: readonly string[] | null): string[] | null {
  if (flags === null || (architecture !== null && architecture !== 'x86_64')) return null;
  return TSC_FLAGS.filter((flag) => flags.includes(flag));
}

/** `tsc_freq_khz` of the measuring CPU, else of cpu0 (exposed by some kernels only). */
export function readTscKhz(cpuRoot: string, cpu: number): number | null {
  return (
    readInteger(path.join(cpuRoot, `cpu${cpu}`, 'tsc_freq_khz')) ??
    readInteger(path.join(cpuRoot, 'cpu0', 'tsc_freq_khz'))
  );
}

/** The measuring CPU's hybrid core type from the kernel's cpu_core / cpu_atom PMU devices. */
export function readHybridCoreType(sysRoot: string, cpu: number): 'core' | 'atom' | null {
  for (const type of ['core', 'atom'] as const) {
    const list = readTrimmed(path.join(sysRoot, 'devices', `cpu_${type}`, 'cpus'));
    if (list !== null && expandCpuList(list)?.includes(cpu)) return type;
  }
  return null;
}
