import { describe, expect, it } from '@jest/globals';
import { FakeRunner, ok, perCall, TSC } from '../test/support/fake-runner.js';
import { measureOperation } from './measure-operation.js';
import type { DerivedStatistics } from './measurement-types.js';
import { markPerCallBelowResolution, PER_CALL_RESOLUTION_MULTIPLE } from './per-call-resolution.js';

// A 32-byte copy on the development VM's TSC (52-tick resolution): loop mean 16 ticks per call,
// per-call median 26 ticks, Q1 0, Q3 52 — "IQR / median 200 %" of nothing but counter steps.
const COPY: DerivedStatistics = {
  n: 100000,
  meanCycles: 16,
  meanSeconds: 6.5e-9,
  cyclesPerByte: 0.5,
  megabytesPerSecond: 4900,
  opsPerSecond: 1.5e8,
  medianTrialCycles: 16,
  minTrialCycles: 15,
  maxTrialCycles: 17,
  sdTrialCycles: 0.7,
  baselineRssBytes: null,
  peakRssBytes: null,
  cv: 0.044,
  ciLowCycles: 15.1,
  ciHighCycles: 16.9,
  outlierTrials: [],
  warnings: [],
  headline: {
    medianCycles: 16,
    lowCycles: 15,
    highCycles: 17,
    coverage: 0.9375,
    trialsCount: 5,
    medianCyclesPerByte: 0.5,
    lowCyclesPerByte: 0.46875,
    highCyclesPerByte: 0.53125,
  },
  perCall: {
    source: 'sample',
    calls: 2001,
    medianCycles: 26,
    q1Cycles: 0,
    q3Cycles: 52,
    rawMedianCycles: 78,
    rawMinCycles: 52,
    overheadCycles: 52,
  },
};

describe('markPerCallBelowResolution', () => {
  it('a per-call median of 26 ticks against a 52-tick resolution: marked, with a warning naming the limit and the loop mean', () => {
    expect(PER_CALL_RESOLUTION_MULTIPLE).toBe(3);
    const marked = markPerCallBelowResolution(COPY, 52);
    expect(marked.perCall?.belowResolution).toBe(true);
    expect(marked.warnings).toEqual([
      'per-call median 26 ticks is within 3 counter resolutions (3 × 52 = 156 ticks) of zero: the per-call quartiles and IQR / median ' +
        "show the counter's granularity, not the call; read the loop mean (16.0 ticks per call)",
    ]);
    expect(
      markPerCallBelowResolution({ ...COPY, perCall: { ...COPY.perCall!, medianCycles: 0 } }, 52).perCall
        ?.belowResolution,
    ).toBe(true);
  });

  it('leaves alone a median at 3 resolutions or more, an unknown resolution, and records without per-call figures', () => {
    const far = { ...COPY, perCall: { ...COPY.perCall!, medianCycles: 156 } };
    expect(markPerCallBelowResolution(far, 52)).toBe(far);
    expect(markPerCallBelowResolution(COPY, undefined)).toBe(COPY);
    expect(markPerCallBelowResolution(COPY, 0)).toBe(COPY);
    const none = { ...COPY, perCall: null };
    expect(markPerCallBelowResolution(none, 52)).toBe(none);
  });

  it("measureOperation marks the record of a 32-byte copy whose per-call sample sits at the counter's resolution", async () => {
    const counter = { ...TSC, resolutionTicks: 52, overheadTicks: 52 };
    const steady = perCall(6.5e-9, 16, { cpu: 1 });
    const sampleFigures = {
      count: 2001,
      rawMedianTicks: 78,
      rawQ1Ticks: 52,
      rawQ3Ticks: 104,
      rawMinTicks: 52,
      overheadTicks: 52,
      medianTicks: 26,
      q1Ticks: 0,
      q3Ticks: 52,
    };
    const runner = new FakeRunner([
      ok({ seconds: 4e-7, ticks: 840, counter }),
      ok({ seconds: 1.3e-5, ticks: 32000, counter }),
      steady,
      steady,
      steady,
      steady,
      steady,
      perCall(6.5e-9, 16, { cpu: 1, perCall: sampleFigures }),
    ]);
    const measured = await measureOperation({
      library: '/lib/libcopy.so',
      digestBits: 256,
      messageBytes: 32,
      options: { trialTargetSeconds: 1 },
      cpu: 1,
      runner,
      perCallSample: true,
    });
    expect(measured.derived?.perCall).toMatchObject({ medianCycles: 26, belowResolution: true });
    expect(measured.derived?.warnings.at(-1)).toMatch(
      /^per-call median 26 ticks is within 3 counter resolutions \(3 × 52 = 156 ticks\) of zero/,
    );
  });
});
