import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { HASH_35_MANIFEST, wish512Digests } from '../test/helpers/fixtures.js';
import { canonicalDigest } from './canonical-digest.js';
import { findManifestEntry } from './find-manifest-entry.js';
import { KatError } from './kat-error.js';
import { generateKatMessages, katFileName, type KatFileKind, type KatMessage } from './kat-messages.js';
import { describeKatMessage, formatKatRecords } from './kat-records.js';
import { parseManifest } from './parse-manifest.js';

/** Message lines of a whole file (each message is described before the next one is generated). */
function collect(kind: KatFileKind): string[] {
  const lines: string[] = [];
  for (const message of generateKatMessages(kind)) lines.push(describeKatMessage(kind, message));
  return lines;
}
describe('KAT_2_12 messages (the ICCS KAT rules; values confirmed by the NGCC hash-35 manifest, see below)', () => {
  const messages: KatMessage[] = [...generateKatMessages('KAT_2_12')];

  it('has L = 0 … 4096 with ceil(L/8) bytes each', () => {
    expect(messages).toHaveLength(4097);
    expect(
      messages.every((message, index) => message.bits === index && message.bytes.length === Math.ceil(index / 8)),
    ).toBe(true);
  });

  it('writes L = 0 as "Msg = " followed directly by the line end', () => {
    expect(describeKatMessage('KAT_2_12', messages[0] as KatMessage)).toBe('Msg_Len = 0\nMsg = \n');
  });

  it('masks partial bytes to their top L mod 8 bits (L = 1 … 9, as in KAT_2_12_Wish512.txt)', () => {
    const expected = ['80', '40', 'A0', '90', 'C0', 'A8', '50', '3D', '0E00'];
    const text = messages.slice(1, 10).map((message) => describeKatMessage('KAT_2_12', message));
    expect(text).toEqual(expected.map((hex, i) => `Msg_Len = ${i + 1}\nMsg = ${hex}\n`));
    const unmasked = messages.filter((message) => {
      const spare = 8 * message.bytes.length - message.bits;
      return spare > 0 && ((message.bytes[message.bytes.length - 1] as number) & ((1 << spare) - 1)) !== 0;
    });
    expect(unmasked.map((message) => message.bits)).toEqual([]);
  });

  it('L = 4096 is 512 bytes starting 425349930E8EC11A', () => {
    const line = describeKatMessage('KAT_2_12', messages[4096] as KatMessage).split('\n')[1] as string;
    expect(line.startsWith('Msg = 425349930E8EC11A078FEC7A90909A2E')).toBe(true);
    expect(createHash('sha256').update(`${line}\n`).digest('hex')).toBe(
      '18b8484b71efec8d461a9c8b7d103cef3b3afc587e12629cab44632249744f24',
    );
  });
});

describe('KAT_2_23 messages and record layout', () => {
  const lines = collect('KAT_2_23');

  it('writes all-zero, all-0xFF, then DRNG-random 2^23-bit messages with Msg_Seed only on the random one', () => {
    expect(lines).toEqual([
      'Msg_Len = 8388608\nMsg_Seed = \nMsg_Exp = 0000000000000000 .... 0000000000000000\n',
      'Msg_Len = 8388608\nMsg_Seed = \nMsg_Exp = FFFFFFFFFFFFFFFF .... FFFFFFFFFFFFFFFF\n',
      `Msg_Len = 8388608\nMsg_Seed = ${'4B41545F325F3233'.repeat(8)}\nMsg_Exp = B6E2C825BE0E7D79 .... 70B7D148BC6FCCEC\n`,
    ]);
  });

  it('formats a record with Dst_Len and Dst and a blank line; 815 bytes for a 512-bit digest (the anchor log size)', () => {
    const digest = 'AB'.repeat(64);
    const text = formatKatRecords(lines, [digest, digest, digest], 512);
    expect(
      text.startsWith(
        `Msg_Len = 8388608\nMsg_Seed = \nMsg_Exp = 0000000000000000 .... 0000000000000000\nDst_Len = 512\nDst = ${digest}\n\nMsg_Len`,
      ),
    ).toBe(true);
    expect(Buffer.byteLength(text)).toBe(815);
    expect(
      Buffer.byteLength(
        formatKatRecords(
          lines,
          [1, 2, 3].map(() => 'CD'.repeat(128)),
          1024,
        ),
      ),
    ).toBe(1202);
  });
});

describe('formatKatRecords', () => {
  it('writes upper-case digests and checks counts and lengths', () => {
    expect(
      formatKatRecords(
        ['Msg_Len = 0\nMsg = \n'],
        ['1ab21d8355cfa17f8e61194831e81a8f22bec8c728fefb747ed035eb5082aa2b'],
        256,
      ),
    ).toBe(
      'Msg_Len = 0\nMsg = \nDst_Len = 256\nDst = 1AB21D8355CFA17F8E61194831E81A8F22BEC8C728FEFB747ED035EB5082AA2B\n\n',
    );
    expect(() => formatKatRecords(['a'], [], 256)).toThrow(KatError);
    expect(() => formatKatRecords(['a'], ['00'], 256)).toThrow(/2 hex digits, expected 64/);
  });

  it('produces a 2 804 822-byte KAT_2_12 file for a 512-bit digest (the anchor log size)', () => {
    const text = formatKatRecords(collect('KAT_2_12'), Array(4097).fill('00'.repeat(64)), 512);
    expect(Buffer.byteLength(text)).toBe(2804822);
  });
});

describe('whole files against the NGCC hash-35 manifest (Wish512 digests in test/fixtures/wish512)', () => {
  const manifest = parseManifest(readFileSync(HASH_35_MANIFEST, 'utf8'), 'hash-35.kat.sha256');

  for (const kind of ['KAT_2_12', 'KAT_2_23'] as const) {
    it(`${kind}_Wish512.txt rebuilt from our messages and the stored digests has the manifest digest`, () => {
      const file = katFileName(kind, 'Wish512');
      const text = formatKatRecords(collect(kind), wish512Digests(kind), 512);
      const entry = findManifestEntry(manifest, 'Wish512', file);
      expect(entry?.digest).toBe(
        kind === 'KAT_2_12'
          ? 'a3797f9b0a2f53cb78ae94758ba219bbe5a1580b7f5d46d911f99898c2b55a51'
          : 'f082047f1f715de4869a86e91e9ec3690c48f61cd93e4564753c869e01e939f0',
      );
      expect(canonicalDigest(text, { mode: 'strict' })).toBe(entry?.digest);
    });
  }
});
