import { describe, expect, it } from '@jest/globals';
import { formatDuration } from './number-formats.js';

describe('formatDuration', () => {
  it('picks seconds, minutes or hours', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(185)).toBe('3 min 05 s');
    expect(formatDuration(7800)).toBe('2 h 10 min');
  });
});
