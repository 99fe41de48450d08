import { describe, expect, it } from '@jest/globals';
import { allowedCpus, defaultMeasuringCpus, formatCpuList, parseCpuListText } from './cpu-affinity.js';

describe('CPU lists', () => {
  it('parses ranges and single CPUs', () => {
    expect(parseCpuListText('0-2,5,8-9')).toEqual([0, 1, 2, 5, 8, 9]);
    expect(parseCpuListText('3')).toEqual([3]);
    expect(parseCpuListText('2-1')).toBeNull();
    expect(parseCpuListText('a')).toBeNull();
  });
  it('reads Cpus_allowed_list from /proc/self/status text', () => {
    expect(allowedCpus('Name:\tnode\nCpus_allowed:\t0c\nCpus_allowed_list:\t2-3\n')).toEqual([2, 3]);
  });
});

describe('formatCpuList', () => {
  it('folds runs of three or more into ranges, as Cpus_allowed_list does', () => {
    expect(formatCpuList([0, 1])).toBe('0,1');
    expect(formatCpuList([0, 1, 2, 3, 6, 8, 9])).toBe('0-3,6,8,9');
    expect(formatCpuList([5])).toBe('5');
    expect(formatCpuList(Array.from({ length: 128 }, (_, i) => i))).toBe('0-127');
  });
});

describe('defaultMeasuringCpus', () => {
  it('is the last CPU of the affinity mask', () => {
    expect(defaultMeasuringCpus([0, 1])).toEqual([1]);
    expect(defaultMeasuringCpus([2, 3, 6])).toEqual([6]);
  });
});
