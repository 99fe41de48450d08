import { describe, expect, it } from '@jest/globals';
import { WIDE_INTERVAL_FRACTION, wideInterval } from './wide-interval.js';

const figure = (medianCycles: number, lowCycles: number | null, highCycles: number | null) => ({
  medianCycles,
  lowCycles,
  highCycles,
});

describe('wideInterval', () => {
  it('is ±10 % of the median by default', () => {
    expect(WIDE_INTERVAL_FRACTION).toBe(0.1);
  });

  it('marks the interval seen on a busy host (4.1 ticks/byte, 3.6–5.1) and not a steady one', () => {
    expect(wideInterval(figure(4.1, 3.6, 5.1))).toBe(true);
    expect(wideInterval(figure(100, 97, 104))).toBe(false);
  });

  it('marks an interval wide on one side only, at the limit not yet', () => {
    expect(wideInterval(figure(100, 99, 111))).toBe(true);
    expect(wideInterval(figure(100, 89, 101))).toBe(true);
    expect(wideInterval(figure(100, 90, 110))).toBe(false);
    expect(wideInterval(figure(100, 95, 104), 0.04)).toBe(true);
  });

  it('does not mark a figure without interval (one trial) or with a median of 0', () => {
    expect(wideInterval(figure(100, null, null))).toBe(false);
    expect(wideInterval(figure(0, 0, 5))).toBe(false);
  });
});
