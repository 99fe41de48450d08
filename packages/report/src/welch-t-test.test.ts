import { describe, expect, it } from '@jest/globals';
import { regularizedIncompleteBeta, studentTQuantile, studentTTwoSidedP } from './internal/student-t.js';
import { welchTTest } from './welch-t-test.js';

// Closed forms of Student's t distribution function for small ν (e.g. Abramowitz & Stegun 26.7.3–4).
const cdf1 = (t: number): number => 0.5 + Math.atan(t) / Math.PI;
const cdf2 = (t: number): number => 0.5 + t / (2 * Math.sqrt(2 + t * t));
const cdf4 = (t: number): number => {
  const u = 1 + (t * t) / 4;
  return 0.5 + (3 / 8) * (t / Math.sqrt(u)) * (1 - (t * t) / (12 * u));
};

describe('Student t from the incomplete beta function', () => {
  it('I_x(1, 1) = x and I_x(a, b) = 1 − I_{1−x}(b, a)', () => {
    expect(regularizedIncompleteBeta(0.3, 1, 1)).toBeCloseTo(0.3, 14);
    expect(regularizedIncompleteBeta(0.2, 2.5, 0.5) + regularizedIncompleteBeta(0.8, 0.5, 2.5)).toBeCloseTo(1, 13);
  });

  it.each([0.1, 1, 2.5, 6.1237, 30])('two-sided p at t = %d matches the closed forms for ν = 1, 2, 4', (t) => {
    expect(studentTTwoSidedP(t, 1)).toBeCloseTo(2 * (1 - cdf1(t)), 12);
    expect(studentTTwoSidedP(t, 2)).toBeCloseTo(2 * (1 - cdf2(t)), 12);
    expect(studentTTwoSidedP(t, 4)).toBeCloseTo(2 * (1 - cdf4(t)), 12);
  });

  it('tends to the normal distribution: P(|T| > 1.959964) → 0.05 for large ν', () => {
    expect(studentTTwoSidedP(1.959963984540054, 1e7)).toBeCloseTo(0.05, 6);
  });

  it('quantiles: t(0.975; 2) = 0.95 / √0.04875 (closed form), t(0.975; 4) = 2.776 (NIST table)', () => {
    expect(studentTQuantile(0.975, 2)).toBeCloseTo(0.95 / Math.sqrt(2 * 0.975 * 0.025), 9);
    expect(studentTQuantile(0.975, 4)).toBeCloseTo(2.776, 3);
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.706, 3);
  });
});

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
