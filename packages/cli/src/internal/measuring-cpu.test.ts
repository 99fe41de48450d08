import { describe, expect, it } from '@jest/globals';
import { CliError } from '../cli-error.js';
import { parseMeasuringCpu } from './measuring-cpu.js';

describe('parseMeasuringCpu', () => {
  it('takes a CPU this process may use', () => {
    expect(parseMeasuringCpu('1', [0, 1])).toBe(1);
    expect(parseMeasuringCpu('6', [2, 3, 6])).toBe(6);
  });

  it('refuses a CPU outside the allowed set with USAGE, naming --cpu and the allowed CPUs', () => {
    expect(() => parseMeasuringCpu('7', [0, 1])).toThrow(
      new CliError(
        'USAGE',
        '--cpu 7: CPU 7 is not available to this process (allowed: 0,1). Pick a CPU from that list.',
      ),
    );
    expect(() => parseMeasuringCpu('0', [2, 3, 4, 5])).toThrow('(allowed: 2-5)');
    expect(() => parseMeasuringCpu('x', [0, 1])).toThrow('--cpu expects a whole number, got "x".');
  });
});
