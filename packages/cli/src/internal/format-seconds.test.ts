import { describe, expect, it } from '@jest/globals';
import { formatSeconds } from './format-seconds.js';

describe('formatSeconds', () => {
  it('rounds first, then picks the unit (never 1e+03 µs)', () => {
    expect(formatSeconds(4.1e-6)).toBe('4.10 µs');
    expect(formatSeconds(0.000986)).toBe('986 µs');
    expect(formatSeconds(0.0009999)).toBe('1.00 ms');
    expect(formatSeconds(0.00131)).toBe('1.31 ms');
    expect(formatSeconds(60)).toBe('60.0 s');
    expect(formatSeconds(5000)).toBe('5000 s');
  });
});
