import { describe, expect, it } from '@jest/globals';
import { averageRanks } from './average-ranks.js';

describe('averageRanks', () => {
  it('ranks lowest first and gives equal values the average of the positions they occupy', () => {
    expect(averageRanks([10, 20, 20, 30])).toEqual([1, 2.5, 2.5, 4]);
    // seed 000: litchi 32 B mean cycles 4129, 4162, 4111, 4291 (a tie added by repeating 4129)
    expect(averageRanks([4129, 4162, 4111, 4129])).toEqual([2.5, 4, 1, 2.5]);
    expect(averageRanks([5, 5, 5])).toEqual([2, 2, 2]);
    expect(averageRanks([])).toEqual([]);
  });

  it('leaves its input as it came and refuses a value that is not finite', () => {
    const values = [3, 1, 2];
    expect(averageRanks(values)).toEqual([3, 1, 2]);
    expect(values).toEqual([3, 1, 2]);
    expect(() => averageRanks([1, Number.NaN])).toThrow(expect.objectContaining({ code: 'NOT_FINITE' }));
  });
});
