import { addBytesInPlace, addNumberInPlace, concatBytes, incrementInPlace } from './internal/big-endian-bytes.js';
import { KatError } from './kat-error.js';

/**
 * The hash function a {@link HashDrbg} runs on (SP 800-90A Rev.1 §10.1, Table 2).
 * `outlenBits` and `seedlenBits` must be multiples of 8.
 */
export interface DrbgHashFunction {
  /** Output length of the hash in bits (256 for SHA-256 and SM3). */
  outlenBits: number;
  /** Seed length in bits (440 for SHA-256 and SM3, 888 for SHA-384/512). */
  seedlenBits: number;
  /** Hashes the bytes; returns outlenBits/8 bytes. */
  digest(data: Uint8Array): Uint8Array;
  /** Optional fast path: writes the digest of `data` into `out` at `offset` (used for every output block). */
  digestInto?(data: Uint8Array, out: Uint8Array, offset: number): void;
}

/** A copy of a {@link HashDrbg}'s working state (SP 800-90A §10.1.1.1). */
export interface HashDrbgState {
  /** V, seedlenBits/8 bytes. */
  v: Uint8Array;
  /** C, seedlenBits/8 bytes. */
  c: Uint8Array;
  /** Number of generate calls since instantiation, plus 1. */
  reseedCounter: number;
}

const EMPTY = new Uint8Array(0);

/**
 * Hash_DRBG of NIST SP 800-90A Rev.1 §10.1.1 over any hash function: instantiate (§10.1.1.2)
 * and generate (§10.1.1.4, with or without additional input), without prediction resistance.
 * Reseeding is not offered and the per-request and reseed-interval limits of Table 2 are not
 * enforced: the NGCC DRNG asks for 2^23 and 2^33 bits in one request.
 *
 * @example
 * ```ts
 * const sha256 = { outlenBits: 256, seedlenBits: 440, digest: (d: Uint8Array) => createHash('sha256').update(d).digest() };
 * const drbg = new HashDrbg(sha256);
 * drbg.instantiate(entropy, nonce);
 * drbg.generate(1024);
 * const returnedBits = drbg.generate(1024); // the CAVP "ReturnedBits"
 * ```
 */
export class HashDrbg {
  readonly #hash: DrbgHashFunction;
  readonly #outlenBytes: number;
  readonly #seedlenBytes: number;
  readonly #v: Uint8Array;
  readonly #c: Uint8Array;
  #reseedCounter = 0;

  /**
   * @param hash - the hash function and its outlen/seedlen in bits
   * @throws {KatError} `INVALID_ARGUMENT` when outlenBits or seedlenBits is not a positive multiple of 8
   */
  constructor(hash: DrbgHashFunction) {
    for (const [name, bits] of [
      ['outlenBits', hash.outlenBits],
      ['seedlenBits', hash.seedlenBits],
    ] as const) {
      if (!Number.isSafeInteger(bits) || bits <= 0 || bits % 8 !== 0) {
        throw new KatError('INVALID_ARGUMENT', `HashDrbg: ${name} must be a positive multiple of 8, got ${bits}.`);
      }
    }
    this.#hash = hash;
    this.#outlenBytes = hash.outlenBits / 8;
    this.#seedlenBytes = hash.seedlenBits / 8;
    this.#v = new Uint8Array(this.#seedlenBytes);
    this.#c = new Uint8Array(this.#seedlenBytes);
  }

  /** Number of generate calls since instantiation plus 1; 0 before {@link HashDrbg.instantiate}. */
  get reseedCounter(): number {
    return this.#reseedCounter;
  }

  /**
   * Hash_df (SP 800-90A §10.3.1): the leftmost `seedlenBits` of
   * Hash(0x01 ‖ be32(seedlenBits) ‖ input) ‖ Hash(0x02 ‖ …) ‖ …
   */
  #hashDf(input: Uint8Array): Uint8Array {
    const blocks = Math.ceil(this.#seedlenBytes / this.#outlenBytes);
    const temp = new Uint8Array(blocks * this.#outlenBytes);
    const framed = new Uint8Array(5 + input.length);
    new DataView(framed.buffer).setUint32(1, this.#seedlenBytes * 8);
    framed.set(input, 5);
    for (let counter = 1; counter <= blocks; counter += 1) {
      framed[0] = counter;
      temp.set(this.#hash.digest(framed), (counter - 1) * this.#outlenBytes);
    }
    return temp.subarray(0, this.#seedlenBytes);
  }

  /**
   * Instantiate (SP 800-90A §10.1.1.2): V = Hash_df(entropy ‖ nonce ‖ personalization),
   * C = Hash_df(0x00 ‖ V), reseed_counter = 1. May be called again to start over.
   *
   * @param entropy - entropy_input bytes
   * @param nonce - nonce bytes (default empty)
   * @param personalization - personalization string bytes (default empty)
   */
  instantiate(entropy: Uint8Array, nonce: Uint8Array = EMPTY, personalization: Uint8Array = EMPTY): void {
    this.#v.set(this.#hashDf(concatBytes(entropy, nonce, personalization)));
    this.#c.set(this.#hashDf(concatBytes(Uint8Array.of(0x00), this.#v)));
    this.#reseedCounter = 1;
  }

  /**
   * Generate (SP 800-90A §10.1.1.4) into a new array.
   *
   * @param bits - requested number of bits (non-negative integer)
   * @param additionalInput - additional input (omitted or empty: none)
   * @returns ⌈bits/8⌉ bytes, the low (8⌈bits/8⌉ − bits) bits of the last byte cleared
   * @throws {KatError} `INVALID_ARGUMENT` before instantiation or for a bad bit count
   */
  generate(bits: number, additionalInput?: Uint8Array): Uint8Array {
    const out = new Uint8Array(Number.isSafeInteger(bits) && bits > 0 ? Math.ceil(bits / 8) : 0);
    this.generateInto(out, bits, additionalInput);
    return out;
  }

  /**
   * Generate (SP 800-90A §10.1.1.4) into the first ⌈bits/8⌉ bytes of `out`, block by block
   * (no intermediate copy of the output); bytes after them are left untouched. Asking for 0
   * bits writes nothing but still updates V and the reseed counter.
   *
   * @param out - destination, at least ⌈bits/8⌉ bytes
   * @param bits - requested number of bits (non-negative integer)
   * @param additionalInput - additional input (omitted or empty: none)
   * @throws {KatError} `INVALID_ARGUMENT` before instantiation, for a bad bit count or a short `out`
   */
  generateInto(out: Uint8Array, bits: number, additionalInput?: Uint8Array): void {
    if (this.#reseedCounter === 0) {
      throw new KatError(
        'INVALID_ARGUMENT',
        'HashDrbg.generate: call instantiate(entropy, nonce, personalization) first.',
      );
    }
    if (!Number.isSafeInteger(bits) || bits < 0) {
      throw new KatError('INVALID_ARGUMENT', `HashDrbg.generate: bits must be a non-negative integer, got ${bits}.`);
    }
    const bytes = Math.ceil(bits / 8);
    if (out.length < bytes) {
      throw new KatError(
        'INVALID_ARGUMENT',
        `HashDrbg.generate: ${bits} bits need ${bytes} bytes, but out has ${out.length}.`,
      );
    }
    if (additionalInput !== undefined && additionalInput.length > 0) {
      addBytesInPlace(this.#v, this.#hash.digest(concatBytes(Uint8Array.of(0x02), this.#v, additionalInput)));
    }
    this.#hashgen(out, bytes);
    if (bits % 8 !== 0) out[bytes - 1] = (out[bytes - 1] as number) & ((0xff << (8 - (bits % 8))) & 0xff);
    const h = this.#hash.digest(concatBytes(Uint8Array.of(0x03), this.#v));
    addBytesInPlace(this.#v, h);
    addBytesInPlace(this.#v, this.#c);
    addNumberInPlace(this.#v, this.#reseedCounter);
    this.#reseedCounter += 1;
  }

  /** Hashgen (SP 800-90A §10.1.1.4): out = Hash(V) ‖ Hash(V + 1) ‖ … truncated to `bytes`. */
  #hashgen(out: Uint8Array, bytes: number): void {
    const data = this.#v.slice();
    const blockBytes = this.#outlenBytes;
    const fullBlocks = Math.floor(bytes / blockBytes);
    const into = this.#hash.digestInto;
    let offset = 0;
    for (let block = 0; block < fullBlocks; block += 1) {
      if (into === undefined) out.set(this.#hash.digest(data), offset);
      else into.call(this.#hash, data, out, offset);
      incrementInPlace(data);
      offset += blockBytes;
    }
    if (offset < bytes) out.set(this.#hash.digest(data).subarray(0, bytes - offset), offset);
  }

  /** A copy of V, C and the reseed counter (for tests and diagnostics). */
  exportState(): HashDrbgState {
    return { v: this.#v.slice(), c: this.#c.slice(), reseedCounter: this.#reseedCounter };
  }
}
