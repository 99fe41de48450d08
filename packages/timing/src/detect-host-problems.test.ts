import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { detectHostProblems } from './detect-host-problems.js';
import type { HostEnvironment } from './host-environment.js';
import type { DriverCounter } from './counter-types.js';
import { readHostEnvironment } from './read-host-environment.js';

const tree = (name: string, cpu?: number): HostEnvironment => {
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

describe('detectHostProblems', () => {
  it('lists what is wrong with the development VM', () => {
    const problems = detectHostProblems(tree('vm-epyc-2cpu'), TSC);
    expect(problems.map((problem) => problem.code)).toEqual([
      'no-core-cycle-counter',
      'virtual-machine',
      'clock-unverified',
      'high-load',
    ]);
    expect(problems.map((problem) => problem.message)).toEqual([
      'no hardware cycle counter: perf_event_open(PERF_COUNT_HW_CPU_CYCLES) failed: No such file or directory; figures are TSC ticks at a fixed rate, not core cycles',
      "running in a virtual machine (hypervisor CPU flag): the hypervisor can steal time and the clock is not the core's own",
      'cpufreq not exposed and no clock probe ran: the clock is not verified fixed',
      'load average 1.9 over 2 CPUs: other work competes with the measurement',
    ]);
  });

  it('finds nothing on the tuned bare-metal host with PMU cycles (its notes are left out)', () => {
    expect(detectHostProblems(tree('bare-metal-tuned', 2), PMU)).toEqual([]);
  });

  it('names each untuned setting', () => {
    const untuned: HostEnvironment = {
      ...tree('bare-metal-tuned', 2),
      perfEventParanoid: 4,
      cpufreqGovernor: 'powersave',
      cpufreqMinKhz: 800000,
      cpufreqMaxKhz: 4900000,
      noTurbo: false,
      boost: true,
      smtActive: true,
      loadAverage: [4, 4.05, 4.03],
      logicalCpusOnline: '0-11',
    };
    const problems = detectHostProblems(untuned, { name: 'cntvct', kind: 'fixed-rate' });
    expect(problems.map((problem) => problem.code)).toEqual([
      'no-core-cycle-counter',
      'perf-event-paranoid',
      'governor-not-performance',
      'frequency-not-fixed',
      'turbo-on',
      'smt-sibling-active',
    ]);
    expect(problems.map((problem) => problem.message)).toEqual([
      'no hardware cycle counter: the driver uses cntvct; figures are CNTVCT_EL0 ticks at a fixed rate, not core cycles',
      'kernel.perf_event_paranoid is 4: user-mode cycle counting is blocked; set it to 2 (sysctl kernel.perf_event_paranoid=2)',
      'cpufreq governor is "powersave", not "performance"',
      'cpufreq minimum 800000 kHz differs from maximum 4900000 kHz: the clock can move',
      'turbo is on (intel_pstate/no_turbo = 0); frequency boost is on (cpufreq/boost = 1)',
      'SMT sibling active: another hardware thread shares the measuring core', // smtSiblings "2" names no other CPU
      // 4.0 over 12 CPUs stays under 0.5 × 12 = 6 (the anchor's arm_1 load): not flagged.
    ]);
  });

  it('flags load above one on a single CPU', () => {
    const single = {
      ...tree('bare-metal-tuned', 2),
      logicalCpusOnline: '0',
      measuringCpu: 0,
      loadAverage: [1.2, 1, 1] as [number, number, number],
    };
    expect(detectHostProblems(single, PMU)).toEqual([
      { code: 'high-load', message: 'load average 1.2 over 1 CPU: other work competes with the measurement' },
    ]);
  });
});
