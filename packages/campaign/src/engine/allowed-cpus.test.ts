import { describe, expect, it } from '@jest/globals';
import { allowedCpus, parseCpuListText } from './allowed-cpus.js';

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
