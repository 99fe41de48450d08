// A third, independent SM3 Hash_DRBG for the driver tests: SP 800-90A §10.1.1 (seedlen 440) written
// out on node:crypto's SM3 with BigInt arithmetic, entropy = seed, no nonce or personalization
// (SPEC §4). The driver's C version (ngcc_drng.c) and the ICCS support library's DRNG are checked
// against it (kat-driver.test.ts, pk-kat.test.ts).
import { createHash } from 'node:crypto';

const sm3 = (...parts: Uint8Array[]): Buffer =>
  parts.reduce((hash, part) => hash.update(part), createHash('sm3')).digest();

/** SM3 Hash_DRBG (seedlen 440) of SP 800-90A §10.1.1 with entropy = seed, no nonce or personalization. */
export class ReferenceDrbg {
  private v: bigint;
  private readonly c: bigint;
  private counter = 1n;
  private static readonly MOD = 2n ** 440n;

  constructor(seed: Uint8Array) {
    this.v = ReferenceDrbg.hashDf(seed);
    this.c = ReferenceDrbg.hashDf(Buffer.concat([Buffer.of(0), ReferenceDrbg.bytes(this.v)]));
  }

  private static bytes(value: bigint): Buffer {
    return Buffer.from(value.toString(16).padStart(110, '0'), 'hex');
  }

  private static hashDf(input: Uint8Array): bigint {
    const prefix = (n: number): Buffer => Buffer.of(n, 0, 0, 0x01, 0xb8);
    const out = Buffer.concat([sm3(prefix(1), input), sm3(prefix(2), input)]).subarray(0, 55);
    return BigInt(`0x${out.toString('hex')}`);
  }

  generate(bits: number): Buffer {
    const n = Math.ceil(bits / 8);
    const blocks: Buffer[] = [];
    for (let i = 0n; BigInt(blocks.length * 32) < BigInt(n); i += 1n)
      blocks.push(sm3(ReferenceDrbg.bytes((this.v + i) % ReferenceDrbg.MOD)));
    const out = Buffer.concat(blocks).subarray(0, n);
    if (bits % 8 !== 0) out[n - 1] = (out[n - 1] as number) & ((0xff << (8 - (bits % 8))) & 0xff);
    const h = BigInt(`0x${sm3(Buffer.of(3), ReferenceDrbg.bytes(this.v)).toString('hex')}`);
    this.v = (this.v + h + this.c + this.counter) % ReferenceDrbg.MOD;
    this.counter += 1n;
    return Buffer.from(out);
  }
}
