// The bundled example candidates (native/examples), run through the driver's `hash` mode
// (PROTOCOL.md), against node:crypto and NIST / GB/T 32905 vectors (fixtures/README.md).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const fixturesDirectory = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const driverPath = process.env.NGCC_PERF_DRIVER ?? 'native/build/ngcc-perf-driver';
const examplesDirectory = path.join(process.env.NGCC_PERF_NATIVE_BUILD ?? 'native/build', 'examples');
const library = (instance: string): string => path.join(examplesDirectory, `lib${instance}.so`);
const sha3BitsLibrary = path.join(examplesDirectory, 'test-only', 'libsha3_512_bits.so');

/** One CryptHash message: `bits` message bits in the first ⌈bits/8⌉ bytes (partial byte MSB-first). */
interface Message {
  bits: number;
  bytes: Buffer;
}

interface DriverRun {
  status: number | null;
  lines: Array<Record<string, unknown>>;
}

/** Runs `ngcc-perf-driver hash LIB DIGEST_BITS`, one binary frame per message (PROTOCOL.md). */
function runDriverHash(libraryPath: string, digestBits: number, messages: Message[]): DriverRun {
  const frames = messages.flatMap(({ bits, bytes }) => {
    const lengthField = Buffer.alloc(8);
    lengthField.writeBigUInt64LE(BigInt(bits));
    return [lengthField, bytes.subarray(0, Math.ceil(bits / 8))];
  });
  const result = spawnSync(driverPath, ['hash', libraryPath, String(digestBits)], {
    input: Buffer.concat(frames),
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.error !== undefined) {
    throw new Error(
      `cannot run the driver ${driverPath} (${result.error.message}); build it with "cd native && npm run build"`,
    );
  }
  const lines = result.stdout
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { status: result.status, lines };
}

/** Digests of `messages` as `"<bits>:<upper-case hex>"`, so that a mismatch names the message length. */
function digestsOf(libraryPath: string, digestBits: number, messages: Message[]): string[] {
  const run = runDriverHash(libraryPath, digestBits, messages);
  expect({ status: run.status, last: run.lines.at(-1) }).toEqual({
    status: 0,
    last: { v: 1, type: 'end', count: messages.length },
  });
  return run.lines.filter((line) => line.type === 'digest').map((line) => `${String(line.bits)}:${String(line.hex)}`);
}

const labelled = (messages: Message[], digests: string[]): string[] =>
  messages.map((message, index) => `${message.bits}:${(digests[index] ?? '').toUpperCase()}`);

/** Records of a NIST-style file (`key = value` lines, records separated by blank lines). */
function readRecords(fixture: string): Array<Map<string, string>> {
  const text = readFileSync(path.join(fixturesDirectory, fixture), 'latin1');
  return text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((block) => {
      const pairs = block
        .split(/\r?\n/)
        .map((line) => /^([A-Za-z_]+) = (.*?)\s*$/.exec(line))
        .filter((match) => match !== null)
        .map((match): [string, string] => [match[1] ?? '', match[2] ?? '']);
      return new Map(pairs);
    })
    .filter((record) => record.size > 0);
}

/** NIST `Len`/`Msg`/`MD` records as messages (NIST writes `Msg = 00` for Len = 0). */
function readBitRecords(fixture: string): Array<{ message: Message; digestHex: string }> {
  return readRecords(fixture)
    .filter((record) => record.has('Len') && record.has('MD'))
    .map((record) => {
      const bits = Number(record.get('Len'));
      const bytes = Buffer.from(record.get('Msg') ?? '', 'hex').subarray(0, Math.ceil(bits / 8));
      return { message: { bits, bytes }, digestHex: record.get('MD') ?? '' };
    });
}

/** Seeded, reproducible message content: SHAKE128(seed) truncated to `messageBytes`. */
const seededBytes = (messageBytes: number): Buffer =>
  createHash('shake128', { outputLength: messageBytes }).update(`ngcc-perf examples ${messageBytes}`).digest();

/** Reverses the 8 bits of a byte (bit 7 ↔ bit 0). */
const reverseByteBits = (byte: number): number =>
  parseInt(byte.toString(2).padStart(8, '0').split('').reverse().join(''), 2);

/** Sets the unused low-order bits of a partial last byte, which CryptHash must ignore. */
function withDirtyPadding({ bits, bytes }: Message): Message {
  const partialBits = bits % 8;
  const copy = Buffer.from(bytes);
  if (partialBits !== 0) copy[copy.length - 1] = (copy.at(-1) ?? 0) | (0xff >> partialBits);
  return { bits, bytes: copy };
}

const MIB_BYTES = 1024 * 1024;
const byteLengths = [...Array.from({ length: 301 }, (_, index) => index), 4096, 65536, MIB_BYTES, MIB_BYTES + 111];
const byteMessages: Message[] = byteLengths.map((messageBytes) => ({
  bits: 8 * messageBytes,
  bytes: seededBytes(messageBytes),
}));

describe('byte-aligned messages of 0..300 bytes, 4 KiB, 64 KiB and ~1 MiB agree with node:crypto', () => {
  const cases: Array<[instance: string, digestBits: number, algorithm: string]> = [
    ['sm3', 256, 'sm3'],
    ['sha512', 512, 'sha512'],
    ['shake256_512', 512, 'shake256'],
    ['shake256_768', 768, 'shake256'],
    ['shake256_1024', 1024, 'shake256'],
  ];
  it.each(cases)('lib%s.so with %i digest bits', (instance, digestBits, algorithm) => {
    const expected = byteMessages.map((m) =>
      createHash(algorithm, { outputLength: digestBits / 8 })
        .update(m.bytes)
        .digest('hex'),
    );
    expect(digestsOf(library(instance), digestBits, byteMessages)).toEqual(labelled(byteMessages, expected));
  });
});

describe('SHA-512 against NIST CAVS 11.0 vectors', () => {
  it('matches all 1025 bit-oriented ShortMsg vectors (Len = 0..1024, MSB-first partial byte as CryptHash)', () => {
    const records = readBitRecords('nist-sha2-bit/SHA512ShortMsg.rsp');
    expect(records).toHaveLength(1025);
    const messages = records.map((r) => r.message);
    const expected = labelled(
      messages,
      records.map((r) => r.digestHex),
    );
    expect(digestsOf(library('sha512'), 512, messages)).toEqual(expected);
    // The low-order bits of a partial last byte are not message bits: setting them changes nothing.
    expect(digestsOf(library('sha512'), 512, messages.map(withDirtyPadding))).toEqual(expected);
  });

  it('matches all 129 byte-oriented ShortMsg vectors', () => {
    const records = readBitRecords('nist-sha2-byte/SHA512ShortMsg.rsp');
    expect(records).toHaveLength(129);
    const messages = records.map((r) => r.message);
    expect(digestsOf(library('sha512'), 512, messages)).toEqual(
      labelled(
        messages,
        records.map((r) => r.digestHex),
      ),
    );
  });
});

describe('SM3 against GB/T 32905 and published vectors', () => {
  it('matches the 6 OSCCA vectors (GB/T 32905 examples 1 and 2 among them) and the 8 OpenSSL evp SM3 vectors', () => {
    const oscca = readBitRecords('sm3/oscca.txt');
    const evp = readRecords('sm3/evpmd_sm3.txt')
      .filter((record) => record.get('Digest') === 'SM3')
      .map((record) => {
        const bytes = Buffer.from(record.get('Input') ?? '', 'hex');
        return { message: { bits: 8 * bytes.length, bytes }, digestHex: record.get('Output') ?? '' };
      });
    const records = [...oscca, ...evp];
    expect([oscca.length, evp.length]).toEqual([6, 8]);
    const messages = records.map((r) => r.message);
    expect(digestsOf(library('sm3'), 256, messages)).toEqual(
      labelled(
        messages,
        records.map((r) => r.digestHex),
      ),
    );
  });

  it('ignores the unused low-order bits of a partial last byte (1..1023-bit messages, clean vs dirty copies)', () => {
    const messages = Array.from({ length: 1023 }, (_, index) => ({ bits: index + 1, bytes: seededBytes(128) }));
    const clean = messages.map(({ bits, bytes }) => {
      const copy = Buffer.from(bytes.subarray(0, Math.ceil(bits / 8)));
      if (bits % 8 !== 0) copy[copy.length - 1] = (copy.at(-1) ?? 0) & (0xff << (8 - (bits % 8)));
      return { bits, bytes: copy };
    });
    expect(digestsOf(library('sm3'), 256, messages.map(withDirtyPadding))).toEqual(
      digestsOf(library('sm3'), 256, clean),
    );
  });
});

describe('the ICCS baseline pseudoXOF (KDF-SM3, GB/T 32918.4-2016 §5.4.3) from the SM3 example’s code', () => {
  const pseudoXof = path.join(examplesDirectory, 'baseline', 'libpseudoxof.so');
  const sm3 = (bytes: Buffer): Buffer => createHash('sm3').update(bytes).digest();
  const counter = (ct: number): Buffer => {
    const field = Buffer.alloc(4);
    field.writeUInt32BE(ct);
    return field;
  };
  /** SM3(M ‖ 1) ‖ SM3(M ‖ 2) ‖ … cut to `digestBits`, with node:crypto's SM3 (OpenSSL). */
  const kdf = (bytes: Buffer, digestBits: number): string =>
    Buffer.concat(
      Array.from({ length: Math.ceil(digestBits / 256) }, (_, i) => sm3(Buffer.concat([bytes, counter(i + 1)]))),
    )
      .subarray(0, digestBits / 8)
      .toString('hex')
      .toUpperCase();
  const lengths = [0, 1, 3, 55, 56, 59, 60, 63, 64, 119, 120, 1000, 65536];
  const messages = lengths.map((messageBytes) => ({ bits: 8 * messageBytes, bytes: seededBytes(messageBytes) }));

  it.each([256, 512, 768, 1024, 1536, 2048, 264])(
    '%i output bits: H1 ‖ H2 ‖ … with Hi = SM3(M ‖ be32(i))',
    (digestBits) => {
      expect(digestsOf(pseudoXof, digestBits, messages)).toEqual(
        labelled(
          messages,
          messages.map(({ bytes }) => kdf(bytes, digestBits)),
        ),
      );
    },
  );

  it('its first 256 bits are SM3(M ‖ 00000001) by the SM3 example itself, for bit-length messages too', () => {
    const bitMessages = [1, 7, 9, 440, 447, 448, 511, 513].map((bits) => ({ bits, bytes: seededBytes(80) }));
    const joined = bitMessages.map(({ bits, bytes }) => {
      // M ‖ ct as one bit string: the counter's 32 bits right after the message's last bit
      const value =
        ((BigInt(`0x${bytes.subarray(0, Math.ceil(bits / 8)).toString('hex') || '0'}`) >>
          BigInt((8 - (bits % 8)) % 8)) <<
          32n) |
        1n;
      const totalBits = bits + 32;
      const hex = (value << BigInt((8 - (totalBits % 8)) % 8)).toString(16).padStart(2 * Math.ceil(totalBits / 8), '0');
      return { bits: totalBits, bytes: Buffer.from(hex, 'hex') };
    });
    expect(digestsOf(pseudoXof, 256, bitMessages).map((line) => line.split(':')[1])).toEqual(
      digestsOf(library('sm3'), 256, joined).map((line) => line.split(':')[1]),
    );
  });

  it('the SM3 example (the baseline’s sm3hash) still gives GB/T 32905 example 1: SM3("abc")', () => {
    expect(digestsOf(library('sm3'), 256, [{ bits: 24, bytes: Buffer.from('abc') }])).toEqual([
      '24:66C7F0F462EEEDD9D1F2D46BDC10E4E24167C4875CF2F7A2297DA02B8F4BA8E0',
    ]);
  });
});

describe('SHAKE256 (XOF) against NIST CAVS 19.0 VariableOut', () => {
  it('matches the 249 records (one per Outputlen, 16..2000 bits) with DIGEST_BITS = Outputlen', () => {
    const records = readRecords('nist-shake/SHAKE256VariableOut.first-per-length.rsp').filter((r) =>
      r.has('Outputlen'),
    );
    expect(records).toHaveLength(249);
    const actual = records.map((record) => {
      const bytes = Buffer.from(record.get('Msg') ?? '', 'hex');
      const message = { bits: 8 * bytes.length, bytes };
      return digestsOf(library('shake256_1024'), Number(record.get('Outputlen')), [message])[0];
    });
    expect(actual).toEqual(records.map((record) => `256:${(record.get('Output') ?? '').toUpperCase()}`));
  });
});

describe('Keccak partial-byte bit order (the ICCS CryptHash API), via the test-only SHA3-512 built from shake256.c', () => {
  // NIST `Len = 8n + k`: the last byte holds the k bits in its low-order bits, first bit in bit 0.
  // CryptHash: the last byte holds them in its high-order bits, first bit in bit 7.
  // So the CryptHash byte is NIST's byte bit-reversed (bit i ↔ bit 7 − i); e.g. Len = 1, Msg = 01 → 80.
  it('matches all 577 NIST CAVS 19.0 SHA3-512 bit-oriented ShortMsg vectors (Len = 0..576)', () => {
    const records = readBitRecords('nist-sha3-bit/SHA3_512ShortMsg.rsp');
    expect(records).toHaveLength(577);
    const messages = records.map(({ message: { bits, bytes } }) => {
      const converted = Buffer.from(bytes);
      if (bits % 8 !== 0) converted[converted.length - 1] = reverseByteBits(converted.at(-1) ?? 0);
      return { bits, bytes: converted };
    });
    const expected = labelled(
      messages,
      records.map((r) => r.digestHex),
    );
    expect(digestsOf(sha3BitsLibrary, 512, messages)).toEqual(expected);
    expect(digestsOf(sha3BitsLibrary, 512, messages.map(withDirtyPadding))).toEqual(expected);
  });

  it('maps NIST Len = 1, Msg = 01 to the CryptHash byte 80 (hand check of the reversal)', () => {
    expect([0x01, 0x03, 0x02, 0x0c].map(reverseByteBits)).toEqual([0x80, 0xc0, 0x40, 0x30]);
  });
});

describe('digest lengths outside an instance are refused with a non-zero return (driver CRYPTOFAIL, exit 3)', () => {
  const cases: Array<[libraryFile: string, digestBits: number]> = [
    ['libsm3.so', 512],
    ['libsm3.so', 128],
    ['libsha512.so', 256],
    ['test-only/libsha3_512_bits.so', 256],
  ];
  it.each(cases)('%s with %i digest bits', (libraryFile, digestBits) => {
    const run = runDriverHash(path.join(examplesDirectory, libraryFile), digestBits, [
      { bits: 24, bytes: Buffer.from('abc') },
    ]);
    expect(run.status).toBe(3);
    expect(run.lines.at(-1)).toMatchObject({ v: 1, type: 'error', code: 'CRYPTOFAIL', returnCode: 1, messageBits: 24 });
  });
});
