import { describe, expect, it } from '@jest/globals';
import { welchTTest } from './welch-t-test.js';

// The closed form of Student's t distribution function for ν = 4 (Abramowitz & Stegun 26.7.4).
const cdf4 = (t: number): number => {
  const u = 1 + (t * t) / 4;
  return 0.5 + (3 / 8) * (t / Math.sqrt(u)) * (1 - (t * t) / (12 * u));
};

describe('welchTTest', () => {
  it('[10, 12, 14] vs [20, 22, 24]: t = 10 / √(4/3 + 4/3) = 6.1237, ν = 4, p from the ν = 4 closed form', () => {
    const result = welchTTest([10, 12, 14], [20, 22, 24]);
    expect(result.meanA).toBe(12);
    expect(result.meanB).toBe(22);
    expect(result.t).toBeCloseTo(10 / Math.sqrt(8 / 3), 12);
    expect(result.degreesOfFreedom).toBeCloseTo(4, 12);
    expect(result.pValue).toBeCloseTo(2 * (1 - cdf4(10 / Math.sqrt(8 / 3))), 12); // 0.003598
    expect(result.pValue).toBeCloseTo(0.003598, 5);
  });

  it('unequal variances: ν by Welch–Satterthwaite, (2 + 5000)² / (2²/4 + 5000²/4) = 4.0032', () => {
    const result = welchTTest([1000, 1004, 996, 1002, 998], [900, 1300, 1000, 1200, 1100]);
    expect(result.t).toBeCloseTo(100 / Math.sqrt(5002), 12);
    expect(result.degreesOfFreedom).toBeCloseTo(5002 ** 2 / (1 + 6_250_000), 10);
  });

  it('samples without spread: equal means give p 1, different means p 0', () => {
    expect(welchTTest([5, 5], [5, 5])).toMatchObject({ t: 0, pValue: 1 });
    expect(welchTTest([5, 5], [6, 6])).toMatchObject({ t: Infinity, pValue: 0 });
  });

  it('needs two values on each side (INVALID_OPTION)', () => {
    expect(() => welchTTest([1], [1, 2])).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
  });
});
