import { describe, expect, it } from '@jest/globals';
import { planTrials } from './plan-trials.js';
import { DEFAULT_TIMING_OPTIONS } from './timing-options.js';

describe('DEFAULT_TIMING_OPTIONS', () => {
  it('holds the guide §3.4 defaults', () => {
    expect(DEFAULT_TIMING_OPTIONS).toEqual({
      trialTargetSeconds: 1.0,
      budgetSeconds: 900,
      trials: 5,
      minIterations: 20,
      maxIterations: 20000,
      minMeasurements: 100,
    });
    expect(Object.isFrozen(DEFAULT_TIMING_OPTIONS)).toBe(true);
  });
});

describe('planTrials', () => {
  it('reproduces the seed: litchi_512 at 65536 B ran 5 × 1013 with a 1 s target', () => {
    // 1 / 987.5 µs = 1012.66 → 1013 iterations; t1 < 50 ms → 3 warm-ups;
    // estimate 5 × (1013 + 3) × 0.0009875 = 5.0165 s; timeout max(60, 10 × 1016 × 0.0009875 = 10.03) = 60 s.
    const plan = planTrials(0.0009875, { trialTargetSeconds: 1 });
    expect(plan).toEqual({
      iterationsPerTrial: 1013,
      warmups: 3,
      trials: 5,
      estimatedSeconds: expect.any(Number),
      timeoutPerProcessSeconds: 60,
    });
    expect(plan.estimatedSeconds).toBeCloseTo(5.0165, 10);
  });

  it('a cold call of 987 µs gives ⌈1013.17⌉ = 1014', () => {
    expect(planTrials(0.000987).iterationsPerTrial).toBe(1014);
  });

  it('caps fast calls at 20000 iterations (5 × 20000 = 100000, the seed figure for 32 B)', () => {
    // 2 µs per call: ⌈1 / 2e-6⌉ = 500000 → 20000. Estimate 5 × 20003 × 2e-6 = 0.20003 s.
    const plan = planTrials(2e-6);
    expect(plan.iterationsPerTrial).toBe(20000);
    expect(plan.warmups).toBe(3);
    expect(plan.estimatedSeconds).toBeCloseTo(0.20003, 12);
  });

  it('raises slow calls to 20 iterations and gives them 1 warm-up', () => {
    // 0.1 s per call: ⌈10⌉ = 10 → 20; 50 ms ≤ t1 < 5 s → 1 warm-up; 5 × 21 × 0.1 = 10.5 s.
    const plan = planTrials(0.1);
    expect(plan).toMatchObject({ iterationsPerTrial: 20, warmups: 1, trials: 5, timeoutPerProcessSeconds: 60 });
    expect(plan.estimatedSeconds).toBeCloseTo(10.5, 12);
  });

  it('gives no warm-up from 5 s per call, and keeps n = 100 even beyond the budget', () => {
    // 10 s per call: 20 iterations, 0 warm-ups, 5 × 20 × 10 = 1000 s > 900 s budget.
    // Shrinking would give ⌊900 / 50⌋ = 18 < 20: the 100-measurement floor wins and the estimate shows the overrun.
    const plan = planTrials(10);
    expect(plan).toEqual({
      iterationsPerTrial: 20,
      warmups: 0,
      trials: 5,
      estimatedSeconds: 1000,
      timeoutPerProcessSeconds: 2000,
    });
    expect(plan.estimatedSeconds).toBeGreaterThan(DEFAULT_TIMING_OPTIONS.budgetSeconds);
  });

  it('shrinks the iterations to fit the budget', () => {
    // 0.5 ms per call, target 1 s → 2000 iterations; 5 × 2003 × 0.0005 = 5.0075 s > 2 s budget,
    // so ⌊2 / (5 × 0.0005)⌋ − 3 = 800 − 3 = 797 iterations; 5 × 800 × 0.0005 = 2 s.
    const plan = planTrials(0.0005, { budgetSeconds: 2 });
    expect(plan.iterationsPerTrial).toBe(797);
    expect(plan.estimatedSeconds).toBeCloseTo(2, 12);
  });

  it('keeps n ≥ 100 with fewer trials: 3 trials need ⌈100 / 3⌉ = 34 iterations', () => {
    const plan = planTrials(1, { trials: 3 });
    expect(plan.iterationsPerTrial).toBe(34);
    expect(plan.trials * plan.iterationsPerTrial).toBe(102);
  });

  it('switches warm-ups exactly at 50 ms and 5 s', () => {
    expect(planTrials(0.0499).warmups).toBe(3);
    expect(planTrials(0.05).warmups).toBe(1);
    expect(planTrials(4.999).warmups).toBe(1);
    expect(planTrials(5).warmups).toBe(0);
  });

  it('uses a fixed iteration count as given, still planning warm-ups and timeout from t1', () => {
    // 1 ms per call, 50 fixed iterations: 5 × 53 × 0.001 = 0.265 s.
    const plan = planTrials(0.001, { iterationsPerTrial: 50 });
    expect(plan.iterationsPerTrial).toBe(50);
    expect(plan.estimatedSeconds).toBeCloseTo(0.265, 12);
  });

  it('ignores undefined options instead of losing the defaults', () => {
    expect(planTrials(0.0009875, { trials: undefined }).trials).toBe(5);
  });

  it('rejects a calibration that is not a positive time, and impossible options', () => {
    for (const t1 of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => planTrials(t1)).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS', name: 'TimingError' }));
    }
    expect(() => planTrials(0.001, { trials: 0 })).toThrow(/trials is 0/);
    expect(() => planTrials(0.001, { trials: 2.5 })).toThrow(/integer/);
    expect(() => planTrials(0.001, { budgetSeconds: -5 })).toThrow(/budgetSeconds/);
    expect(() => planTrials(0.001, { minIterations: 50, maxIterations: 10 })).toThrow(/raise maxIterations/);
  });
});
