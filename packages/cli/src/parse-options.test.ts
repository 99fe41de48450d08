import { describe, expect, it } from '@jest/globals';
import { parseInteger, parsePositiveNumber, parseSizeList } from './parse-options.js';

describe('option parsing', () => {
  it('parses sizes, sorted and without duplicates', () => {
    expect(parseSizeList('--sizes', '4096,32,32,65536')).toEqual([32, 4096, 65536]);
  });
  it('names the option and the bad value', () => {
    expect(() => parseSizeList('--sizes', '32,abc')).toThrow(
      '--sizes expects each size as a positive number of bytes, e.g. 32,1024,65536; got "abc".',
    );
    // ct audits the empty message too: 0 is a size there, and still not a negative number
    expect(parseSizeList('--bytes', '55,0,1', { allowEmpty: true })).toEqual([0, 1, 55]);
    expect(() => parseSizeList('--bytes', '-1', { allowEmpty: true })).toThrow(
      '--bytes expects each size as a whole number of bytes (0 or more), e.g. 32,1024,65536; got "-1".',
    );
    expect(() => parseSizeList('--sizes', '0')).toThrow('a positive number of bytes');
    // a negative size is a size problem, not a "whole number" one; 0 B has no cycles/byte
    expect(() => parseSizeList('--sizes', '-64')).toThrow(
      '--sizes expects each size as a positive number of bytes, e.g. 32,1024,65536; got "-64".',
    );
    expect(() => parseSizeList('--sizes', '0,64')).toThrow('got "0".');
    expect(() => parseInteger('--cpu', '7', 0, 1)).toThrow('--cpu must be between 0 and 1, got 7.');
    expect(() => parsePositiveNumber('--trial-target', '-1')).toThrow(
      '--trial-target expects a positive number, got "-1".',
    );
    expect(parsePositiveNumber('--trial-target', '0.25')).toBe(0.25);
  });
});
