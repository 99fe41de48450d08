import { describe, expect, it } from '@jest/globals';
import { ReportError } from './report-error.js';
import { summarizeTrials } from './summarize-trials.js';

describe('summarizeTrials (guide §3.4 formulas, hand-computed)', () => {
  // Two trials of 1000 calls, L = 32 bytes:
  //   ticks 4 200 000 and 4 400 000 → Σ 8 600 000 / 2000 = 4300 per call; trial means 4200, 4400
  //   seconds 0.002 and 0.003 → Σ 0.005 / 2000 = 2.5 µs per call
  //   cycles/byte 4300 / 32 = 134.375; MB/s 32 · 2000 / 0.005 / 1e6 = 12.8; ops/s 2000 / 0.005 = 400 000
  //   sample sd of {4200, 4400} = √((100² + 100²) / 1) = 141.42…
  const summary = summarizeTrials(
    [
      { iterations: 1000, seconds: 0.002, ticks: 4_200_000 },
      { iterations: 1000, seconds: 0.003, ticks: 4_400_000 },
    ],
    32,
  );

  it('means over all calls, rates and spread', () => {
    expect(summary.n).toBe(2000);
    expect(summary.meanCycles).toBe(4300);
    expect(summary.meanSeconds).toBeCloseTo(2.5e-6, 15);
    expect(summary.cyclesPerByte).toBe(134.375);
    expect(summary.megabytesPerSecond).toBeCloseTo(12.8, 10);
    expect(summary.opsPerSecond).toBeCloseTo(400_000, 6);
    expect([summary.minTrialCycles, summary.medianTrialCycles, summary.maxTrialCycles]).toEqual([4200, 4300, 4400]);
    expect(summary.sdTrialCycles).toBeCloseTo(Math.SQRT2 * 100, 10);
  });

  it('one trial has sd 0', () => {
    expect(summarizeTrials([{ iterations: 10, seconds: 1, ticks: 10 }], 1).sdTrialCycles).toBe(0);
  });

  it('rejects no trials', () => {
    expect(() => summarizeTrials([], 32)).toThrow(ReportError);
  });
});
