// Spawns native/build/ngcc-perf-driver against the test-only libraries in
// native/build/testlibs (built by `npm run build`) and checks PROTOCOL.md.
import { describe, expect, test } from '@jest/globals';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const driverPath = process.env.NGCC_PERF_DRIVER ?? '';
const testlibsDir = path.join(process.env.NGCC_PERF_NATIVE_BUILD ?? '', 'testlibs');
const fixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'driver');

/** Path of a test library: `lib('xor_ok')` → …/build/testlibs/libxor_ok.so. */
function lib(name: string): string {
  return path.join(testlibsDir, `lib${name}.so`);
}

type Line = { v: number; type: string } & Record<string, unknown>;

interface DriverRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  lines: Line[];
  stderr: string;
}

function parseLines(stdout: string): Line[] {
  return stdout
    .split('\n')
    .filter((text) => text.length > 0)
    .map((text) => JSON.parse(text) as Line);
}

function runDriver(args: string[], input?: Buffer): DriverRun {
  const result = spawnSync(driverPath, args, { input, maxBuffer: 256 << 20, timeout: 30000 });
  return {
    status: result.status,
    signal: result.signal,
    lines: parseLines(result.stdout.toString('utf8')),
    stderr: result.stderr.toString('utf8'),
  };
}

/** One hash-mode frame: 8-byte little-endian bit length, then ceil(bits/8) bytes. */
function frame(messageBits: number, message: Uint8Array): Buffer {
  const header = Buffer.alloc(8);
  header.writeBigUInt64LE(BigInt(messageBits));
  return Buffer.concat([header, Buffer.from(message.subarray(0, Math.ceil(messageBits / 8)))]);
}

/** Deterministic test bytes: byte i = (i*7 + seed) mod 256. */
function testBytes(count: number, seed: number): Uint8Array {
  return Uint8Array.from({ length: count }, (_, i) => (i * 7 + seed) & 0xff);
}

/**
 * The toy hash of native/testlibs/toy_hash.h: x = XOR of the bytes, s = Σ (i+1)·m[i]
 * mod 256 (last byte masked to its top L mod 8 bits), digest[j] = x ^ (s+j) ^ byte j%8 of L.
 */
function toyDigestHex(messageBits: number, message: Uint8Array, digestBits: number): string {
  const byteCount = Math.ceil(messageBits / 8);
  let x = 0;
  let s = 0;
  for (let i = 0; i < byteCount; i++) {
    let byte = message[i] ?? 0;
    if (i === byteCount - 1 && messageBits % 8 !== 0) byte &= (0xff << (8 - (messageBits % 8))) & 0xff;
    x ^= byte;
    s = (s + ((i + 1) & 0xff) * byte) & 0xff;
  }
  const lengthBytes = Buffer.alloc(8);
  lengthBytes.writeBigUInt64LE(BigInt(messageBits));
  const digest = Buffer.alloc(digestBits / 8);
  for (let j = 0; j < digest.length; j++) digest[j] = x ^ ((s + j) & 0xff) ^ (lengthBytes[j % 8] ?? 0);
  return digest.toString('hex').toUpperCase();
}

function errorLine(run: DriverRun): Line {
  const last = run.lines[run.lines.length - 1];
  expect(last?.type).toBe('error');
  return last as Line;
}

describe('info and --version', () => {
  test('info names a counter with its honest kind', () => {
    const run = runDriver(['info']);
    expect(run.status).toBe(0);
    expect(run.lines).toHaveLength(1);
    const info = run.lines[0] as Line;
    expect(info).toMatchObject({ v: 1, type: 'info', driver: '0.1.0' });
    expect(info.arch).toBe(process.arch === 'x64' ? 'x86_64' : process.arch === 'arm64' ? 'aarch64' : info.arch);
    expect([4096, 16384, 65536]).toContain(info.pageBytes);
    const counter = info.counter as { name: string; kind: string; reason?: string };
    expect(['pmu-cycles', 'tsc', 'cntvct', 'clock']).toContain(counter.name);
    expect(counter.kind).toBe(counter.name === 'pmu-cycles' ? 'core-cycles' : 'fixed-rate');
    if (counter.name !== 'pmu-cycles') expect(counter.reason).toMatch(/perf_event_open|PMU/);
  });

  test('--version is one JSON line with the protocol version', () => {
    const run = runDriver(['--version']);
    expect(run.status).toBe(0);
    expect(run.lines).toEqual([{ v: 1, type: 'version', driver: '0.1.0', protocol: 1 }]);
  });
});

describe('hash mode with libxor_ok', () => {
  test('digests match hand computations, including L = 0 and a partial byte', () => {
    const input = Buffer.concat([
      frame(0, new Uint8Array()),
      frame(16, Uint8Array.of(0x01, 0x02)),
      frame(12, Uint8Array.of(0xab, 0xcd)),
    ]);
    const run = runDriver(['hash', lib('xor_ok'), '128'], input);
    expect(run.status).toBe(0);
    expect(run.lines).toEqual([
      // L = 0: x = s = 0, so digest[j] = j.
      { v: 1, type: 'digest', index: 0, bits: 0, hex: '000102030405060708090A0B0C0D0E0F' },
      // x = 0x03, s = 1 + 2·2 = 5; digest[0] = 3 ^ 5 ^ 16 = 0x16, digest[1] = 3 ^ 6 = 0x05.
      { v: 1, type: 'digest', index: 1, bits: 16, hex: '1605040B0A09080F1E0D0C1312111017' },
      // 0xCD masked to 0xC0: x = 0x6B, s = 0xAB + 2·0xC0 mod 256 = 0x2B; digest[0] = 0x6B ^ 0x2B ^ 12.
      { v: 1, type: 'digest', index: 2, bits: 12, hex: '4C474645445B5A59545F5E5D5C535251' },
      { v: 1, type: 'end', count: 3 },
    ]);
  });

  test('4097 frames of L = 0 … 4096 bits (the KAT_2_12 shape) round-trip', () => {
    const lengths = Array.from({ length: 4097 }, (_, bits) => bits);
    const input = Buffer.concat(lengths.map((bits) => frame(bits, testBytes(512, bits))));
    const run = runDriver(['hash', lib('xor_ok'), '512'], input);
    expect(run.status).toBe(0);
    expect(run.lines).toHaveLength(4098);
    lengths.forEach((bits) => {
      expect(run.lines[bits]).toEqual({
        v: 1,
        type: 'digest',
        index: bits,
        bits,
        hex: toyDigestHex(bits, testBytes(512, bits), 512),
      });
    });
    expect(run.lines[4097]).toEqual({ v: 1, type: 'end', count: 4097 });
  });

  test('a 2^23-bit message (the KAT_2_23 size) and a short one after it', () => {
    const big = testBytes(1 << 20, 3);
    const run = runDriver(['hash', lib('xor_ok'), '256'], Buffer.concat([frame(1 << 23, big), frame(5, big)]));
    expect(run.status).toBe(0);
    expect(run.lines.map((line) => line.hex)).toEqual([
      toyDigestHex(1 << 23, big, 256),
      toyDigestHex(5, big, 256),
      undefined,
    ]);
  });

  test('answers each frame before the next one is sent (no deadlock when interactive)', async () => {
    const child = spawn(driverPath, ['hash', lib('xor_ok'), '64']);
    const received: string[] = [];
    let pending = '';
    const nextLine = (): Promise<string> =>
      new Promise((resolve) => {
        const check = (): void => {
          const at = pending.indexOf('\n');
          if (at < 0) return;
          child.stdout.off('data', onData);
          const line = pending.slice(0, at);
          pending = pending.slice(at + 1);
          resolve(line);
        };
        const onData = (chunk: Buffer): void => {
          pending += chunk.toString('utf8');
          check();
        };
        child.stdout.on('data', onData);
        check();
      });
    child.stdin.write(frame(8, Uint8Array.of(0x61)));
    received.push(await nextLine());
    child.stdin.write(frame(16, Uint8Array.of(0x61, 0x62)));
    received.push(await nextLine());
    child.stdin.end();
    received.push(await nextLine());
    const status = await new Promise((resolve) => child.on('close', resolve));
    expect(status).toBe(0);
    expect(received.map((text) => JSON.parse(text) as Line)).toEqual([
      { v: 1, type: 'digest', index: 0, bits: 8, hex: toyDigestHex(8, Uint8Array.of(0x61), 64) },
      { v: 1, type: 'digest', index: 1, bits: 16, hex: toyDigestHex(16, Uint8Array.of(0x61, 0x62), 64) },
      { v: 1, type: 'end', count: 2 },
    ]);
  });

  test("a library's own stdout output goes to stderr, never into the JSON stream", () => {
    const run = runDriver(['hash', lib('chatty'), '64'], frame(8, Uint8Array.of(0x61)));
    expect(run.status).toBe(0);
    expect(run.lines.map((line) => line.type)).toEqual(['digest', 'end']);
    expect(run.stderr).toContain('chatty: loaded');
    expect(run.stderr).toContain('chatty: hashing 8 bits');
  });

  test("of a library's output only the last 4 KiB reach stderr, after a line counting what was left out", () => {
    // libchatty_64k writes 64 KiB to stdout and 1 KiB to stderr per call: 3 × 66,560 bytes
    const frames = Buffer.concat([1, 2, 3].map((byte) => frame(8, Uint8Array.of(byte))));
    const run = runDriver(['hash', lib('chatty_64k'), '64'], frames);
    expect(run.status).toBe(0);
    expect(run.lines.map((line) => line.type)).toEqual(['digest', 'digest', 'digest', 'end']);
    const counting =
      'ngcc-perf-driver: the library wrote 199680 bytes on stdout and stderr; the first 195584 were discarded, the last 4096 follow\n';
    expect(run.stderr.startsWith(counting)).toBe(true);
    const tail = run.stderr.slice(counting.length);
    expect(tail).toHaveLength(4096);
    expect(tail.endsWith('c\n')).toBe(true); // the last call's stderr line ends the tail
  });
});

describe('time mode', () => {
  test('--cpu 0: meta, trial and end with positive figures and baseline ≤ peak', () => {
    const run = runDriver(['time', lib('xor_ok'), '256', '1024', '200', '3', '--cpu', '0']);
    expect(run.status).toBe(0);
    expect(run.lines.map((line) => line.type)).toEqual(['meta', 'trial', 'end']);
    const [meta, trial, end] = run.lines as [Line, Line, Line];
    const info = runDriver(['info']).lines[0] as Line;
    expect(meta).toMatchObject({ messageBytes: 1024, digestBits: 256, iterations: 200, warmups: 3, cpu: 0 });
    // The measured figures (hz, overheadTicks, resolutionTicks) differ from run to run; the choice does not.
    const { name, kind, reason, access } = info.counter as Record<string, unknown>;
    expect(meta.counter).toMatchObject({ name, kind, reason, access });
    expect(trial).toMatchObject({ iterations: 200, cpuAfter: 0 });
    expect(Number.isInteger(trial.ticks) && (trial.ticks as number) > 0).toBe(true);
    expect(trial.seconds as number).toBeGreaterThan(0);
    expect(trial.seconds).toBeCloseTo((trial.nanoseconds as number) / 1e9, 9);
    expect(Number.isInteger(trial.involuntarySwitches) && Number.isInteger(trial.voluntarySwitches)).toBe(true);
    expect(meta.baselineRssBytes as number).toBeGreaterThan(0);
    expect((meta.baselineRssBytes as number) % 4096).toBe(0);
    expect(meta.baselineRssBytes as number).toBeLessThanOrEqual(end.peakRssBytes as number);
    expect((end.peakRssBytes as number) % 1024).toBe(0);
  });

  test('--counter clock ticks nanoseconds inside the CLOCK_MONOTONIC_RAW window', () => {
    const run = runDriver(['time', lib('xor_ok'), '256', '64', '50', '0', '--counter=clock']);
    expect(run.status).toBe(0);
    const [meta, trial] = run.lines as [Line, Line];
    expect(meta.counter).toMatchObject({
      name: 'clock',
      kind: 'fixed-rate',
      reason: 'selected with --counter clock',
      hz: 1e9,
    });
    // The counter is read inside the clock reads, so its difference cannot exceed theirs.
    expect(trial.ticks as number).toBeGreaterThan(0);
    expect(trial.ticks as number).toBeLessThanOrEqual(trial.nanoseconds as number);
  });

  test('the message follows byte i = (i*131 + L) mod 256 (libcheck_rule returns 1 otherwise)', () => {
    for (const messageBytes of ['0', '1', '300', '65536']) {
      const run = runDriver(['time', lib('check_rule'), '256', messageBytes, '2', '1']);
      expect(run.status).toBe(0);
    }
  });
});

describe('errors and exit codes', () => {
  test.each([
    [[]],
    [['frobnicate']],
    [['info', 'extra']],
    [['hash', lib('xor_ok')]],
    [['hash', lib('xor_ok'), '12']],
    [['time', lib('xor_ok'), '256', '64', '0', '1']],
    [['time', lib('xor_ok'), '256', '64', '10', '1', '--counter', 'sundial']],
    [['time', lib('xor_ok'), '256', '64', '10', '1', '--cpu', '1023']],
    [['time', lib('xor_ok'), '256', '64', '10', '1', '--bogus']],
  ])('USAGE (exit 2) for %j', (args) => {
    const run = runDriver(args);
    expect(run.status).toBe(2);
    expect(errorLine(run).code).toBe('USAGE');
    expect(run.stderr).toMatch(/^ngcc-perf-driver: .+\n$/);
  });

  test.each([
    ['a missing file', path.join(fixturesDir, 'no-such-library.so'), 'dlopen', /No such file/],
    ['a non-ELF file', path.join(fixturesDir, 'not-a-library.so'), 'dlopen', /invalid ELF header/],
    ['a library without CryptHash', lib('no_symbol'), 'dlsym', /undefined symbol: CryptHash/],
  ])('LOADFAIL (exit 5) for %s', (_what, library, stage, dlerror) => {
    const run = runDriver(['hash', library, '256'], frame(8, Uint8Array.of(1)));
    expect(run.status).toBe(5);
    const error = errorLine(run);
    expect(error).toMatchObject({ code: 'LOADFAIL', library, stage });
    expect(error.dlerror).toMatch(dlerror);
    expect(run.stderr).toContain(library);
    if (stage === 'dlsym')
      expect(run.stderr).toContain('int CryptHash(int, const unsigned char*, unsigned long long, unsigned char*)');
  });

  test('library paths with quotes, backslashes and newlines are escaped in JSON', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ngcc-driver-test-'));
    try {
      const odd = path.join(dir, 'odd "name" \\ with\nnewline é.so');
      symlinkSync(lib('no_symbol'), odd);
      const run = runDriver(['hash', odd, '256'], Buffer.alloc(0));
      expect(run.status).toBe(5);
      expect(errorLine(run).library).toBe(odd);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('CRYPTOFAIL (exit 3) after the digests of the frames that worked', () => {
    const input = Buffer.concat([
      frame(0, new Uint8Array()),
      frame(100, testBytes(13, 0)),
      frame(101, testBytes(13, 0)),
    ]);
    const run = runDriver(['hash', lib('ret_fail'), '128'], input);
    expect(run.status).toBe(3);
    expect(run.lines.map((line) => line.type)).toEqual(['digest', 'digest', 'error']);
    expect(errorLine(run)).toMatchObject({ code: 'CRYPTOFAIL', returnCode: -1, messageBits: 101, index: 2 });
    expect(run.stderr).toContain(lib('ret_fail'));
  });

  test('CRYPTOFAIL (exit 3) in time mode stops at the first failing warm-up call', () => {
    const run = runDriver(['time', lib('ret_fail'), '128', '64', '10', '2']);
    expect(run.status).toBe(3);
    expect(run.lines.map((line) => line.type)).toEqual(['meta', 'error']);
    expect(errorLine(run)).toMatchObject({
      code: 'CRYPTOFAIL',
      returnCode: -1,
      messageBits: 512,
      phase: 'warmup',
      index: 0,
    });
  });

  test('OVERFLOW (exit 4) when the digest guard after the buffer is hit', () => {
    const run = runDriver(['hash', lib('overflow'), '256'], frame(8, Uint8Array.of(1)));
    expect(run.status).toBe(4);
    expect(errorLine(run)).toMatchObject({
      code: 'OVERFLOW',
      buffer: 'digest',
      side: 'after',
      guardOffset: 0,
      index: 0,
    });
    const timed = runDriver(['time', lib('overflow'), '256', '64', '10', '0']);
    expect(timed.status).toBe(4);
    expect(errorLine(timed)).toMatchObject({ code: 'OVERFLOW', buffer: 'digest', phase: 'timed' });
  });

  test('OVERFLOW (exit 4) when the library writes into the message', () => {
    const inside = runDriver(['hash', lib('msg_write'), '256'], frame(8, Uint8Array.of(0x40)));
    expect(inside.status).toBe(4);
    expect(errorLine(inside)).toMatchObject({ code: 'OVERFLOW', buffer: 'message-content', offset: 0, index: 0 });
    // With L = 0 the same write lands in the guard right after the empty message.
    const empty = runDriver(['hash', lib('msg_write'), '256'], frame(0, new Uint8Array()));
    expect(empty.status).toBe(4);
    expect(errorLine(empty)).toMatchObject({ code: 'OVERFLOW', buffer: 'message', side: 'after', guardOffset: 0 });
  });

  test('a crash is death by SIGSEGV, with earlier lines and a stderr sentence kept', () => {
    const run = runDriver(['hash', lib('segv'), '256'], frame(8, Uint8Array.of(1)));
    expect(run.status).toBeNull();
    expect(run.signal).toBe('SIGSEGV');
    expect(run.lines).toEqual([]);
    expect(run.stderr).toContain(`${lib('segv')} crashed with signal 11 (SIGSEGV) in CryptHash on frame 0`);
    const late = runDriver(
      ['hash', lib('segv_late'), '64'],
      Buffer.concat([frame(8, Uint8Array.of(1)), frame(101, testBytes(13, 0))]),
    );
    expect(late.signal).toBe('SIGSEGV');
    expect(late.lines).toEqual([
      { v: 1, type: 'digest', index: 0, bits: 8, hex: toyDigestHex(8, Uint8Array.of(1), 64) },
    ]);
  });

  test('IO (exit 8) for a truncated frame and for a length above 2^36 bits', () => {
    const truncated = runDriver(['hash', lib('xor_ok'), '64'], frame(64, testBytes(8, 0)).subarray(0, 12));
    expect(truncated.status).toBe(8);
    expect(errorLine(truncated)).toMatchObject({ code: 'IO', index: 0 });
    const header = Buffer.alloc(8);
    header.writeBigUInt64LE((1n << 36n) + 1n);
    const tooLong = runDriver(['hash', lib('xor_ok'), '64'], header);
    expect(tooLong.status).toBe(8);
    expect(errorLine(tooLong)).toMatchObject({ code: 'IO', index: 0, messageBits: 2 ** 36 + 1 });
  });
});
