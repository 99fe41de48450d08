import { describe, expect, test } from '@jest/globals';
import { deriveInstructionFigures } from './derive-instruction-figures.js';
import { StatsError } from './stats-error.js';

describe('deriveInstructionFigures', () => {
  test('takes the harness off every call; equal counts are exact', () => {
    expect(deriveInstructionFigures([19, 19, 19], [170415, 170415, 170415], 4096)).toEqual({
      instructions: 170396,
      instructionsPerByte: 170396 / 4096,
      exact: true,
    });
  });

  test('counts that differ: the median after the fewest harness instructions, not exact', () => {
    expect(deriveInstructionFigures([20, 17, 18], [117, 121, 1017], 10)).toEqual({
      instructions: 104,
      instructionsPerByte: 10.4,
      exact: false,
    });
  });

  test('an empty message has no figure per byte', () => {
    expect(deriveInstructionFigures([5], [105], 0).instructionsPerByte).toBe(0);
  });

  test('refuses no call and counts that are not whole numbers', () => {
    expect(() => deriveInstructionFigures([], [1], 1)).toThrow(StatsError);
    expect(() => deriveInstructionFigures([1], [1.5], 1)).toThrow(/not an instruction count/);
  });
});
