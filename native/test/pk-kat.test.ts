// `ngcc-perf-driver pk-kat` (PROTOCOL.md) on the toy public-key instances of native/testlibs: the
// record text of KAT_KEM.c / KAT_SIG.c / KAT_KEX.c (seeds from "seed"×16, drng_algorithm
// re-initialised per record, the message schedule, pass records), the ICCS support the driver lends
// (DRNG, sm3hash, pseudohash, pseudoXOF, recomputed here on node:crypto's SM3), an instance's own
// definitions winning over it, and every fault class as a verdict.
import { describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { ReferenceDrbg } from './reference-drbg.js';
import { lib, parseLines, type Line } from './sandbox-support.js';

const driverPath = process.env.NGCC_PERF_DRIVER ?? '';

interface Run {
  status: number | null;
  signal: NodeJS.Signals | null;
  lines: Line[];
  stderr: string;
}

function pkKat(args: string[]): Run {
  const result = spawnSync(driverPath, ['pk-kat', ...args], { maxBuffer: 64 << 20, timeout: 60000 });
  return {
    status: result.status,
    signal: result.signal,
    lines: parseLines(result.stdout.toString('utf8')),
    stderr: result.stderr.toString('utf8'),
  };
}

const records = (run: Run): Line[] => run.lines.filter((line) => line.type === 'pk-kat-record');
const lineOf = (run: Run, type: string): Line => run.lines.find((line) => line.type === type) as Line;
const text = (run: Run): string =>
  records(run)
    .map((record) => record.text as string)
    .join('');
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex').toUpperCase();
const sm3 = (...parts: Uint8Array[]): Buffer =>
  parts.reduce((hash, part) => hash.update(part), createHash('sm3')).digest();

/** The record's `Key = value` lines as a map (the first of each key). */
function fields(record: Line): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of (record.text as string).split('\n')) {
    const at = line.indexOf(' = ');
    if (at > 0 && !map.has(line.slice(0, at))) map.set(line.slice(0, at), line.slice(at + 3));
  }
  return map;
}

/** The 10 record seeds of the official programs: 512-bit draws of the DRNG seeded with "seed"×16. */
function recordSeeds(): Buffer[] {
  const drbg = new ReferenceDrbg(Buffer.from('seed'.repeat(16), 'latin1'));
  return Array.from({ length: 10 }, () => drbg.generate(512));
}

/** r of the toy KEM (pk_toy_kem.c): the first 32 ciphertext bytes XOR the public key. */
function toyKemR(record: Line): Buffer {
  const f = fields(record);
  const pk = Buffer.from(f.get('PK') ?? '', 'hex');
  const ct = Buffer.from(f.get('CT') ?? '', 'hex');
  return Buffer.from(pk.map((byte, i) => byte ^ (ct[i] as number)));
}

// The placeholder primitives from their definitions (the ICCS public-key APIs), byte-aligned inputs only.
const KEY = Buffer.concat([sm3(Buffer.from('3.14159265358979')), sm3(Buffer.from('2.71828182845904'))]);
const hmac = (data: Uint8Array): Buffer => createHmac('sm3', KEY).update(data).digest();
function pseudohash(bits: 512 | 768 | 1024, message: Buffer): Buffer {
  const tag = Buffer.of(bits / 256, 0);
  const h1 = sm3(message, tag);
  const h2 = sm3(hmac(Buffer.concat([tag, message])), h1);
  if (bits === 512) return Buffer.concat([h1, h2]);
  const h3 = sm3(h2, hmac(h1));
  if (bits === 768) return Buffer.concat([h1, h2, h3]);
  return Buffer.concat([h1, h2, h3, sm3(hmac(h2), h3, hmac(h3))]);
}
function pseudoXof(bytes: number, message: Buffer): Buffer {
  const blocks: Buffer[] = [];
  for (let ct = 1; blocks.length * 32 < bytes; ct++) blocks.push(sm3(message, Buffer.of(0, 0, 0, ct)));
  return Buffer.concat(blocks).subarray(0, bytes);
}

describe('pk-kat on the toy KEM: KAT_KEM records byte for byte', () => {
  const run = pkKat([lib('pk_toy_kem'), 'Toy_KEM-1']);

  test('meta names the category, file, getters and the ICCS symbols the driver lent', () => {
    expect(run.status).toBe(0);
    expect(lineOf(run, 'pk-kat-meta')).toMatchObject({
      category: 'kem',
      file: 'KAT_KEM_Toy_KEM-1.txt',
      records: 10,
      blankLengths: false,
      getters: {
        kem_get_pk_len_bytes: 32,
        kem_get_sk_len_bytes: 64,
        kem_get_ss_len_bytes: 24,
        kem_get_ct_len_bytes: 40,
      },
      iccs: { drng_algorithm: 'driver', init_random_number: 'driver', get_random_number: 'driver', sm3hash: 'driver' },
    });
    expect(lineOf(run, 'end')).toMatchObject({ count: 10, calls: 34, checkFailures: 0 });
  });

  test('each record: its seed, drng_algorithm re-initialised with it, the fields in order, SS = sm3hash(r)', () => {
    const seeds = recordSeeds();
    expect(records(run)).toHaveLength(10);
    for (const [i, record] of records(run).entries()) {
      const seed = seeds[i] as Buffer;
      const s = new ReferenceDrbg(seed).generate(256);
      const pk = Buffer.from(s.map((byte) => byte ^ 0xa5));
      const lines = (record.text as string).split('\n');
      expect(lines.map((line) => line.split(' = ')[0])).toEqual([
        'Count',
        'Seed_Len',
        'Seed',
        'PK_Len',
        'PK',
        'SK_Len',
        'SK',
        'CT_Len',
        'CT',
        'SS_Len',
        'SS',
        '',
        '',
      ]);
      expect(lines.slice(0, 4)).toEqual([`Count = ${i}`, 'Seed_Len = 64', `Seed = ${hex(seed)}`, 'PK_Len = 32']);
      expect(lines[4]).toBe(`PK = ${hex(pk)}`);
      expect(fields(record).get('SS')).toBe(hex(sm3(toyKemR(record)).subarray(0, 24)));
      expect(record.checks).toEqual([
        { name: 'decapsulation', ok: true },
        { name: 'decapsulation-length', ok: true },
      ]);
    }
  });

  test('--blank-lengths empties the *_Len values the official fprintlen prints, not Seed_Len', () => {
    const blank = pkKat([lib('pk_toy_kem'), 'Toy_KEM-1', '--blank-lengths']);
    expect(blank.status).toBe(0);
    const lines = text(blank).split('\n');
    expect(lines).toContain('Seed_Len = 64');
    expect(lines).toContain('PK_Len = ');
    expect(lines.filter((line) => /^(PK|SK|CT|SS)_Len = \d/.test(line))).toEqual([]);
    expect(text(blank).replace(/^(PK|SK|CT|SS)_Len = \n/gm, '')).toBe(
      text(run).replace(/^(PK|SK|CT|SS)_Len = \d+\n/gm, ''),
    );
  });
});

describe('pk-kat: pseudohash and pseudoXOF lent by the driver', () => {
  test.each([
    ['pk_toy_kem_pseudohash512', (r: Buffer) => pseudohash(512, r)],
    ['pk_toy_kem_pseudohash768', (r: Buffer) => pseudohash(768, r)],
    ['pk_toy_kem_pseudohash1024', (r: Buffer) => pseudohash(1024, r)],
    ['pk_toy_kem_pseudoxof', (r: Buffer) => pseudoXof(100, r)],
  ])('%s: every SS equals the definition recomputed here', (name, secret) => {
    const run = pkKat([lib(name), 'Toy']);
    expect(run.status).toBe(0);
    const wrong = records(run).filter((record) => fields(record).get('SS') !== hex(secret(toyKemR(record))));
    expect(records(run)).toHaveLength(10);
    expect(wrong).toEqual([]);
  });
});

describe('pk-kat on the toy signature: the KAT_SIG message schedule', () => {
  const run = pkKat([lib('pk_toy_sig'), 'Toy_SIG']);

  test('M from the DRNG seeded with "msg"×21 + "m", 56 bytes then 8 more per record; Sn shorter than its getter', () => {
    expect(run.status).toBe(0);
    expect(lineOf(run, 'pk-kat-meta')).toMatchObject({ category: 'sig', file: 'KAT_SIG_Toy_SIG.txt' });
    const messages = new ReferenceDrbg(Buffer.from(`${'msg'.repeat(21)}m`, 'latin1'));
    for (const [i, record] of records(run).entries()) {
      const f = fields(record);
      const length = 56 + 8 * i;
      expect([...f.keys()]).toEqual([
        'Count',
        'Seed_Len',
        'Seed',
        'PK_Len',
        'PK',
        'SK_Len',
        'SK',
        'M_Len',
        'M',
        'Sn_Len',
        'Sn',
      ]);
      expect(f.get('M_Len')).toBe(String(length));
      expect(f.get('M')).toBe(hex(messages.generate(8 * length)));
      expect(f.get('Sn_Len')).toBe('32');
      expect(record.checks).toEqual([
        { name: 'verify', ok: true },
        { name: 'verify-changed-message', ok: true },
      ]);
    }
  });

  test('--blank-lengths keeps M_Len (KAT_SIG.c prints it with %d)', () => {
    const blank = pkKat([lib('pk_toy_sig'), 'Toy_SIG', '--blank-lengths']);
    expect(text(blank).split('\n')).toEqual(expect.arrayContaining(['M_Len = 56', 'Sn_Len = ', 'PK_Len = ']));
  });
});

describe('pk-kat on the toy key exchanges: pass records', () => {
  test.each([
    [2, ['Pass1_Sta_Len', 'Pass1_Sta', 'M1_Len', 'M1', 'Pass2_Stb_Len', 'Pass2_Stb', 'M2_Len', 'M2']],
    [
      3,
      [
        'Pass1_Sta_Len',
        'Pass1_Sta',
        'M1_Len',
        'M1',
        'Pass2_Stb_Len',
        'Pass2_Stb',
        'M2_Len',
        'M2',
        'Pass3_Sta_Len',
        'Pass3_Sta',
        'M3_Len',
        'M3',
      ],
    ],
  ])('%i passes: the fields in order, both sides agree', (passes, passKeys) => {
    const run = pkKat([lib(`pk_toy_kex${passes}`), `Toy_KEX${passes}`]);
    expect(run.status).toBe(0);
    expect(lineOf(run, 'pk-kat-meta')).toMatchObject({ category: 'kex', getters: { kex_get_passes_num: passes } });
    for (const record of records(run)) {
      const keys = (record.text as string)
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(' = ')[0]);
      expect(keys).toEqual([
        'Count',
        'Seed_Len',
        'Seed',
        'Pass_Num',
        'PKa_Len',
        'PKa',
        'SKa_Len',
        'SKa',
        'Init_Sta_Len',
        'Init_Sta',
        'PKb_Len',
        'PKb',
        'SKb_Len',
        'SKb',
        'Init_Stb_Len',
        'Init_Stb',
        ...passKeys,
        'SS_Len',
        'SS',
      ]);
      expect(fields(record).get('Pass_Num')).toBe(String(passes));
      expect(record.checks).toEqual([
        { name: 'finishing-pass', ok: true },
        { name: 'agreement', ok: true },
      ]);
    }
  });
});

describe("pk-kat: the instance's own ICCS definitions win over the driver's", () => {
  const plain = pkKat([lib('pk_toy_kem'), 'Toy']);

  test('its own drng_algorithm is the one re-initialised per record (same records)', () => {
    const run = pkKat([lib('pk_toy_kem_own_drng_object'), 'Toy']);
    expect(run.status).toBe(0);
    expect(lineOf(run, 'pk-kat-meta').iccs).toMatchObject({ drng_algorithm: 'instance', get_random_number: 'driver' });
    expect(text(run)).toBe(text(plain));
  });

  test('its own init/get_random_number draw every seed, as in a static link with its own drng.c', () => {
    const run = pkKat([lib('pk_toy_kem_own_drng'), 'Toy']);
    expect(run.status).toBe(0);
    expect(lineOf(run, 'pk-kat-meta').iccs).toMatchObject({
      init_random_number: 'instance',
      get_random_number: 'instance',
    });
    // The toy counter seeded with "seed…" gives 0x73 ('s'), 0x74, … in its first draw.
    const first = Buffer.from(Array.from({ length: 64 }, (_, i) => (0x73 + i) & 0xff));
    expect(fields(records(run)[0] as Line).get('Seed')).toBe(hex(first));
  });

  test('its own sm3hash is the one its code calls', () => {
    const run = pkKat([lib('pk_toy_kem_own_sm3hash'), 'Toy']);
    expect(lineOf(run, 'pk-kat-meta').iccs).toMatchObject({ sm3hash: 'instance' });
    expect(records(run).map((record) => fields(record).get('SS'))).toEqual(Array(10).fill('5A'.repeat(24)));
  });
});

describe('pk-kat: a misbehaving instance is a verdict', () => {
  test('an output longer than its getter: OVERFLOW on the guard after ct', () => {
    const run = pkKat([lib('pk_toy_kem_write_long'), 'Toy']);
    expect(run.status).toBe(4);
    expect(lineOf(run, 'error')).toMatchObject({
      code: 'OVERFLOW',
      buffer: 'ct',
      side: 'after',
      guardOffset: 0,
      function: 'kem_enc',
      index: 0,
    });
    expect(lineOf(run, 'error').partialText).toMatch(/^Count = 0\nSeed_Len = 64\n.*SK = [0-9A-F]+\n$/s);
  });

  test('a length longer than its getter: OVERFLOW with reason length', () => {
    const run = pkKat([lib('pk_toy_kem_claim_long'), 'Toy']);
    expect(run.status).toBe(4);
    expect(lineOf(run, 'error')).toMatchObject({
      code: 'OVERFLOW',
      buffer: 'ct',
      reason: 'length',
      lengthBytes: 48,
      capacityBytes: 40,
      function: 'kem_enc',
    });
  });

  test('a decapsulation giving a wrong secret: CHECKFAIL naming record and check, every record still written', () => {
    const run = pkKat([lib('pk_toy_kem_wrong_secret'), 'Toy']);
    expect(run.status).toBe(11);
    expect(records(run)).toHaveLength(10);
    expect((records(run)[3] as Line).checks).toContainEqual({
      name: 'decapsulation',
      ok: false,
      failure: 'the SS kem_dec gave differs from the SS kem_enc gave',
    });
    expect(lineOf(run, 'error')).toMatchObject({ code: 'CHECKFAIL', index: 0, failures: 10 });
    expect(run.stderr).toMatch(/first on record 0 \(decapsulation:/);
  });

  test('a verifier that accepts anything: CHECKFAIL verify-changed-message', () => {
    const run = pkKat([lib('pk_toy_sig_accept_all'), 'Toy']);
    expect(run.status).toBe(11);
    expect((records(run)[0] as Line).checks).toEqual([
      { name: 'verify', ok: true },
      expect.objectContaining({ name: 'verify-changed-message', ok: false }),
    ]);
  });

  test('a sign that fails sometimes: CRYPTOFAIL naming sig_sign and the record, earlier records kept', () => {
    const run = pkKat([lib('pk_toy_sig_sign_fails'), 'Toy']);
    expect(run.status).toBe(3);
    const error = lineOf(run, 'error');
    expect(error).toMatchObject({ code: 'CRYPTOFAIL', returnCode: -1, function: 'sig_sign' });
    expect(records(run)).toHaveLength(error.index as number);
    expect(error.partialText).toMatch(new RegExp(`^Count = ${String(error.index)}\\n.*\\nM = [0-9A-F]+\\n$`, 's'));
  });

  test('two sides that disagree, and a pass finishing before Pass_Num: CHECKFAIL', () => {
    const disagree = pkKat([lib('pk_toy_kex2_disagree'), 'Toy']);
    expect(disagree.status).toBe(11);
    expect(disagree.stderr).toMatch(/\(agreement: the initiator's and the responder's shared secrets differ\)/);
    const early = pkKat([lib('pk_toy_kex3_early_finish'), 'Toy']);
    expect(early.status).toBe(11);
    expect((records(early)[0] as Line).checks).toContainEqual({
      name: 'finishing-pass',
      ok: false,
      failure: 'pass 1 returned 1 (finished) but Pass_Num is 3',
    });
  });

  test('a crash in kem_dec: death by SIGSEGV after the finished records, the sentence names call and record', () => {
    const run = pkKat([lib('pk_toy_kem_segv_dec'), 'Toy']);
    expect(run.signal).toBe('SIGSEGV');
    expect(records(run).map((record) => record.index)).toEqual([0, 1]);
    expect(run.stderr).toMatch(/crashed with signal 11 \(SIGSEGV\) in kem_dec on record 2/);
  });
});

describe('pk-kat: getters asking for impossible buffers', () => {
  test('IO with stage getters and their figures, before any record', () => {
    const run = pkKat([lib('pk_toy_kem_huge_getter'), 'Toy']);
    expect(run.status).toBe(8);
    expect(records(run)).toEqual([]);
    expect(lineOf(run, 'error')).toMatchObject({
      code: 'IO',
      stage: 'getters',
      getters: { kem_get_ct_len_bytes: 2 ** 62 },
    });
  });
});

describe('pk-kat: bad input', () => {
  test('an instance name the official programs refuse: USAGE', () => {
    const run = pkKat([lib('pk_toy_kem'), 'bad name']);
    expect(run.status).toBe(2);
    expect(lineOf(run, 'error')).toMatchObject({ code: 'USAGE', subcommand: 'pk-kat' });
  });

  test('a library without the public-key API, or of another category than asked: LOADFAIL', () => {
    const none = pkKat([lib('xor_ok'), 'Toy']);
    expect(none.status).toBe(5);
    expect(lineOf(none, 'error')).toMatchObject({ code: 'LOADFAIL', stage: 'dlsym' });
    const other = pkKat([lib('pk_toy_kem'), 'Toy', '--category', 'sig']);
    expect(other.status).toBe(5);
    expect(lineOf(other, 'error').message).toMatch(/defines no sig API function/);
  });
});

describe('what the calls wrote (report item (6))', () => {
  test('the end line gives the shortest and longest length each output got, beside the getters of the meta line', () => {
    const sig = pkKat([lib('pk_toy_sig'), 'Toy_SIG-1']);
    expect(lineOf(sig, 'pk-kat-meta').getters).toMatchObject({ sig_get_sn_len_bytes: 40 });
    // The toy's signatures are 32 bytes, shorter than the 40 its getter allows.
    expect(lineOf(sig, 'end').written).toMatchObject({
      pk: { min: 32, max: 32 },
      sk: { min: 32, max: 32 },
      sn: { min: 32, max: 32 },
    });
    const kex = pkKat([lib('pk_toy_kex3'), 'Toy_KEX-3']);
    expect(lineOf(kex, 'end').written).toMatchObject({
      m1: { min: 16, max: 16 },
      m2: { min: 16, max: 16 },
      m3: { min: 8, max: 8 },
      messages: { min: 40, max: 40 },
      bandwidth: { min: 72, max: 72 },
      ssa: { min: 32, max: 32 },
    });
  });
});

describe('key exchanges of more than three passes', () => {
  test('go on as the official program asks (pass 4 by the responder: Pass4_Stb, M4), finish at Pass_Num and agree', () => {
    const run = pkKat([lib('pk_toy_kex4'), 'Toy_KEX-4']);
    expect(run.status).toBe(0);
    const first = records(run)[0] as Line;
    const keys = (first.text as string).split('\n').map((line) => line.split(' = ')[0]);
    expect(keys.slice(keys.indexOf('M3_Len'))).toEqual([
      'M3_Len',
      'M3',
      'Pass4_Stb_Len',
      'Pass4_Stb',
      'M4_Len',
      'M4',
      'SS_Len',
      'SS',
      '',
      '',
    ]);
    expect(first.checks).toEqual([
      { name: 'finishing-pass', ok: true },
      { name: 'agreement', ok: true },
    ]);
    expect(lineOf(run, 'end').written).toMatchObject({ m4: { min: 8, max: 8 }, messages: { min: 48, max: 48 } });
  });
});
