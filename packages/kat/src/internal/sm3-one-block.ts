// SM3 (GB/T 32905-2016) of a message of at most 55 bytes, which pads to exactly one 64-byte
// block. This is the DRNG's hot path (one call per 32 output bytes, input = V of 55 bytes);
// doing it in JavaScript avoids node:crypto's per-call overhead (about 3x faster here).
// Longer inputs must go through node:crypto. Cross-checked against node:crypto in tests.
import { SM3_IV, sm3Compress } from './sm3-compress.js';

/** Largest message that pads into one block: 64 − 1 (0x80) − 8 (bit length). */
export const SM3_ONE_BLOCK_MAX_BYTES = 55;

const block = new Uint8Array(64);
const state = new Int32Array(8);

/**
 * Writes SM3(message) (32 bytes) into `out` at `offset`.
 * `message.length` must be at most {@link SM3_ONE_BLOCK_MAX_BYTES}.
 */
export function sm3OneBlockInto(message: Uint8Array, out: Uint8Array, offset: number): void {
  const length = message.length;
  block.fill(0);
  block.set(message);
  block[length] = 0x80;
  const bitLength = length * 8;
  block[62] = bitLength >>> 8;
  block[63] = bitLength & 0xff;
  state.set(SM3_IV);
  sm3Compress(state, block, 0);
  for (let i = 0; i < 8; i += 1) {
    const word = state[i] as number;
    const p = offset + 4 * i;
    out[p] = word >>> 24;
    out[p + 1] = (word >>> 16) & 0xff;
    out[p + 2] = (word >>> 8) & 0xff;
    out[p + 3] = word & 0xff;
  }
}
