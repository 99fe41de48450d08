import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { HashDrbg } from './hash-drbg.js';
import { KatError } from './kat-error.js';
import { createNgccDrng, ngccKatSeed } from './ngcc-drng.js';

const sm3 = (...parts: Uint8Array[]): Buffer => {
  const hash = createHash('sm3');
  for (const part of parts) hash.update(part);
  return hash.digest();
};
const toBig = (bytes: Uint8Array): bigint => BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
const MOD = 2n ** 440n;
const be32of440 = Uint8Array.of(0x00, 0x00, 0x01, 0xb8); // 440 = 0x1B8

/** Hash_df(input, 440) written out from SP 800-90A §10.3.1 for SM3 (two 256-bit blocks, leftmost 55 bytes). */
function hashDf440(input: Uint8Array): Buffer {
  return Buffer.concat([sm3(Uint8Array.of(1), be32of440, input), sm3(Uint8Array.of(2), be32of440, input)]).subarray(
    0,
    55,
  );
}

describe('ngccKatSeed', () => {
  it('is the first 8 characters of the file name repeated 8 times (64 ASCII bytes)', () => {
    const seed = ngccKatSeed('KAT_2_12_sm3.txt');
    expect(seed).toHaveLength(64);
    expect(Buffer.from(seed).toString('latin1')).toBe('KAT_2_12'.repeat(8));
    expect(Buffer.from(ngccKatSeed('KAT_2_23_litchi_512.txt')).toString('hex')).toBe('4b41545f325f3233'.repeat(8));
  });

  it('rejects names shorter than 8 characters', () => {
    expect(() => ngccKatSeed('KAT_2')).toThrow(KatError);
  });
});

describe('createNgccDrng (the ICCS KAT rules "The DRNG")', () => {
  const seed = ngccKatSeed('KAT_2_12');

  it('instantiates V = Hash_df(seed), C = Hash_df(0x00 ‖ V), reseed_counter = 1 (computed by hand with node:crypto SM3)', () => {
    const v = hashDf440(seed);
    const c = hashDf440(Buffer.concat([Uint8Array.of(0), v]));
    const state = createNgccDrng(seed).exportState();
    expect(Buffer.from(state.v).toString('hex')).toBe(v.toString('hex'));
    expect(Buffer.from(state.c).toString('hex')).toBe(c.toString('hex'));
    expect(state.reseedCounter).toBe(1);
  });

  it('generates SM3(V) ‖ SM3(V+1) … and then sets V = V + SM3(0x03 ‖ V) + C + reseed_counter mod 2^440', () => {
    const drng = createNgccDrng(seed);
    const { v, c } = drng.exportState();
    const vPlus1 = Buffer.from((toBig(v) + 1n).toString(16).padStart(110, '0'), 'hex');
    const expected = Buffer.concat([sm3(v), sm3(vPlus1)]).subarray(0, 40);
    expect(Buffer.from(drng.generate(320)).toString('hex')).toBe(expected.toString('hex'));
    const nextV = (toBig(v) + toBig(sm3(Uint8Array.of(3), v)) + toBig(c) + 1n) % MOD;
    expect(toBig(drng.exportState().v)).toBe(nextV);
    expect(drng.reseedCounter).toBe(2);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const a = createNgccDrng(seed);
    const b = createNgccDrng(seed);
    const c = createNgccDrng(ngccKatSeed('KAT_2_23'));
    for (const bits of [0, 1, 9, 256, 4096]) {
      const fromA = Buffer.from(a.generate(bits)).toString('hex');
      expect(Buffer.from(b.generate(bits)).toString('hex')).toBe(fromA);
      if (bits >= 256) expect(Buffer.from(c.generate(bits)).toString('hex')).not.toBe(fromA);
    }
  });

  it('the JavaScript SM3 fast path gives the same 1 MiB as node:crypto alone (V + i carries across bytes)', () => {
    const plain = new HashDrbg({ outlenBits: 256, seedlenBits: 440, digest: (data) => sm3(data) });
    plain.instantiate(seed);
    const bits = 2 ** 23;
    const fast = createNgccDrng(seed).generate(bits);
    const slow = plain.generate(bits);
    expect(createHash('sha256').update(fast).digest('hex')).toBe(createHash('sha256').update(slow).digest('hex'));
  });
});
