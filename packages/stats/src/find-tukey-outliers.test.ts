import { describe, expect, it } from '@jest/globals';
import { findTukeyOutliers } from './find-tukey-outliers.js';

describe('findTukeyOutliers', () => {
  it('flags a high trial: [100, 102, 98, 101, 130] has q1 100, q3 102, fences [97, 105]', () => {
    expect(findTukeyOutliers([100, 102, 98, 101, 130])).toEqual({
      q1: 100,
      q3: 102,
      lowFence: 97,
      highFence: 105,
      outlierIndices: [4],
    });
  });

  it("flags the anchor's slow-start trial 4 (3046.11 against fences [3055.13, 3073.50])", () => {
    // Sorted: 3046.11375, 3062.01785, 3065.21625, 3066.61085, 3067.00615 → q1 3062.01785, q3 3066.61085,
    // IQR 4.593, fences 3062.01785 − 6.8895 = 3055.12835 and 3066.61085 + 6.8895 = 3073.50035.
    const result = findTukeyOutliers([3067.00615, 3065.21625, 3062.01785, 3046.11375, 3066.61085]);
    expect(result.lowFence).toBeCloseTo(3055.12835, 8);
    expect(result.highFence).toBeCloseTo(3073.50035, 8);
    expect(result.outlierIndices).toEqual([3]);
  });

  it('interpolates quartiles like NumPy: [1, 2, 3, 4] gives 1.75 and 3.25', () => {
    expect(findTukeyOutliers([4, 1, 3, 2])).toMatchObject({
      q1: 1.75,
      q3: 3.25,
      lowFence: -0.5,
      highFence: 5.5,
      outlierIndices: [],
    });
  });

  it('keeps values on a fence, flags both sides, and flags nothing below 3 values', () => {
    // [10, 10, 10, 12, 14]: q1 10, q3 12, fences [7, 15]: 15 itself would pass, 16 and 6 do not.
    expect(findTukeyOutliers([10, 10, 10, 12, 15]).outlierIndices).toEqual([]);
    expect(findTukeyOutliers([6, 10, 10, 12, 16]).outlierIndices).toEqual([0, 4]);
    expect(findTukeyOutliers([1, 1000]).outlierIndices).toEqual([]);
  });
});
