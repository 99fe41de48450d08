import { createHash } from 'node:crypto';
import { HashDrbg, type DrbgHashFunction } from './hash-drbg.js';
import { SM3_ONE_BLOCK_MAX_BYTES, sm3OneBlockInto } from './internal/sm3-one-block.js';
import { KatError } from './kat-error.js';

/** SM3 as the DRNG's hash: outlen 256 bits, seedlen 440 bits (SP 800-90A Table 2 values for 256-bit hashes). */
const SM3_FOR_DRBG: DrbgHashFunction = {
  outlenBits: 256,
  seedlenBits: 440,
  digest: (data) => createHash('sm3').update(data).digest(),
  digestInto: (data, out, offset) => {
    if (data.length <= SM3_ONE_BLOCK_MAX_BYTES) sm3OneBlockInto(data, out, offset);
    else out.set(createHash('sm3').update(data).digest(), offset);
  },
};

/**
 * Length of an NGCC KAT seed in bytes: 8 characters repeated 8 times (the ICCS KAT rules).
 *
 * @example
 * ```ts
 * ngccKatSeed('KAT_2_12_sm3.txt').length === NGCC_SEED_BYTES; // true
 * ```
 */
export const NGCC_SEED_BYTES = 64;

/**
 * The NGCC KAT DRNG (ICCS `drng.c` behaviour, the ICCS KAT rules "The DRNG"): Hash_DRBG over SM3 with
 * V = Hash_df(seed), C = Hash_df(0x00 ‖ V), reseed_counter = 1 — SP 800-90A §10.1.1.2 with
 * entropy_input = seed and empty nonce and personalization. Draw with `generate(bits)` or
 * `generateInto(buffer, bits)`; no additional input is used by the KAT generator.
 *
 * @param seed - the seed bytes (for KAT files: {@link ngccKatSeed})
 * @returns an instantiated {@link HashDrbg}
 * @example
 * ```ts
 * const drng = createNgccDrng(ngccKatSeed('KAT_2_12_sm3.txt'));
 * drng.generate(0);  // L = 0: no bytes, state still advances
 * drng.generate(1);  // one byte, top bit only
 * ```
 */
export function createNgccDrng(seed: Uint8Array): HashDrbg {
  const drng = new HashDrbg(SM3_FOR_DRBG);
  drng.instantiate(seed);
  return drng;
}

/**
 * The 64-byte seed of a KAT file: the first 8 characters of its name repeated 8 times, as
 * ASCII (the ICCS KAT rules "Message schedule"), e.g. `"KAT_2_12"` × 8 for `KAT_2_12_sm3.txt`.
 *
 * @param fileName - the KAT file name (at least 8 ASCII characters)
 * @returns 64 bytes
 * @throws {KatError} `INVALID_ARGUMENT` when the name is shorter than 8 characters or not ASCII
 * @example
 * ```ts
 * Buffer.from(ngccKatSeed('KAT_2_23_sm3.txt')).toString('latin1'); // 'KAT_2_23KAT_2_23…' (64 characters)
 * ```
 */
export function ngccKatSeed(fileName: string): Uint8Array {
  const head = fileName.slice(0, 8);
  if (head.length !== 8 || !/^[\x20-\x7e]{8}$/.test(head)) {
    throw new KatError(
      'INVALID_ARGUMENT',
      `ngccKatSeed: "${fileName}" needs at least 8 printable ASCII characters (e.g. "KAT_2_12_<instance>.txt").`,
    );
  }
  return new Uint8Array(Buffer.from(head.repeat(8), 'latin1'));
}
