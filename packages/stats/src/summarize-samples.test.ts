import { describe, expect, it } from '@jest/globals';
import { summarizeSamples } from './summarize-samples.js';

describe('summarizeSamples', () => {
  it('computes a 5-value t interval by hand', () => {
    // Σ = 500, mean 100; squared deviations 0 + 4 + 4 + 1 + 1 = 10; s² = 10 / 4 = 2.5; s = 1.5811388;
    // s / √5 = √0.5 = 0.7071068; t(0.975; 4) = 2.7764451 → half-width 1.9632432; CI [98.0367568, 101.9632432].
    expect(summarizeSamples([100, 102, 98, 101, 99])).toEqual({
      samplesCount: 5,
      mean: 100,
      p50: 100,
      min: 98,
      max: 102,
      sd: expect.closeTo(1.5811388, 7),
      cv: expect.closeTo(0.015811388, 9),
      ciLow: expect.closeTo(98.0367568, 7),
      ciHigh: expect.closeTo(101.9632432, 7),
    });
  });

  it('uses t(0.975; 1) = tan(0.475 π) = 12.7062047 for two values', () => {
    // 10 and 12: mean 11, s = √2 = 1.4142136, s / √2 = 1; half-width t(0.975; 1).
    const stats = summarizeSamples([10, 12]);
    expect(stats.ciLow).toBeCloseTo(11 - Math.tan(0.475 * Math.PI), 9);
    expect(stats.ciHigh).toBeCloseTo(11 + Math.tan(0.475 * Math.PI), 9);
  });

  it('gives no spread for one value, and no CV for a zero mean', () => {
    expect(summarizeSamples([42])).toEqual({
      samplesCount: 1,
      mean: 42,
      p50: 42,
      min: 42,
      max: 42,
      sd: null,
      cv: null,
      ciLow: null,
      ciHigh: null,
    });
    expect(summarizeSamples([-1, 1]).cv).toBeNull();
  });

  it('refuses an empty sample (EMPTY_SAMPLE) and a value that is not finite (NOT_FINITE)', () => {
    expect(() => summarizeSamples([])).toThrow(expect.objectContaining({ code: 'EMPTY_SAMPLE' }));
    expect(() => summarizeSamples([1, Number.POSITIVE_INFINITY])).toThrow(
      expect.objectContaining({ code: 'NOT_FINITE' }),
    );
    expect(() => summarizeSamples([1, Number.NaN])).toThrow(/value 1 is NaN/);
  });
});
