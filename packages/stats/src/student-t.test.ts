import { describe, expect, it } from '@jest/globals';
import { gammaln } from 'simple-statistics';
import { regularizedIncompleteBeta, studentTQuantile, studentTTwoSidedP, tCritical95 } from './student-t.js';

/** P(0 < T < t) for Student's t with df degrees of freedom, by Simpson's rule over the density. */
function centralMass(t: number, df: number): number {
  const logNorm = gammaln((df + 1) / 2) - gammaln(df / 2) - 0.5 * Math.log(df * Math.PI);
  const density = (x: number) => Math.exp(logNorm - ((df + 1) / 2) * Math.log1p((x * x) / df));
  const steps = 20000;
  const h = t / steps;
  let sum = density(0) + density(t);
  for (let i = 1; i < steps; i += 1) sum += (i % 2 === 1 ? 4 : 2) * density(i * h);
  return (sum * h) / 3;
}

describe('tCritical95', () => {
  it('rounds to the NIST/SEMATECH table values (§1.3.6.7.2, column 0.975, three decimals)', () => {
    expect(tCritical95(1)).toBeCloseTo(12.706, 3);
    expect(tCritical95(2)).toBeCloseTo(4.303, 3);
    expect(tCritical95(4)).toBeCloseTo(2.776, 3); // 5 trials, guide §3.4's default
    expect(tCritical95(9)).toBeCloseTo(2.262, 3);
    expect(tCritical95(19)).toBeCloseTo(2.093, 3);
    expect(tCritical95(30)).toBeCloseTo(2.042, 3);
  });

  it('is exact where the closed forms exist: df 1 is tan(0.475 π), df 2 is 0.95 / √(2 · 0.975 · 0.025)', () => {
    expect(tCritical95(1)).toBeCloseTo(Math.tan(0.475 * Math.PI), 9);
    expect(tCritical95(2)).toBeCloseTo(0.95 / Math.sqrt(2 * 0.975 * 0.025), 9);
  });

  it('leaves 2.5 % in each tail for every tabulated df (integrating the t density)', () => {
    for (let df = 1; df <= 30; df += 1) {
      expect(0.5 - centralMass(tCritical95(df), df)).toBeCloseTo(0.025, 6);
    }
  });

  it('matches the table rows 40, 60, 100 and tends to the normal quantile', () => {
    expect(tCritical95(40)).toBeCloseTo(2.021, 3);
    expect(tCritical95(60)).toBeCloseTo(2.0, 3);
    expect(tCritical95(100)).toBeCloseTo(1.984, 3);
    expect(tCritical95(31)).toBeLessThan(tCritical95(30));
    expect(tCritical95(1e7)).toBeCloseTo(1.959964, 5); // the normal quantile in the limit
  });

  it('refuses a df that is not an integer ≥ 1 (INVALID_DEGREES_OF_FREEDOM)', () => {
    for (const df of [0, -1, 2.5, Number.NaN]) {
      expect(() => tCritical95(df)).toThrow(
        expect.objectContaining({ code: 'INVALID_DEGREES_OF_FREEDOM', name: 'StatsError' }),
      );
    }
  });
});

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
