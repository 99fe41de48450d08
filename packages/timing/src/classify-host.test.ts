import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { classifyHost } from './classify-host.js';
import type { DriverCounter } from './counter-types.js';
import { HOST_FINDING_SEVERITY } from './host-finding.js';
import type { ClockProbe } from './probe-clock.js';
import { readHostEnvironment } from './read-host-environment.js';

const tree = (name: string, cpu?: number) => {
  const root = fileURLToPath(new URL(`../test/fixtures/hosts/${name}/`, import.meta.url));
  return readHostEnvironment({
    procRoot: `${root}proc`,
    sysRoot: `${root}sys`,
    etcRoot: `${root}etc`,
    ...(cpu === undefined ? {} : { cpu }),
  });
};
const TSC: DriverCounter = {
  name: 'tsc',
  kind: 'fixed-rate',
  reason: 'perf_event_open(PERF_COUNT_HW_CPU_CYCLES) failed: No such file or directory',
};
const PMU: DriverCounter = { name: 'pmu-cycles', kind: 'core-cycles' };
const CNTVCT: DriverCounter = { name: 'cntvct', kind: 'fixed-rate', hz: 25e6 };
// 21 windows of 50 ms on the VM's TSC: median 2445.40 MHz, IQR 0.049 MHz (0.002 %).
const STEADY_TSC: ClockProbe = {
  counter: 'tsc',
  cpu: 1,
  windowMs: 50,
  windowsHz: Array(21).fill(2.4454e9),
  medianHz: 2.4454e9,
  q1Hz: 2.44539e9,
  q3Hz: 2.444544e9,
  iqrHz: 49000,
  iqrRelative: 0.00002,
  steady: true,
  measures: 'counter-rate',
  involuntarySwitches: 0,
};
const codes = (findings: { code: string }[]) => findings.map((finding) => finding.code);

describe('classifyHost', () => {
  it('the development VM: no PMU, a VM, load; no cpufreq, ASLR and no isolation are notes', () => {
    const result = classifyHost(tree('vm-epyc-2cpu', 1), TSC, { clockProbe: STEADY_TSC });
    expect(codes(result.problems)).toEqual(['no-core-cycle-counter', 'virtual-machine', 'high-load']);
    expect(result.notes).toEqual([
      {
        code: 'no-cpufreq',
        message:
          'cpufreq not exposed: governor and frequency limits cannot be checked; the clock probe found tsc steady at 2445.4 MHz (IQR 0.002 %), which shows the counter is steady, not that the core clock is fixed',
      },
      {
        code: 'aslr-on',
        message:
          'ASLR is on (kernel.randomize_va_space = 2): every trial process gets a fresh memory layout, as guide §3.4 intends',
      },
      {
        code: 'not-isolated',
        message:
          'CPU 1 is not isolated (isolcpus: none; nohz_full not exposed): the scheduler may run other tasks on it',
      },
    ]);
  });

  it('without cpufreq, no probe or an unsteady one is a problem', () => {
    expect(
      classifyHost(tree('vm-epyc-2cpu', 1), TSC, { clockProbeFailure: 'the driver has no clock-probe' }).problems[2],
    ).toEqual({
      code: 'clock-unverified',
      message:
        'cpufreq not exposed and no clock probe (the driver has no clock-probe): the clock is not verified fixed',
    });
    const unsteady = { ...STEADY_TSC, iqrHz: 1.7e7, iqrRelative: 0.00695, steady: false };
    expect(classifyHost(tree('vm-epyc-2cpu', 1), TSC, { clockProbe: unsteady }).problems[2]).toEqual({
      code: 'clock-unsteady',
      message:
        'clock probe: tsc ran at a median 2445.4 MHz with an IQR of 0.695 % over 21 windows, above the 0.5 % limit: the clock moved during the probe',
    });
  });

  it('the tuned bare-metal host with PMU cycles: no problem; ASLR and the hybrid core are notes', () => {
    const result = classifyHost(tree('bare-metal-tuned', 2), PMU);
    expect(result.problems).toEqual([]);
    expect(result.notes).toEqual([
      {
        code: 'aslr-on',
        message:
          'ASLR is on (kernel.randomize_va_space = 2): every trial process gets a fresh memory layout, as guide §3.4 intends',
      },
      {
        code: 'hybrid-cpu',
        message: 'hybrid CPU: CPU 2 is a performance core (cpu_core); the figures hold for that core type',
      },
    ]);
  });

  it('the untuned Xen guest: every setting named, with its stable code', () => {
    const result = classifyHost(tree('xen-guest-untuned', 1), TSC);
    expect(result.problems).toEqual([
      {
        code: 'no-core-cycle-counter',
        message:
          'no hardware cycle counter: perf_event_open(PERF_COUNT_HW_CPU_CYCLES) failed: No such file or directory; figures are TSC ticks at a fixed rate, not core cycles',
      },
      {
        code: 'perf-event-paranoid',
        message:
          'kernel.perf_event_paranoid is 3: user-mode cycle counting is blocked; set it to 2 (sysctl kernel.perf_event_paranoid=2)',
      },
      {
        code: 'virtual-machine',
        message:
          "running in a virtual machine (xen, from /sys/hypervisor/type): the hypervisor can steal time and the clock is not the core's own",
      },
      {
        code: 'tsc-not-invariant',
        message:
          "the TSC lacks constant_tsc and nonstop_tsc: its rate can follow the core's frequency or stop in idle states, so ticks are not comparable",
      },
      { code: 'governor-not-performance', message: 'cpufreq governor is "powersave", not "performance"' },
      {
        code: 'frequency-not-fixed',
        message: 'cpufreq minimum 1200000 kHz differs from maximum 3000000 kHz: the clock can move',
      },
      {
        code: 'turbo-on',
        message: 'turbo is on (intel_pstate/no_turbo = 0); frequency boost is on (cpufreq/boost = 1)',
      },
      {
        code: 'smt-sibling-active',
        message: 'SMT sibling active (CPU 3 on the core of CPU 1): another hardware thread shares the measuring core',
      },
      { code: 'high-load', message: 'load average 3.1 over 4 CPUs: other work competes with the measurement' },
    ]);
    // ASLR off (randomize_va_space = 0) is no note; nohz_full "(null)" is "none".
    expect(result.notes).toEqual([
      {
        code: 'not-isolated',
        message: 'CPU 1 is not isolated (isolcpus: none; nohz_full: none): the scheduler may run other tasks on it',
      },
    ]);
  });

  it('the arm64 KVM guest on an isolated CPU: a DMI-named VM, no TSC test off x86', () => {
    const result = classifyHost(tree('arm-kvm-guest', 3), CNTVCT);
    expect(codes(result.problems)).toEqual(['no-core-cycle-counter', 'virtual-machine', 'clock-unverified']);
    expect(result.problems[1]?.message).toContain('(KVM Virtual Machine, from DMI)');
    expect(codes(result.notes)).toEqual(['no-cpufreq', 'aslr-on']);
  });

  it('flags a measuring CPU that is not online', () => {
    expect(classifyHost(tree('vm-epyc-2cpu', 5), PMU, { clockProbe: STEADY_TSC }).problems).toContainEqual({
      code: 'cpu-not-online',
      message: 'CPU 5 is not online (online: 0-1); pin to an online CPU',
    });
  });

  it('splits every code into problem or note, as documented', () => {
    const notes = Object.entries(HOST_FINDING_SEVERITY)
      .filter(([, severity]) => severity === 'note')
      .map(([code]) => code);
    expect(notes).toEqual(['no-cpufreq', 'aslr-on', 'not-isolated', 'hybrid-cpu']);
    expect(Object.keys(HOST_FINDING_SEVERITY)).toHaveLength(17);
  });
});
