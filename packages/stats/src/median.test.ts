import { describe, expect, it } from '@jest/globals';
import { median } from './median.js';
import { StatsError } from './stats-error.js';

describe('median', () => {
  it('is the middle value of an odd count and the mean of the middle two of an even count, in any order', () => {
    expect(median([16633, 16087, 15935])).toBe(16087);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('leaves its input in the order it came', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  it('refuses no value and a value that is not finite', () => {
    expect(() => median([])).toThrow(expect.objectContaining({ code: 'EMPTY_SAMPLE' }));
    expect(() => median([1, Number.NaN])).toThrow(StatsError);
    expect(() => median([1, Number.POSITIVE_INFINITY])).toThrow(expect.objectContaining({ code: 'NOT_FINITE' }));
  });
});
