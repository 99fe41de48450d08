import { describe, expect, it } from '@jest/globals';
import { summarizeSamples } from './summarize-samples.js';

describe('summarizeSamples', () => {
  it('computes a 5-value t interval by hand', () => {
    // Σ = 500, mean 100; squared deviations 0 + 4 + 4 + 1 + 1 = 10; s² = 10 / 4 = 2.5; s = 1.5811388;
    // s / √5 = √0.5 = 0.7071068; t(0.975; 4) = 2.776 → half-width 1.9629284; CI [98.0370716, 101.9629284].
    expect(summarizeSamples([100, 102, 98, 101, 99])).toEqual({
      samplesCount: 5,
      mean: 100,
      p50: 100,
      min: 98,
      max: 102,
      sd: expect.closeTo(1.5811388, 7),
      cv: expect.closeTo(0.015811388, 9),
      ciLow: expect.closeTo(98.0370716, 7),
      ciHigh: expect.closeTo(101.9629284, 7),
    });
  });

  it('uses t(0.975; 1) = 12.706 for two values', () => {
    // 10 and 12: mean 11, s = √2 = 1.4142136, s / √2 = 1; half-width 12.706.
    const stats = summarizeSamples([10, 12]);
    expect(stats.ciLow).toBeCloseTo(11 - 12.706, 12);
    expect(stats.ciHigh).toBeCloseTo(11 + 12.706, 12);
  });

  it('gives no spread for one value, and no CV for a zero mean', () => {
    expect(summarizeSamples([42])).toEqual({ samplesCount: 1, mean: 42, p50: 42, min: 42, max: 42, sd: null, cv: null, ciLow: null, ciHigh: null });
    expect(summarizeSamples([-1, 1]).cv).toBeNull();
  });

  it('refuses an empty sample (NO_TRIALS) and a value that is not finite (INVALID_OPTIONS)', () => {
    expect(() => summarizeSamples([])).toThrow(expect.objectContaining({ code: 'NO_TRIALS' }));
    expect(() => summarizeSamples([1, Number.NaN])).toThrow(/value 1 is NaN/);
  });
});
