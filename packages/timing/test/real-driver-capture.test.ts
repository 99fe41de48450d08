// Clock probe, host assessment and per-call scope against the real ngcc-perf-driver (native/build,
// via NGCC_PERF_DRIVER from jest.setup-env.js). Skipped when the driver has not been built.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { median } from 'simple-statistics';
import { assessHost } from '../src/assess-host.js';
import { measureOperation } from '../src/measure-operation.js';
import { PER_CALL_RESOLUTION_MULTIPLE } from '../src/per-call-resolution.js';
import { probeClock } from '../src/probe-clock.js';
import { readDriverInfo } from '../src/read-driver-info.js';

const driverPath = process.env.NGCC_PERF_DRIVER ?? '';
const nativeBuild = process.env.NGCC_PERF_NATIVE_BUILD ?? path.dirname(driverPath);
const xorOk = path.join(nativeBuild, 'testlibs', 'libxor_ok.so');
const pinnedCpu = os.cpus().length - 1;
const describeWithDriver = existsSync(driverPath) ? describe : describe.skip;

describeWithDriver('clock probe and host assessment on this machine', () => {
  it("probes the counter (steady or not) within 1 % of the rate the driver's info states", async () => {
    const [info, probe] = [await readDriverInfo(), await probeClock({ cpu: pinnedCpu })];
    expect(probe.counter).toBe(info.counter.name);
    expect(probe.measures).toBe(info.counter.kind === 'core-cycles' ? 'core-clock' : 'counter-rate');
    expect(probe.windowsHz).toHaveLength(21);
    expect(probe.cpu).toBe(pinnedCpu);
    expect(probe.iqrRelative).toBeCloseTo(probe.iqrHz / probe.medianHz, 8);
    expect(probe.steady).toBe(probe.iqrRelative <= 0.005);
    expect(info.counter.hz).toBeGreaterThan(0);
    expect(Math.abs(probe.medianHz / (info.counter.hz ?? Number.NaN) - 1)).toBeLessThan(0.01);
  });

  it('assesses this host with stable codes and the no-PMU problem where perf_event_open fails', async () => {
    const assessment = await assessHost({ cpu: pinnedCpu });
    expect(assessment.cpu).toBe(pinnedCpu);
    expect(assessment.environment.measuringCpu).toBe(pinnedCpu);
    for (const finding of [...assessment.problems, ...assessment.notes]) expect(finding.code).toMatch(/^[a-z-]+$/);
    if (assessment.counter.kind !== 'core-cycles') expect(assessment.problems[0]?.code).toBe('no-core-cycle-counter');
    if (assessment.environment.cpufreqGovernor === null) expect(assessment.clockProbe?.windowsHz).toHaveLength(21);
    if (assessment.counter.name === 'tsc') expect(assessment.tscHz).toBeGreaterThan(1e8);
  });
});

describeWithDriver('per-call scope on libxor_ok', () => {
  it('times every call: per trial median = max(0, raw median − overhead), and the summary is the median of the trial medians', async () => {
    const measured = await measureOperation({
      library: xorOk,
      digestBits: 256,
      messageBytes: 64,
      cpu: pinnedCpu,
      scope: 'per-call',
      onContextSwitch: 'flag',
      options: { iterationsPerTrial: 1000, trials: 3 },
    });
    expect(measured.status).toBe('complete');
    expect(measured.plan?.scope).toBe('per-call');
    const perCalls = measured.processes.map((p) => p.trial?.perCall);
    for (const figures of perCalls) {
      if (figures === undefined) throw new Error('a per-call trial without perCall');
      expect(figures.count).toBe(1000);
      expect(figures.medianTicks).toBe(Math.max(0, figures.rawMedianTicks - figures.overheadTicks));
      expect(figures.q1Ticks).toBe(Math.max(0, figures.rawQ1Ticks - figures.overheadTicks));
      expect(figures.rawMinTicks).toBeLessThanOrEqual(figures.rawQ1Ticks);
      expect(figures.rawQ1Ticks).toBeLessThanOrEqual(figures.rawMedianTicks);
      expect(figures.rawMedianTicks).toBeLessThanOrEqual(figures.rawQ3Ticks);
    }
    const defined = perCalls.filter((f): f is NonNullable<typeof f> => f !== undefined);
    // Whether the median lands within three counter resolutions of zero depends on the host's speed
    // and load (a quiet machine: no; a loaded 2-core VM: sometimes): the key is asserted to be there
    // exactly when that holds, never to be absent.
    const medianCycles = median(defined.map((f) => f.medianTicks));
    const resolutionTicks = measured.counter?.resolutionTicks;
    const below =
      resolutionTicks !== undefined &&
      resolutionTicks > 0 &&
      medianCycles < PER_CALL_RESOLUTION_MULTIPLE * resolutionTicks;
    expect(measured.derived?.perCall).toEqual({
      ...(below ? { belowResolution: true } : {}),
      source: 'trials',
      calls: 3000,
      medianCycles,
      q1Cycles: median(defined.map((f) => f.q1Ticks)),
      q3Cycles: median(defined.map((f) => f.q3Ticks)),
      rawMedianCycles: median(defined.map((f) => f.rawMedianTicks)),
      rawMinCycles: Math.min(...defined.map((f) => f.rawMinTicks)),
      overheadCycles: median(defined.map((f) => f.overheadTicks)),
    });
    expect(measured.processes[0]?.command.slice(-2)).toEqual(['--scope', 'per-call']);
  });
});
