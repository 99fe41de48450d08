import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { FakeRunner, PMU, TSC, type ClockProbeAnswer } from '../test/support/fake-runner.js';
import { assessHost } from './assess-host.js';
import type { DriverInfo } from './driver-lines.js';

const roots = (name: string) => {
  const root = fileURLToPath(new URL(`../test/fixtures/hosts/${name}/`, import.meta.url));
  return { procRoot: `${root}proc`, sysRoot: `${root}sys`, etcRoot: `${root}etc` };
};
const STEADY: ClockProbeAnswer = {
  counter: 'tsc',
  medianHz: 2.4454e9,
  iqrHz: 49000,
  iqrRelative: 0.00002,
  steady: true,
  measures: 'counter-rate',
};
const INFO = { driver: '0.1.0', arch: 'x86_64', pageBytes: 4096 };

describe('assessHost', () => {
  it('probes the clock where cpufreq is missing, and takes the TSC rate from the driver', async () => {
    const counter = { ...TSC, hz: 2.4454e9, overheadTicks: 24, resolutionTicks: 1 };
    const runner = new FakeRunner([], { ...INFO, counter }, STEADY);
    const assessment = await assessHost({ ...roots('vm-epyc-2cpu'), cpu: 1, runner });
    expect(runner.clockProbeCalls).toEqual([{ cpu: 1, timeoutSeconds: 30 }]);
    expect(assessment).toMatchObject({
      cpu: 1,
      counter,
      counters: null,
      tscHz: 2.4454e9,
      tscHzSource: 'driver',
      clockProbe: { steady: true, medianHz: 2.4454e9 },
    });
    expect(assessment.problems.map((p) => p.code)).toEqual(['no-core-cycle-counter', 'virtual-machine', 'high-load']);
    expect(assessment.notes.map((n) => n.code)).toEqual(['no-cpufreq', 'aslr-on', 'not-isolated']);
  });

  it("takes the TSC rate from CPUID, the driver's counter list or the probe, in that order", async () => {
    const counters = [
      { name: 'pmu-cycles', available: false, reason: 'ENOENT' },
      { name: 'tsc', available: true, hz: 2.4455e9, overheadTicks: 74 },
    ];
    const assess = (info: Partial<DriverInfo>) =>
      assessHost({
        ...roots('vm-epyc-2cpu'),
        cpu: 1,
        runner: new FakeRunner([], { ...INFO, counter: TSC, ...info }, STEADY),
      });
    await expect(assess({ counters, tscHzCpuid: 2.4e9, tscHzCpuidLeaf: '0x15' })).resolves.toMatchObject({
      tscHz: 2.4e9,
      tscHzSource: 'cpuid',
    });
    await expect(assess({ counters, tscHzCpuid: null })).resolves.toMatchObject({
      counters,
      tscHz: 2.4455e9,
      tscHzSource: 'driver',
    });
    await expect(assess({})).resolves.toMatchObject({ counters: null, tscHz: 2.4454e9, tscHzSource: 'clock-probe' });
  });

  it('turns a driver without clock-probe into a clock-unverified problem, not an exception', async () => {
    const assessment = await assessHost({
      ...roots('vm-epyc-2cpu'),
      cpu: 1,
      runner: new FakeRunner([], { ...INFO, counter: TSC }),
    });
    expect(assessment.clockProbe).toBeNull();
    expect(assessment.problems).toContainEqual({
      code: 'clock-unverified',
      message:
        'cpufreq not exposed and no clock probe (the driver has no clock-probe; rebuild native/ with "npm run build"): the clock is not verified fixed',
    });
  });

  it('does not probe where cpufreq vouches for the clock, unless asked', async () => {
    const runner = new FakeRunner([], { ...INFO, counter: PMU }, STEADY);
    const tuned = await assessHost({ ...roots('bare-metal-tuned'), cpu: 2, runner });
    expect(runner.clockProbeCalls).toEqual([]);
    expect(tuned).toMatchObject({ clockProbe: null, problems: [], tscHz: null, tscHzSource: null });
    await assessHost({ ...roots('bare-metal-tuned'), cpu: 2, runner, clockProbe: 'always' });
    expect(runner.clockProbeCalls).toHaveLength(1);
  });

  it("says so when the probe was switched off on a host without cpufreq ('never')", async () => {
    const assessment = await assessHost({
      ...roots('vm-epyc-2cpu'),
      cpu: 1,
      runner: new FakeRunner([], { ...INFO, counter: TSC }, STEADY),
      clockProbe: 'never',
    });
    expect(assessment.problems.find((p) => p.code === 'clock-unverified')?.message).toContain(
      '(clock probe switched off)',
    );
  });
});
