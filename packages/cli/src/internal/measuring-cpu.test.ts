import { describe, expect, it } from '@jest/globals';
import { CliError } from '../cli-error.js';
import { formatCpuList, parseMeasuringCpu } from './measuring-cpu.js';

describe('formatCpuList', () => {
  it('folds runs of three or more into ranges, as Cpus_allowed_list does', () => {
    expect(formatCpuList([0, 1])).toBe('0,1');
    expect(formatCpuList([0, 1, 2, 3, 6, 8, 9])).toBe('0-3,6,8,9');
    expect(formatCpuList([5])).toBe('5');
    expect(formatCpuList(Array.from({ length: 128 }, (_, i) => i))).toBe('0-127');
  });
});

describe('parseMeasuringCpu', () => {
  it('takes a CPU this process may use', () => {
    expect(parseMeasuringCpu('1', [0, 1])).toBe(1);
    expect(parseMeasuringCpu('6', [2, 3, 6])).toBe(6);
  });

  it('refuses a CPU outside the allowed set with USAGE, naming --cpu and the allowed CPUs', () => {
    expect(() => parseMeasuringCpu('7', [0, 1])).toThrow(
      new CliError('USAGE', '--cpu 7: CPU 7 is not available to this process (allowed: 0,1). Pick a CPU from that list.'),
    );
    expect(() => parseMeasuringCpu('0', [2, 3, 4, 5])).toThrow('(allowed: 2-5)');
    expect(() => parseMeasuringCpu('x', [0, 1])).toThrow('--cpu expects a whole number, got "x".');
  });
});
