import { describe, expect, it } from '@jest/globals';
import { gammaln } from 'simple-statistics';
import { tCritical95 } from './student-t.js';

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
  it('gives the NIST/SEMATECH table values (§1.3.6.7.2, column 0.975)', () => {
    expect(tCritical95(1)).toBe(12.706);
    expect(tCritical95(2)).toBe(4.303);
    expect(tCritical95(4)).toBe(2.776); // 5 trials, SPEC §5's default
    expect(tCritical95(9)).toBe(2.262);
    expect(tCritical95(19)).toBe(2.093);
    expect(tCritical95(30)).toBe(2.042);
  });

  it('leaves 2.5 % in each tail for every tabulated df (integrating the t density)', () => {
    for (let df = 1; df <= 30; df += 1) {
      // Three printed decimals move the tail by < 3e-6 at df = 1 and less elsewhere.
      expect(0.5 - centralMass(tCritical95(df), df)).toBeCloseTo(0.025, 4);
    }
  });

  it('continues above 30 with the Abramowitz & Stegun 26.7.5 expansion, matching the table rows 40, 60, 100', () => {
    expect(tCritical95(40)).toBeCloseTo(2.021, 3);
    expect(tCritical95(60)).toBeCloseTo(2.0, 3);
    expect(tCritical95(100)).toBeCloseTo(1.984, 3);
    expect(tCritical95(31)).toBeLessThan(tCritical95(30));
    expect(tCritical95(1e9)).toBeCloseTo(1.959964, 6); // the normal quantile in the limit
  });

  it('refuses a df that is not an integer ≥ 1 (INVALID_OPTIONS)', () => {
    for (const df of [0, -1, 2.5, Number.NaN]) {
      expect(() => tCritical95(df)).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS', name: 'TimingError' }));
    }
  });
});
