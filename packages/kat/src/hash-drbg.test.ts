import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { HashDrbg, type DrbgHashFunction } from './hash-drbg.js';
import { KatError } from './kat-error.js';

const fixture = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'test',
  'fixtures',
  'nist-drbg',
  'Hash_DRBG_SHA-256.rsp',
);

const SHA256: DrbgHashFunction = {
  outlenBits: 256,
  seedlenBits: 440,
  digest: (data) => createHash('sha256').update(data).digest(),
};

interface CavpRecord {
  group: string;
  count: number;
  entropy: string;
  nonce: string;
  personalization: string;
  additional: string[];
  returnedBits: string;
  returnedBitsLen: number;
}

/** Reads the CAVP DRBGVS response file: bracketed group headers, then COUNT records. */
function readCavp(text: string): CavpRecord[] {
  const records: CavpRecord[] = [];
  let group: string[] = [];
  let groups = 0;
  let returnedBitsLen = 0;
  let current: CavpRecord | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const header = /^\[(.*)\]$/.exec(line);
    if (header !== null) {
      if (current !== null || group.length >= 7) group = [];
      if (group.length === 0) groups += 1;
      current = null;
      group.push(header[1] as string);
      const len = /^ReturnedBitsLen = (\d+)$/.exec(header[1] as string);
      if (len !== null) returnedBitsLen = Number(len[1]);
      continue;
    }
    const field = /^(\w+) = ?(.*)$/.exec(line);
    if (field === null) continue;
    const [, key, value] = field as unknown as [string, string, string];
    if (key === 'COUNT') {
      current = {
        group: `group ${groups}: ${group.join(' ')}`,
        count: Number(value),
        entropy: '',
        nonce: '',
        personalization: '',
        additional: [],
        returnedBits: '',
        returnedBitsLen,
      };
      records.push(current);
    } else if (current !== null) {
      if (key === 'EntropyInput') current.entropy = value;
      else if (key === 'Nonce') current.nonce = value;
      else if (key === 'PersonalizationString') current.personalization = value;
      else if (key === 'AdditionalInput') current.additional.push(value);
      else if (key === 'ReturnedBits') current.returnedBits = value;
    }
  }
  return records;
}

const hex = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'hex'));

describe('HashDrbg on the NIST CAVP Hash_DRBG SHA-256 vectors (no reseed, no prediction resistance)', () => {
  const records = readCavp(readFileSync(fixture, 'utf8'));

  it('the fixture holds 240 records in 16 groups, 120 of them with additional input', () => {
    expect(records).toHaveLength(240);
    expect(new Set(records.map((record) => record.group)).size).toBe(16);
    expect(records.filter((record) => record.additional.some((value) => value.length > 0))).toHaveLength(120);
    expect(records.filter((record) => record.personalization.length > 0)).toHaveLength(120);
    expect(records.every((record) => record.additional.length === 2 && record.returnedBitsLen === 1024)).toBe(true);
  });

  it('instantiate, generate twice, second output = ReturnedBits, for all 240', () => {
    const failures: string[] = [];
    for (const record of records) {
      const drbg = new HashDrbg(SHA256);
      drbg.instantiate(hex(record.entropy), hex(record.nonce), hex(record.personalization));
      drbg.generate(record.returnedBitsLen, hex(record.additional[0] ?? ''));
      const returned = drbg.generate(record.returnedBitsLen, hex(record.additional[1] ?? ''));
      if (Buffer.from(returned).toString('hex') !== record.returnedBits)
        failures.push(`${record.group} COUNT = ${record.count}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('HashDrbg mechanics', () => {
  const drbgFor = (): HashDrbg => {
    const drbg = new HashDrbg(SHA256);
    drbg.instantiate(hex('00'.repeat(32)), hex('11'.repeat(16)));
    return drbg;
  };

  it('counts generate calls in reseedCounter (1 after instantiate)', () => {
    const drbg = new HashDrbg(SHA256);
    expect(drbg.reseedCounter).toBe(0);
    drbg.instantiate(new Uint8Array(32));
    expect(drbg.reseedCounter).toBe(1);
    drbg.generate(8);
    drbg.generate(0);
    expect(drbg.reseedCounter).toBe(3);
  });

  it('returns ceil(bits/8) bytes, the first bits of the full output, low bits of a partial byte cleared', () => {
    const full = drbgFor().generate(1024);
    for (const bits of [1, 7, 8, 9, 255, 256, 257, 1023]) {
      const part = drbgFor().generate(bits);
      expect(part.length).toBe(Math.ceil(bits / 8));
      const expected = full.slice(0, part.length);
      if (bits % 8 !== 0)
        expected[part.length - 1] = (expected[part.length - 1] as number) & (0xff << (8 - (bits % 8)));
      expect(Buffer.from(part).toString('hex')).toBe(Buffer.from(expected).toString('hex'));
    }
  });

  it('generateInto writes only ceil(bits/8) bytes and matches generate', () => {
    const out = new Uint8Array(8).fill(0xee);
    drbgFor().generateInto(out, 12);
    const same = drbgFor().generate(12);
    expect([...out.slice(0, 2)]).toEqual([...same]);
    expect([...out.slice(2)]).toEqual([0xee, 0xee, 0xee, 0xee, 0xee, 0xee]);
  });

  it('a 0-bit request returns nothing but advances the state', () => {
    const a = drbgFor();
    const before = a.exportState();
    expect(a.generate(0)).toHaveLength(0);
    expect(Buffer.from(a.exportState().v).equals(Buffer.from(before.v))).toBe(false);
    expect(Buffer.from(a.exportState().c).equals(Buffer.from(before.c))).toBe(true);
  });

  it('rejects misuse with INVALID_ARGUMENT', () => {
    expect(() => new HashDrbg({ ...SHA256, seedlenBits: 441 })).toThrow(KatError);
    expect(() => new HashDrbg(SHA256).generate(8)).toThrow(/instantiate/);
    expect(() => drbgFor().generate(-1)).toThrow(/non-negative integer/);
    expect(() => drbgFor().generateInto(new Uint8Array(1), 9)).toThrow(/need 2 bytes/);
  });
});
