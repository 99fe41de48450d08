import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { readHostEnvironment } from './read-host-environment.js';

const tree = (name: string) => {
  const root = fileURLToPath(new URL(`../test/fixtures/hosts/${name}/`, import.meta.url));
  return { procRoot: `${root}proc`, sysRoot: `${root}sys`, etcRoot: `${root}etc` };
};

describe('readHostEnvironment', () => {
  it('reads the development VM capture: virtualised (CPU flag only), no cpufreq, no SMT, nothing isolated', () => {
    expect(readHostEnvironment(tree('vm-epyc-2cpu'))).toEqual({
      architecture: 'x86_64',
      cpuModel: 'AMD EPYC',
      logicalCpusOnline: '0-1',
      virtualized: true,
      memoryTotalKib: 24683656,
      os: 'Debian GNU/Linux 12 (bookworm)',
      kernel: '6.18.44-fc-v782',
      perfEventParanoid: 2,
      cpufreqGovernor: null,
      cpufreqMinKhz: null,
      cpufreqMaxKhz: null,
      noTurbo: null,
      boost: null,
      smtActive: false,
      loadAverage: [1.9, 1.2, 0.8],
      measuringCpu: 0,
      hypervisor: { detectedBy: 'cpuid-flag', name: null },
      isolatedCpus: '',
      nohzFullCpus: null, // the VM's kernel has no nohz_full file
      randomizeVaSpace: 2,
      tscFlags: ['constant_tsc', 'nonstop_tsc', 'tsc_known_freq'],
      tscKhz: null,
      clocksource: 'tsc',
      hybridCoreType: null,
      smtSiblings: '0',
      cpuQuota: null,
    });
  });

  it("reads a tuned bare-metal host (the seed's i7-12700 at a fixed 2.10 GHz) for CPU 2", () => {
    expect(readHostEnvironment({ ...tree('bare-metal-tuned'), cpu: 2 })).toEqual({
      architecture: 'x86_64',
      cpuModel: '12th Gen Intel(R) Core(TM) i7-12700',
      logicalCpusOnline: '0-19',
      virtualized: false, // Dell DMI, no hypervisor flag
      memoryTotalKib: 32550912, // 31788 MiB, as the seed prints it
      os: 'Debian GNU/Linux 13 (trixie)',
      kernel: '6.12.107+deb13-amd64',
      perfEventParanoid: 2,
      cpufreqGovernor: 'performance',
      cpufreqMinKhz: 2100000,
      cpufreqMaxKhz: 2100000,
      noTurbo: true,
      boost: null,
      smtActive: false,
      loadAverage: [0.02, 0.05, 0.01],
      measuringCpu: 2,
      hypervisor: null,
      isolatedCpus: '2',
      nohzFullCpus: '2',
      randomizeVaSpace: 2,
      tscFlags: ['constant_tsc', 'nonstop_tsc', 'tsc_known_freq'],
      tscKhz: null,
      clocksource: 'tsc',
      hybridCoreType: 'core', // CPUs 0-15 are the P-cores' threads, 16-19 the E-cores
      smtSiblings: '2',
      cpuQuota: null,
    });
  });

  it('names a Xen guest from /sys/hypervisor/type and reads "(null)" nohz_full as none', () => {
    expect(readHostEnvironment({ ...tree('xen-guest-untuned'), cpu: 1 })).toMatchObject({
      virtualized: true,
      hypervisor: { detectedBy: 'sys-hypervisor', name: 'xen' },
      isolatedCpus: '',
      nohzFullCpus: '',
      randomizeVaSpace: 0,
      tscFlags: [], // neither constant_tsc nor nonstop_tsc: an old Xen guest
      clocksource: 'xen',
      smtSiblings: '1,3',
      smtActive: true,
      cpufreqGovernor: 'powersave',
      noTurbo: false,
      boost: true,
    });
  });

  it('names a KVM guest on arm64 from DMI, with no TSC flags off x86', () => {
    expect(readHostEnvironment({ ...tree('arm-kvm-guest'), cpu: 3 })).toMatchObject({
      architecture: 'aarch64',
      cpuModel: null,
      virtualized: true,
      hypervisor: { detectedBy: 'dmi', name: 'KVM Virtual Machine' },
      isolatedCpus: '3',
      nohzFullCpus: '3',
      tscFlags: null,
      clocksource: 'arch_sys_counter',
      hybridCoreType: null,
      smtActive: false,
    });
  });

  it('an Alder Lake E-core (CPU 17) is an atom core', () => {
    expect(readHostEnvironment({ ...tree('bare-metal-tuned'), cpu: 17 }).hybridCoreType).toBe('atom');
  });

  it('defaults to the first online CPU (cpu0 has no cpufreq in the tuned tree)', () => {
    const environment = readHostEnvironment(tree('bare-metal-tuned'));
    expect(environment.measuringCpu).toBe(0);
    expect(environment.cpufreqGovernor).toBeNull();
  });

  it('gives null for everything on an empty tree', () => {
    const empty = readHostEnvironment({
      procRoot: '/nonexistent/proc',
      sysRoot: '/nonexistent/sys',
      etcRoot: '/nonexistent/etc',
    });
    expect(Object.values(empty).every((value) => value === null)).toBe(true);
  });

  it('reads this machine without throwing', () => {
    const here = readHostEnvironment();
    expect(here.architecture).toMatch(/^(x86_64|aarch64)$/);
    expect(here.memoryTotalKib).toBeGreaterThan(0);
    expect(here.loadAverage).toHaveLength(3);
    expect([0, 1, 2]).toContain(here.randomizeVaSpace);
  });
});
