// Independent reference hashes for the driver tests: SM3 over bit strings (GB/T 32905 padding:
// a 1 bit, zeros, the 64-bit length) on the package's SM3 compression function (itself checked
// against node:crypto and GB/T 32905 example 1), and the toy hash of native/testlibs/toy_hash.h.
import { SM3_IV, sm3Compress } from '../../src/internal/sm3-compress.js';

/** SM3 of the first `bits` bits of `bytes` (MSB first), as lower-case hex. */
export function sm3Bits(bytes: Uint8Array, bits: number): string {
  const fullBytes = Math.floor(bits / 8);
  const blocks = Math.floor((bits + 1 + 64 + 511) / 512);
  const padded = new Uint8Array(blocks * 64);
  padded.set(bytes.subarray(0, Math.ceil(bits / 8)));
  const spare = bits % 8;
  padded[fullBytes] =
    spare === 0 ? 0x80 : ((padded[fullBytes] as number) & (0xff << (8 - spare)) & 0xff) | (0x80 >> spare);
  new DataView(padded.buffer).setBigUint64(padded.length - 8, BigInt(bits));
  const state = Int32Array.from(SM3_IV);
  for (let offset = 0; offset < padded.length; offset += 64) sm3Compress(state, padded, offset);
  return [...state].map((word) => (word >>> 0).toString(16).padStart(8, '0')).join('');
}

/** The toy hash of native/testlibs/toy_hash.h (libxor_ok.so, libchatty.so), upper-case hex. */
export function toyHash(bytes: Uint8Array, bits: number, digestBits: number): string {
  const n = Math.ceil(bits / 8);
  let x = 0;
  let s = 0;
  for (let i = 0; i < n; i += 1) {
    let byte = bytes[i] as number;
    if (i === n - 1 && bits % 8 !== 0) byte &= (0xff << (8 - (bits % 8))) & 0xff;
    x ^= byte;
    s = (s + ((i + 1) & 0xff) * byte) & 0xff;
  }
  const digest = Buffer.alloc(digestBits / 8);
  for (let j = 0; j < digest.length; j += 1) {
    const lengthByte = Math.floor(bits / 2 ** (8 * (j % 8))) % 256;
    digest[j] = x ^ ((s + j) & 0xff) ^ lengthByte;
  }
  return digest.toString('hex').toUpperCase();
}
