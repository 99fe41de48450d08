// `ngcc-perf-driver kat` (PROTOCOL.md) against the bundled SM3 instance and the test-only
// libraries: the driver's C SM3 Hash_DRBG is checked against a Hash_DRBG written out here from
// SP 800-90A §10.1.1 on node:crypto's SM3 (BigInt arithmetic: a third, independent version),
// every verdict exit code is produced by a purpose-built faulty library, and KAT_2_33/KAT_Loop
// run with the test-only sizes so the suite stays fast.
import { describe, expect, test } from '@jest/globals';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { ReferenceDrbg } from './reference-drbg.js';
import { buildDir, lib, toyHash } from './sandbox-support.js';

const driverPath = process.env.NGCC_PERF_DRIVER ?? '';
const LIBSM3 = path.join(buildDir, 'examples', 'libsm3.so');

type Line = { v: number; type: string } & Record<string, unknown>;
interface Run {
  status: number | null;
  signal: NodeJS.Signals | null;
  lines: Line[];
  stderr: string;
}

function kat(args: string[]): Run {
  const result = spawnSync(driverPath, ['kat', ...args], { maxBuffer: 256 << 20, timeout: 60000 });
  const lines = result.stdout
    .toString('utf8')
    .split('\n')
    .filter((text) => text.length > 0)
    .map((text) => JSON.parse(text) as Line);
  return { status: result.status, signal: result.signal, lines, stderr: result.stderr.toString('utf8') };
}

const records = (run: Run): Line[] => run.lines.filter((line) => line.type === 'kat-record');
const lineOf = (run: Run, type: string): Line => run.lines.find((line) => line.type === type) as Line;
const sm3 = (...parts: Uint8Array[]): Buffer =>
  parts.reduce((hash, part) => hash.update(part), createHash('sm3')).digest();
const upper = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex').toUpperCase();

const seedOf = (file: string): Buffer => Buffer.from(file.repeat(8), 'latin1');

describe('kat KAT_2_12: the C DRNG and every record', () => {
  const run = kat([lib('xor_ok'), '128', 'KAT_2_12']);

  test('kat-meta, 4097 records whose messages equal the reference Hash_DRBG, end line', () => {
    expect(run.status).toBe(0);
    expect(lineOf(run, 'kat-meta')).toMatchObject({
      file: 'KAT_2_12',
      digestBits: 128,
      seedHex: upper(seedOf('KAT_2_12')),
      records: 4097,
      messageBits: 4096,
      repeat: 'all',
      testSizes: false,
      maxMemoryBytes: 2 ** 31,
    });
    const drbg = new ReferenceDrbg(seedOf('KAT_2_12'));
    const wrong: number[] = [];
    for (const [bits, record] of records(run).entries()) {
      const message = drbg.generate(bits);
      if (
        record.index !== bits ||
        record.bits !== bits ||
        record.msgHex !== upper(message) ||
        record.dstHex !== toyHash(message, bits, 128)
      )
        wrong.push(bits);
    }
    expect(records(run)).toHaveLength(4097);
    expect(wrong).toEqual([]);
    // Every message is hashed twice (the nondeterminism check): 2 × 4097 calls.
    expect(lineOf(run, 'end')).toMatchObject({ count: 4097, cryptHashCalls: 8194 });
    expect(lineOf(run, 'end').cryptHashSeconds).toBeGreaterThan(0);
  });
});

describe('kat KAT_2_23, KAT_2_33 and KAT_Loop with libsm3 (digests by node:crypto)', () => {
  test('KAT_2_23: zero, 0xFF and DRNG messages of 2^23 bits; head, tail and SM3 digest of each', () => {
    const run = kat([LIBSM3, '256', 'KAT_2_23']);
    expect(run.status).toBe(0);
    const drbg = new ReferenceDrbg(seedOf('KAT_2_23'));
    const messages = [Buffer.alloc(1 << 20), Buffer.alloc(1 << 20, 0xff), drbg.generate(2 ** 23)];
    expect(records(run)).toEqual(
      messages.map((message, index) => ({
        v: 1,
        type: 'kat-record',
        index,
        bits: 2 ** 23,
        seeded: index === 2,
        headHex: upper(message.subarray(0, 8)),
        tailHex: upper(message.subarray(-8)),
        dstHex: upper(sm3(message)),
        generateSeconds: expect.any(Number),
      })),
    );
    expect(records(run)[2]?.headHex).toBe('B6E2C825BE0E7D79');
    expect(lineOf(run, 'end')).toMatchObject({ count: 3, cryptHashCalls: 6 });
  });

  test('KAT_2_33 with --test-message-bits 8200: the same machinery on 1025-byte messages, no repeat', () => {
    const run = kat([LIBSM3, '256', 'KAT_2_33', '--test-message-bits', '8200']);
    expect(run.status).toBe(0);
    expect(lineOf(run, 'kat-meta')).toMatchObject({
      file: 'KAT_2_33',
      messageBits: 8200,
      repeat: 'none',
      testSizes: true,
      seedHex: upper(seedOf('KAT_2_33')),
    });
    const random = new ReferenceDrbg(seedOf('KAT_2_33')).generate(8200);
    expect(records(run)[2]).toMatchObject({
      headHex: upper(random.subarray(0, 8)),
      tailHex: upper(random.subarray(-8)),
      dstHex: upper(sm3(random)),
    });
    expect(lineOf(run, 'end')).toMatchObject({ count: 3, cryptHashCalls: 3 });
  });

  test('KAT_2_33 defaults: 2^33-bit messages and a 4 GiB address-space limit (meta only: run with --test-message-bits)', () => {
    const run = kat([lib('xor_ok'), '256', 'KAT_2_33', '--test-message-bits', '64']);
    expect(lineOf(run, 'kat-meta')).toMatchObject({ messageBits: 64, maxMemoryBytes: 2 ** 31 + 16 });
    expect(kat([lib('no_symbol'), '256', 'KAT_2_33']).lines[0]).toMatchObject({ type: 'error', code: 'LOADFAIL' });
  });

  test('KAT_Loop with --test-iterations 3: rotate left by d/8 bytes, XOR the digest in, hash (SPEC §4)', () => {
    const run = kat([LIBSM3, '256', 'KAT_Loop', '--test-iterations', '3']);
    expect(run.status).toBe(0);
    const m = new ReferenceDrbg(seedOf('KAT_Loop')).generate(8192);
    const initial = upper(m);
    let dig = sm3(m);
    let msg = Buffer.from(m);
    for (let i = 0; i < 3; i += 1) {
      msg = Buffer.concat([msg.subarray(32), msg.subarray(0, 32)]);
      for (let j = 0; j < 32; j += 1) msg[j] = (msg[j] as number) ^ (dig[j] as number);
      dig = sm3(msg);
    }
    expect(records(run)).toEqual([
      { v: 1, type: 'kat-record', index: 0, bits: 8192, msgHex: initial, iterations: 3, dstHex: upper(dig) },
    ]);
    // Steps 0 … 3, the first and the last hashed twice.
    expect(lineOf(run, 'end')).toMatchObject({ count: 1, cryptHashCalls: 6 });
  });
});

describe('kat verdicts from purpose-built faulty libraries', () => {
  test('libnondeterministic: exit 9 NONDETERMINISTIC on record 2 with both digests', () => {
    const run = kat([lib('nondeterministic'), '128', 'KAT_2_12']);
    expect(run.status).toBe(9);
    const error = lineOf(run, 'error');
    expect(error).toMatchObject({
      code: 'NONDETERMINISTIC',
      file: 'KAT_2_12',
      index: 2,
      messageBits: 2,
      digestBits: 128,
    });
    // Call 5 flipped bit 0 of digest[0]; call 6 did not.
    expect(
      Number.parseInt(String(error.firstHex).slice(0, 2), 16) ^
        Number.parseInt(String(error.secondHex).slice(0, 2), 16),
    ).toBe(1);
    expect(records(run)).toHaveLength(2);
    expect(run.stderr).toMatch(/not deterministic: two calls on the same 2-bit message \(record 2 of KAT_2_12\)/);
  });

  test('--repeat none lets the nondeterministic library through (the check is what catches it)', () => {
    expect(kat([lib('nondeterministic'), '128', 'KAT_2_12', '--repeat', 'none']).status).toBe(0);
  });

  test('libret_fail: exit 3 CRYPTOFAIL with the message length (101 bits)', () => {
    const run = kat([lib('ret_fail'), '256', 'KAT_2_12']);
    expect(run.status).toBe(3);
    expect(lineOf(run, 'error')).toMatchObject({ code: 'CRYPTOFAIL', returnCode: -1, index: 101, messageBits: 101 });
  });

  test('liboverflow: exit 4 OVERFLOW, digest guard after the buffer', () => {
    const run = kat([lib('overflow'), '256', 'KAT_2_12']);
    expect(run.status).toBe(4);
    expect(lineOf(run, 'error')).toMatchObject({
      code: 'OVERFLOW',
      buffer: 'digest',
      side: 'after',
      guardOffset: 0,
      index: 0,
    });
  });

  test('libmsg_write: exit 4 OVERFLOW, message-content (KAT_2_23) or the message guard (L = 0)', () => {
    expect(lineOf(kat([lib('msg_write'), '256', 'KAT_2_12']), 'error')).toMatchObject({
      code: 'OVERFLOW',
      buffer: 'message',
      index: 0,
    });
    const large = kat([lib('msg_write'), '256', 'KAT_2_23']);
    expect(large.status).toBe(4);
    expect(lineOf(large, 'error')).toMatchObject({
      code: 'OVERFLOW',
      buffer: 'message-content',
      offset: 0,
      index: 0,
      messageBits: 2 ** 23,
    });
    expect(lineOf(kat([lib('msg_write'), '256', 'KAT_Loop', '--test-iterations', '2']), 'error')).toMatchObject({
      buffer: 'message-content',
      iteration: 0,
    });
  });

  test('libno_symbol: exit 5 LOADFAIL at dlsym', () => {
    const run = kat([lib('no_symbol'), '256', 'KAT_2_12']);
    expect(run.status).toBe(5);
    expect(lineOf(run, 'error')).toMatchObject({ code: 'LOADFAIL', stage: 'dlsym' });
  });

  test('libsegv_late: death by SIGSEGV after 101 records, which are kept', () => {
    const run = kat([lib('segv_late'), '256', 'KAT_2_12']);
    expect(run.signal).toBe('SIGSEGV');
    expect(records(run)).toHaveLength(101);
    expect(run.stderr).toContain('in CryptHash on KAT_2_12 record 101');
  });

  test('libhang: killed by the caller; the records before the hang are flushed on SIGTERM', async () => {
    const child = spawn(driverPath, ['kat', lib('hang'), '256', 'KAT_2_12'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    const timer = setTimeout(() => child.kill('SIGTERM'), 1000);
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('close', (_code, sig) => resolve(sig)),
    );
    clearTimeout(timer);
    expect(signal).toBe('SIGTERM');
    const lines = Buffer.concat(chunks)
      .toString('utf8')
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text) as Line);
    expect(lines.filter((line) => line.type === 'kat-record')).toHaveLength(101);
  });

  test('libgreedy: under --max-memory-bytes 256 MiB its 1 GiB malloc fails (CRYPTOFAIL -2); the default limit allows it', () => {
    const limited = kat([lib('greedy'), '256', 'KAT_2_23', '--max-memory-bytes', String(256 << 20)]);
    expect(limited.status).toBe(3);
    expect(lineOf(limited, 'error')).toMatchObject({ code: 'CRYPTOFAIL', returnCode: -2, index: 0 });
    expect(lineOf(limited, 'kat-meta').maxMemoryBytes).toBe(256 << 20);
    expect(kat([lib('greedy'), '256', 'KAT_2_23']).status).toBe(0);
  });
});

describe('kat usage errors (exit 2)', () => {
  test.each([
    [['x.so', '256', 'KAT_2_99'], /FILE must be KAT_2_12, KAT_2_23, KAT_2_33 or KAT_Loop/],
    [['x.so', '256', 'KAT_2_12', '--test-message-bits', '64'], /applies to KAT_2_23 and KAT_2_33 only/],
    [['x.so', '256', 'KAT_2_23', '--test-message-bits', '65'], /multiple of 8 from 64/],
    [['x.so', '256', 'KAT_2_23', '--test-iterations', '5'], /applies to KAT_Loop only/],
    [['x.so', '8200', 'KAT_Loop'], /DIGEST_BITS must be at most 8192/],
    [['x.so', '256', 'KAT_2_12', '--repeat', 'twice'], /--repeat takes all, ends or none/],
    [['x.so', '256', 'KAT_2_12', '--max-memory-bytes', '1000'], /0 \(no limit\) or at least 16777216/],
    [['x.so', '256'], /expected LIB DIGEST_BITS FILE/],
  ])('%j', (args, message) => {
    const run = kat(args);
    expect(run.status).toBe(2);
    expect(lineOf(run, 'error')).toMatchObject({ code: 'USAGE', subcommand: 'kat' });
    expect(run.stderr).toMatch(message);
  });
});
