import { describe, expect, it } from '@jest/globals';
import { parseCpus } from './run-options.js';

describe('parseCpus', () => {
  it('takes a list or a range of allowed CPUs', () => {
    expect(parseCpus('2-3', [0, 1, 2, 3])).toEqual([2, 3]);
    expect(parseCpus('0,1', [0, 1])).toEqual([0, 1]);
  });

  it('names the option the user typed: --cpus for a list, --cpu for one CPU', () => {
    expect(() => parseCpus('7', [0, 1])).toThrow(
      '--cpus 7: CPU 7 is not available to this process (allowed: 0,1). Pick CPUs from that list.',
    );
    expect(() => parseCpus('7', [0, 1], '--cpu')).toThrow(
      '--cpu 7: CPU 7 is not available to this process (allowed: 0,1). Pick a CPU from that list.',
    );
    expect(() => parseCpus('x', [0, 1], '--cpu')).toThrow('--cpu expects CPU numbers like 2,3,4 or 2-4, got "x".');
  });
});
