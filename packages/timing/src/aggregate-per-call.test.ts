import { describe, expect, it } from '@jest/globals';
import { aggregatePerCall } from './aggregate-per-call.js';
import type { PerCallFigures } from './trial-types.js';

const figures = (overrides: Partial<PerCallFigures>): PerCallFigures => ({
  count: 20000,
  rawMedianTicks: 3100,
  rawQ1Ticks: 3080,
  rawQ3Ticks: 3140,
  rawMinTicks: 3050,
  overheadTicks: 38,
  medianTicks: 3062,
  q1Ticks: 3042,
  q3Ticks: 3102,
  ...overrides,
});

describe('aggregatePerCall', () => {
  it('takes the median over the trials of each figure, the sum of calls and the smallest raw reading', () => {
    // Five trials, one preempted (its quartiles 10 % high): medians 3062, 3060, 3065, 3368, 3061 → 3062;
    // q1s 3042, 3040, 3045, 3346, 3041 → 3042; q3s 3102, 3100, 3105, 3412, 3101 → 3102.
    const trials = [
      figures({}),
      figures({ medianTicks: 3060, q1Ticks: 3040, q3Ticks: 3100, rawMinTicks: 3049, overheadTicks: 36 }),
      figures({ medianTicks: 3065, q1Ticks: 3045, q3Ticks: 3105 }),
      figures({ medianTicks: 3368, q1Ticks: 3346, q3Ticks: 3412, rawMedianTicks: 3406, overheadTicks: 40 }),
      figures({ medianTicks: 3061, q1Ticks: 3041, q3Ticks: 3101, rawMedianTicks: 3099 }),
    ];
    expect(aggregatePerCall(trials)).toEqual({
      source: 'trials',
      calls: 100000,
      medianCycles: 3062,
      q1Cycles: 3042,
      q3Cycles: 3102,
      rawMedianCycles: 3100,
      rawMinCycles: 3049,
      overheadCycles: 38,
    });
  });

  it('averages the middle two of an even count (simple-statistics median): 1000 and 1010 give 1005', () => {
    expect(aggregatePerCall([figures({ medianTicks: 1000 }), figures({ medianTicks: 1010 })]).medianCycles).toBe(1005);
  });

  it('refuses an empty list (NO_TRIALS)', () => {
    expect(() => aggregatePerCall([])).toThrow(expect.objectContaining({ code: 'NO_TRIALS' }));
  });
});
