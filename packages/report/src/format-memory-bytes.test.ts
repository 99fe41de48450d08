import { describe, expect, it } from '@jest/globals';
import { formatMemoryBytes } from './format-memory-bytes.js';

describe('formatMemoryBytes (round first, then pick the unit)', () => {
  it.each([
    [0, '0 B'],
    [712, '712 B'], // SM3 stack high-water measured by the driver
    [9999.4, '9999 B'],
    [9999.6, '9.8 KiB'], // rounds to 10000 B: 10000 / 1024 = 9.77
    [65536 + 712, '64.7 KiB'], // 66248 / 1024 = 64.695
    [1048524, '1023.9 KiB'], // 1048524 / 1024 = 1023.949…
    [1048575, '1.00 MiB'], // 1023.999 KiB rounds to 1024.0: never "1024.0 KiB"
    [1048576, '1.00 MiB'],
    [1024 ** 3, '1.00 GiB'],
  ])('%d B → %s', (bytes, text) => {
    expect(formatMemoryBytes(bytes)).toBe(text);
  });

  it('rejects negative and non-finite values with INVALID_NUMBER', () => {
    expect(() => formatMemoryBytes(-1)).toThrow(expect.objectContaining({ code: 'INVALID_NUMBER' }));
    expect(() => formatMemoryBytes(Number.NaN)).toThrow(expect.objectContaining({ code: 'INVALID_NUMBER' }));
  });
});
