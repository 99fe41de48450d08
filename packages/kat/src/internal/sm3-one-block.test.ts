import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { SM3_ONE_BLOCK_MAX_BYTES, sm3OneBlockInto } from './sm3-one-block.js';

const jsSm3 = (message: Uint8Array): string => {
  const out = new Uint8Array(32);
  sm3OneBlockInto(message, out, 0);
  return Buffer.from(out).toString('hex');
};

describe('sm3OneBlockInto', () => {
  it('matches GB/T 32905-2016 example 1: SM3("abc")', () => {
    expect(jsSm3(Buffer.from('abc'))).toBe('66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0');
  });

  it('matches node:crypto SM3 for every length from 0 to 55 bytes', () => {
    for (let length = 0; length <= SM3_ONE_BLOCK_MAX_BYTES; length += 1) {
      const message = Uint8Array.from({ length }, (_, i) => (i * 151 + length * 7 + 0x5a) & 0xff);
      expect(jsSm3(message)).toBe(createHash('sm3').update(message).digest('hex'));
    }
  });

  it('writes the digest at the offset without touching other bytes', () => {
    const out = new Uint8Array(40).fill(0xee);
    sm3OneBlockInto(Buffer.from('abc'), out, 4);
    expect(Buffer.from(out.subarray(4, 36)).toString('hex')).toBe(
      '66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0',
    );
    expect([...out.subarray(0, 4), ...out.subarray(36)]).toEqual(Array(8).fill(0xee));
  });
});
