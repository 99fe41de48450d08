import { describe, expect, it } from '@jest/globals';
import { baselineMultiple } from './baseline-multiple.js';
import { HEADLINE_TARGET_COVERAGE, headlineFigure, medianIntervalCoverage } from './headline-figure.js';
import {
  formatBaselineMultiple,
  formatCoverage,
  formatHeadlineCycles,
  formatHeadlineCyclesPerByte,
} from './headline-formats.js';
import { StatsError } from './stats-error.js';

const trialsOf = (means: number[], iterations = 1) => means.map((mean) => ({ iterations, ticks: mean * iterations }));

describe('headlineFigure', () => {
  it('is the median of 5 trial means with min..max at 1 − 2/32 = 93.75 % coverage', () => {
    const figure = headlineFigure(trialsOf([101, 98, 250, 100, 99], 20000));
    expect(figure).toEqual({ medianCycles: 100, lowCycles: 98, highCycles: 250, coverage: 0.9375, trialsCount: 5 });
  });

  it('one disturbed trial moves the mean of all calls but not the headline', () => {
    const steady = headlineFigure(trialsOf([100, 101, 99, 100.5, 99.5]));
    const disturbed = headlineFigure(trialsOf([100, 400, 99, 100.5, 99.5]));
    expect(disturbed.medianCycles).toBe(steady.medianCycles);
    expect(disturbed.highCycles).toBe(400);
  });

  it('takes the largest order reaching 95 %: 9 trials give x(2)..x(8) at 1 − 2·10/512', () => {
    const figure = headlineFigure(trialsOf([1, 2, 3, 4, 5, 6, 7, 8, 9]));
    expect([figure.lowCycles, figure.highCycles]).toEqual([2, 8]);
    expect(figure.coverage).toBeCloseTo(1 - (2 * 10) / 512, 12);
    expect(medianIntervalCoverage(9, 3)).toBeLessThan(HEADLINE_TARGET_COVERAGE);
  });

  it('has the hand-computed coverages of small trial counts', () => {
    expect(medianIntervalCoverage(2, 1)).toBe(0.5);
    expect(medianIntervalCoverage(4, 1)).toBe(0.875);
    expect(medianIntervalCoverage(6, 1)).toBeCloseTo(1 - 2 / 64, 12);
    // 20 trials: x(6)..x(15), P(B ≤ 5) = 21700 / 2^20
    expect(headlineFigure(trialsOf([...Array(20).keys()])).lowCycles).toBe(5);
    expect(medianIntervalCoverage(20, 6)).toBeCloseTo(1 - (2 * 21700) / 2 ** 20, 12);
  });

  it('gives no interval for a single trial', () => {
    expect(headlineFigure(trialsOf([42]))).toEqual({
      medianCycles: 42,
      lowCycles: null,
      highCycles: null,
      coverage: null,
      trialsCount: 1,
    });
  });

  it('refuses no trial and a trial without iterations', () => {
    expect(() => headlineFigure([])).toThrow(expect.objectContaining({ code: 'EMPTY_SAMPLE' }));
    expect(() => headlineFigure([{ iterations: 0, ticks: 5 }])).toThrow(StatsError);
    expect(() => headlineFigure([{ iterations: 1, ticks: Number.NaN }])).toThrow(
      expect.objectContaining({ code: 'INVALID_TRIAL' }),
    );
  });
});

describe('baselineMultiple', () => {
  const base = headlineFigure(trialsOf([95, 100, 110, 98, 102]));

  it('divides the medians and crosses the bounds, with the Bonferroni coverage', () => {
    const candidate = headlineFigure(trialsOf([190, 200, 220, 199, 205]));
    const multiple = baselineMultiple(candidate, base);
    expect(multiple.ratio).toBe(2);
    expect(multiple.low).toBeCloseTo(190 / 110, 12);
    expect(multiple.high).toBeCloseTo(220 / 95, 12);
    expect(multiple.coverage).toBe(0.875);
  });

  it('reads 1.00× within its interval for the baseline against itself', () => {
    const multiple = baselineMultiple(base, base);
    expect(formatBaselineMultiple(multiple)).toBe('1.00× (0.86–1.16)');
    expect(multiple.low!).toBeLessThanOrEqual(1);
    expect(multiple.high!).toBeGreaterThanOrEqual(1);
  });

  it('has no interval when a figure has a single trial, and refuses a zero baseline', () => {
    expect(baselineMultiple(headlineFigure(trialsOf([50])), base)).toEqual({
      ratio: 0.5,
      low: null,
      high: null,
      coverage: null,
    });
    expect(() => baselineMultiple(base, headlineFigure(trialsOf([0, 0])))).toThrow(
      expect.objectContaining({ code: 'INVALID_NUMBER' }),
    );
  });
});

describe('headline formats', () => {
  const figure = headlineFigure(trialsOf([3872, 3776, 4032, 3900, 3850]));

  it('prints cycles and cycles/byte with the interval', () => {
    expect(formatHeadlineCycles(figure)).toBe('3872 (3776–4032)');
    expect(formatHeadlineCyclesPerByte(figure, 32)).toBe('121.0 (118.0–126.0)');
    expect(formatHeadlineCycles(headlineFigure(trialsOf([2_061_000, 2_040_000, 2_110_000])))).toBe(
      '2.06 M (2.04 M–2.11 M)',
    );
    expect(formatHeadlineCycles(headlineFigure(trialsOf([4129])))).toBe('4129');
  });

  it('prints multiples with decimals by size, and coverages', () => {
    expect(formatBaselineMultiple({ ratio: 12.44, low: 11.9, high: 13.04, coverage: 0.875 })).toBe('12.4× (11.9–13.0)');
    expect(formatBaselineMultiple({ ratio: 123.4, low: null, high: null, coverage: null })).toBe('123×');
    expect(formatCoverage(0.9375)).toBe('93.8 %');
    expect(formatCoverage(0.95)).toBe('95 %');
    expect(() => formatCoverage(1.5)).toThrow(StatsError);
    expect(() => formatHeadlineCyclesPerByte(figure, 0)).toThrow(expect.objectContaining({ code: 'INVALID_NUMBER' }));
  });
});
