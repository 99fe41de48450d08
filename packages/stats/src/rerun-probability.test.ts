import { describe, expect, it } from '@jest/globals';
import { expectedReruns, preemptionProbability } from './rerun-probability.js';

describe('disturbed trials', () => {
  it('expects fewer reruns on evidence of a quiet host than with none', () => {
    expect(preemptionProbability(0, 0, 1)).toBe(1);
    expect(preemptionProbability(0, 100, 1)).toBeLessThan(0.01);
    expect(preemptionProbability(50, 1, 1)).toBeGreaterThan(0.99);
    expect(expectedReruns(5, 0)).toBe(0);
    expect(expectedReruns(5, 1)).toBe(1);
    expect(expectedReruns(1, 0.5)).toBe(0.5);
    // the recurrence E(k) = p + (1 − p²)·E(k − 1) and the exponent switches + 1, pinned by value
    expect(expectedReruns(2, 0.5)).toBe(0.875);
    expect(preemptionProbability(0, 1, 1)).toBe(0.5);
  });
});
