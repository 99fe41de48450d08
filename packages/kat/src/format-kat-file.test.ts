import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { recordsFor } from '../test/helpers/fake-runner.js';
import { HASH_35_MANIFEST, wish512Digests } from '../test/helpers/fixtures.js';
import { canonicalDigest } from './canonical-digest.js';
import { findManifestEntry } from './find-manifest-entry.js';
import { formatKatFile } from './format-kat-file.js';
import { KatError } from './kat-error.js';
import { generateKatMessages } from './kat-messages.js';
import { createNgccDrng, ngccKatSeed } from './ngcc-drng.js';
import { parseManifest } from './parse-manifest.js';

const manifest = parseManifest(readFileSync(HASH_35_MANIFEST, 'utf8'), 'hash-35.kat.sha256');
const SEED_2_33 = '4B41545F325F3333'.repeat(8);

describe('formatKatFile', () => {
  it('KAT_Loop_Wish512.txt: the initial message from our DRNG and the final digest of the real chain give the hash-35 manifest digest', () => {
    const [message] = [...generateKatMessages('KAT_Loop')];
    expect(message?.bits).toBe(8192);
    const text = formatKatFile(
      'KAT_Loop',
      recordsFor('KAT_Loop', wish512Digests('KAT_Loop')),
      512,
      '4B41545F4C6F6F70'.repeat(8),
    );
    expect(text.split('\n').map((line) => line.slice(0, 24))).toEqual([
      'Msg_Len = 8192',
      `Msg = ${Buffer.from(message?.bytes ?? [])
        .toString('hex')
        .toUpperCase()
        .slice(0, 18)}`,
      'Dst_Len = 512',
      `Dst = ${wish512Digests('KAT_Loop')[0]?.slice(0, 18)}`,
      '',
      '',
    ]);
    expect(canonicalDigest(text, { mode: 'strict' })).toBe(
      findManifestEntry(manifest, 'Wish512', 'KAT_Loop_Wish512.txt')?.digest,
    );
    expect(canonicalDigest(text, { mode: 'strict' })).toBe(
      '7333ce319d21d71c8c45c1f2d48e6a7cce44c9d77092b16a26d7cddee1d27a18',
    );
  });

  it('KAT_2_33_Wish512.txt: Msg_Exp of the 1 GiB DRNG message computed here from V (no 1 GiB draw) and the stored digests give the hash-35 manifest digest', () => {
    // Hashgen block i is SM3(V + i): the first 8 bytes come from block 0, the last 8 from block 2^25 − 1.
    const seed = ngccKatSeed('KAT_2_33_Wish512.txt');
    const v = BigInt(`0x${Buffer.from(createNgccDrng(seed).exportState().v).toString('hex')}`);
    const block = (i: bigint): Buffer =>
      createHash('sm3')
        .update(Buffer.from(((v + i) % 2n ** 440n).toString(16).padStart(110, '0'), 'hex'))
        .digest();
    const head = block(0n).subarray(0, 8).toString('hex').toUpperCase();
    const tail = block(2n ** 25n - 1n)
      .subarray(24)
      .toString('hex')
      .toUpperCase();
    expect([head, tail]).toEqual(['AE6416F9B6D4C97A', '31B80BC6E737A914']); // what the driver's C DRNG wrote
    const digests = wish512Digests('KAT_2_33');
    const records = [
      {
        index: 0,
        bits: 2 ** 33,
        seeded: false,
        headHex: '0'.repeat(16),
        tailHex: '0'.repeat(16),
        dstHex: digests[0] as string,
      },
      {
        index: 1,
        bits: 2 ** 33,
        seeded: false,
        headHex: 'F'.repeat(16),
        tailHex: 'F'.repeat(16),
        dstHex: digests[1] as string,
      },
      { index: 2, bits: 2 ** 33, seeded: true, headHex: head, tailHex: tail, dstHex: digests[2] as string },
    ];
    const text = formatKatFile('KAT_2_33', records, 512, Buffer.from(seed).toString('hex').toUpperCase());
    expect(canonicalDigest(text, { mode: 'strict' })).toBe(
      findManifestEntry(manifest, 'Wish512', 'KAT_2_33_Wish512.txt')?.digest,
    );
    expect(canonicalDigest(text, { mode: 'strict' })).toBe(
      'c44bd58f2d5139c5139806ff300964a0fdaf7f5bb83201a8f4cc7bd35a18d8ea',
    );
  });

  it('KAT_2_33: Msg_Len 8589934592, the seed only on the DRNG message, Msg_Exp from head and tail, lower-case input written upper-case', () => {
    const dst = 'cd'.repeat(64);
    const records = [
      { index: 0, bits: 2 ** 33, seeded: false, headHex: '0'.repeat(16), tailHex: '0'.repeat(16), dstHex: dst },
      { index: 1, bits: 2 ** 33, seeded: false, headHex: 'F'.repeat(16), tailHex: 'F'.repeat(16), dstHex: dst },
      { index: 2, bits: 2 ** 33, seeded: true, headHex: 'ae6416f9b6d4c97a', tailHex: '31B80BC6E737A914', dstHex: dst },
    ];
    const text = formatKatFile('KAT_2_33', records, 512, SEED_2_33);
    expect(text).toBe(
      [
        'Msg_Len = 8589934592',
        'Msg_Seed = ',
        'Msg_Exp = 0000000000000000 .... 0000000000000000',
        'Dst_Len = 512',
        `Dst = ${dst.toUpperCase()}`,
        '',
        'Msg_Len = 8589934592',
        'Msg_Seed = ',
        'Msg_Exp = FFFFFFFFFFFFFFFF .... FFFFFFFFFFFFFFFF',
        'Dst_Len = 512',
        `Dst = ${dst.toUpperCase()}`,
        '',
        'Msg_Len = 8589934592',
        `Msg_Seed = ${SEED_2_33}`,
        'Msg_Exp = AE6416F9B6D4C97A .... 31B80BC6E737A914',
        'Dst_Len = 512',
        `Dst = ${dst.toUpperCase()}`,
        '',
        '',
      ].join('\n'),
    );
    expect(Buffer.byteLength(text)).toBe(824); // 815 for 2^23 + 3 records × 3 more digits in Msg_Len
  });

  it('KAT_2_12 and KAT_2_23 rebuilt from records equal the hash-35 manifest (the driver path of runKat)', () => {
    for (const kind of ['KAT_2_12', 'KAT_2_23'] as const) {
      const text = formatKatFile(
        kind,
        recordsFor(kind, wish512Digests(kind)),
        512,
        kind === 'KAT_2_12' ? '4B41545F325F3132'.repeat(8) : '4B41545F325F3233'.repeat(8),
      );
      expect(canonicalDigest(text, { mode: 'strict' })).toBe(
        findManifestEntry(manifest, 'Wish512', `${kind}_Wish512.txt`)?.digest,
      );
    }
  });

  it('refuses records that lack the fields of their kind', () => {
    expect(() => formatKatFile('KAT_2_12', [{ index: 0, bits: 0, dstHex: 'AB' }], 8, '')).toThrow(KatError);
    expect(() => formatKatFile('KAT_2_23', [{ index: 0, bits: 64, msgHex: '00', dstHex: 'AB' }], 8, '')).toThrow(
      /needs headHex and tailHex/,
    );
  });
});
