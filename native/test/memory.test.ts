// Spawns `ngcc-perf-driver memory` (PROTOCOL.md, "memory") against test libraries whose
// memory use is known by construction (native/testlibs/README.md) and the bundled examples.
import { describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const driverPath = process.env.NGCC_PERF_DRIVER ?? '';
const buildDir = process.env.NGCC_PERF_NATIVE_BUILD ?? '';

/** `testlib('big_heap')` → …/build/testlibs/libbig_heap.so. */
function testlib(name: string): string {
  return path.join(buildDir, 'testlibs', `lib${name}.so`);
}

/** `example('sha512')` → …/build/examples/libsha512.so. */
function example(name: string): string {
  return path.join(buildDir, 'examples', `lib${name}.so`);
}

type Line = { v: number; type: string } & Record<string, unknown>;

/** The fields of the `memory` line this file checks (all byte counts in bytes). */
interface MemoryLine {
  messageBytes: number;
  digestBits: number;
  baselineRssBytes: number;
  stackHighWaterBytes: number;
  stackOverheadBytes: number;
  stackBytesProvided: number;
  heapPeakBytes: number | null;
  heapPeakUsableBytes: number | null;
  heapAllocations: number | null;
  heapRetainedBytes: number | null;
  heapBookkeepingNote: string;
  mmapBytes: number | null;
  operationPeakBytes: number | null;
  peakRssBytes: number;
  clearRefs: string;
  threadsCreated: number;
  workerStacksUnmeasured: number;
  workerStackHighWaterBytes: number | null;
  workerStackOverheadBytes: number | null;
}

interface DriverRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  lines: Line[];
  stderr: string;
}

function runDriver(args: string[]): DriverRun {
  const result = spawnSync(driverPath, args, { timeout: 30000 });
  return {
    status: result.status,
    signal: result.signal,
    lines: result.stdout
      .toString('utf8')
      .split('\n')
      .filter((text) => text.length > 0)
      .map((text) => JSON.parse(text) as Line),
    stderr: result.stderr.toString('utf8'),
  };
}

/** Runs `memory` and expects exit 0 with exactly a `memory` line and `{"v":1,"type":"end"}`. */
function measure(library: string, digestBits: number, messageBytes: number, extra: string[] = []): MemoryLine {
  const run = runDriver(['memory', library, String(digestBits), String(messageBytes), ...extra]);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  expect(run.lines.map((line) => line.type)).toEqual(['memory', 'end']);
  expect(run.lines[1]).toEqual({ v: 1, type: 'end' });
  const line = run.lines[0] as Line;
  expect(line).toMatchObject({ v: 1, messageBytes, digestBits });
  return line as unknown as MemoryLine;
}

function lastLine(run: DriverRun): Line {
  const last = run.lines[run.lines.length - 1];
  expect(last?.type).toBe('error');
  return last as Line;
}

/** When clear_refs works, the growth is at least `atLeastBytes`; otherwise it is null with a reason. */
function expectOperationPeak(line: MemoryLine, atLeastBytes: number): void {
  if (line.clearRefs === 'supported') {
    expect(line.operationPeakBytes).toBeGreaterThanOrEqual(atLeastBytes);
  } else {
    expect(line.clearRefs).toMatch(/^unsupported: .*clear_refs/);
    expect(line.operationPeakBytes).toBeNull();
  }
}

describe('memory: figures known by construction', () => {
  test('libbig_stack: a 64 KiB stack array shows as 65536 bytes plus at most 2 KiB of frames', () => {
    const line = measure(testlib('big_stack'), 256, 64);
    expect(line.stackBytesProvided).toBe(8 * 1024 * 1024);
    expect(line.stackHighWaterBytes).toBeGreaterThan(65536);
    expect(line.stackHighWaterBytes).toBeLessThanOrEqual(65536 + 2048);
    // The driver's own part (an empty function through the same trampoline) is included and small.
    expect(line.stackOverheadBytes).toBeGreaterThan(0);
    expect(line.stackHighWaterBytes - line.stackOverheadBytes).toBeGreaterThanOrEqual(65536);
    expect(line.heapPeakBytes).toBe(0);
    expect(line.heapAllocations).toBe(0);
  });

  test('libworker_stack: a 64 KiB frame on a worker thread is measured on the worker, not missed', () => {
    const line = measure(testlib('worker_stack'), 256, 64);
    expect(line.threadsCreated).toBe(1);
    expect(line.workerStacksUnmeasured).toBe(0);
    expect(line.workerStackHighWaterBytes).toBeGreaterThan(65536);
    expect(line.workerStackHighWaterBytes).toBeLessThanOrEqual(65536 + 2048);
    // glibc's descriptor and TLS above the start routine are apart, not in the figure.
    expect(line.workerStackOverheadBytes).toBeGreaterThan(0);
    // The calling thread only started and joined it.
    expect(line.stackHighWaterBytes).toBeLessThan(8192);
  });

  test('libworker_own_stack: a worker on a stack the library gave it is counted as unmeasured', () => {
    const line = measure(testlib('worker_own_stack'), 256, 64);
    expect(line.threadsCreated).toBe(1);
    expect(line.workerStacksUnmeasured).toBe(1);
    expect(line.workerStackHighWaterBytes).toBeNull();
  });

  test('a call that starts no thread: threadsCreated 0 and no worker figure', () => {
    const line = measure(testlib('big_stack'), 256, 64);
    expect(line.threadsCreated).toBe(0);
    expect(line.workerStacksUnmeasured).toBe(0);
    expect(line.workerStackHighWaterBytes).toBeNull();
  });

  test('libbig_heap: malloc(1048576) is a heap peak of exactly 1048576 bytes in 1 allocation', () => {
    const line = measure(testlib('big_heap'), 256, 64);
    expect(line.heapPeakBytes).toBe(1048576);
    expect(line.heapAllocations).toBe(1);
    expect(line.heapRetainedBytes).toBe(0);
    // glibc rounds up and adds a chunk header, so its usable size is a little larger.
    expect(line.heapPeakUsableBytes).toBeGreaterThanOrEqual(1048576);
    expect(line.heapPeakUsableBytes).toBeLessThan(1048576 + 8192);
    expect(line.heapBookkeepingNote).toContain('requested bytes');
    expect(line.mmapBytes).toBe(0);
    // It writes one byte in each of 256 pages: at least 1 MiB of resident growth.
    expectOperationPeak(line, 1048576);
    expect(line.peakRssBytes).toBeGreaterThanOrEqual(line.baselineRssBytes + 1048576);
  });

  test('libleak: 4096 bytes allocated and never freed are retained', () => {
    const line = measure(testlib('leak'), 256, 64);
    expect(line).toMatchObject({ heapPeakBytes: 4096, heapAllocations: 1, heapRetainedBytes: 4096 });
    expect(line.heapBookkeepingNote).toContain('4096 bytes in 1 blocks were still allocated');
  });

  test('libmap_pages: 3 pages mapped with mmap and unmapped in pieces count 12288 bytes, not heap', () => {
    const line = measure(testlib('map_pages'), 256, 64);
    expect(line.mmapBytes).toBe(3 * 4096);
    expect(line.heapPeakBytes).toBe(0);
    expectOperationPeak(line, 3 * 4096);
  });

  test('libxor_ok: a small stack (< 4 KiB), no heap, no mmap', () => {
    const line = measure(testlib('xor_ok'), 512, 1024);
    expect(line.stackHighWaterBytes).toBeGreaterThan(0);
    expect(line.stackHighWaterBytes).toBeLessThan(4096);
    expect(line).toMatchObject({ heapPeakBytes: 0, heapAllocations: 0, heapRetainedBytes: 0, mmapBytes: 0 });
    expect(line.baselineRssBytes % 4096).toBe(0);
    // The baseline holds the painted 8 MiB measurement stack.
    expect(line.baselineRssBytes).toBeGreaterThan(8 * 1024 * 1024);
    expect(line.peakRssBytes).toBeGreaterThanOrEqual(line.baselineRssBytes);
    expect(line.clearRefs).toMatch(/^(supported|unsupported: .+)$/);
  });

  test('the message follows byte i = (i*131 + L) mod 256 (libcheck_rule returns 1 otherwise)', () => {
    for (const messageBytes of [0, 1, 300, 65536]) measure(testlib('check_rule'), 256, messageBytes);
  });
});

describe('memory: the bundled examples', () => {
  // Each CryptHash keeps a two-block tail buffer and its chaining state on the stack
  // (examples/*/*.c): SM3 2·64 + 8·4 = 160, SHA-512 2·128 + 8·8 = 320, SHAKE256 2·136 + 25·8 = 472.
  test.each([
    ['sm3', 256, 160],
    ['sha512', 512, 320],
    ['shake256_512', 512, 472],
  ])(
    '%s (%i-bit digest): no heap, no mmap, a stack above %i bytes and below 8 KiB',
    (name, digestBits, minStackBytes) => {
      const line = measure(example(name), digestBits, 1024);
      expect(line).toMatchObject({ heapPeakBytes: 0, heapAllocations: 0, mmapBytes: 0 });
      expect(line.stackHighWaterBytes).toBeGreaterThan(minStackBytes);
      expect(line.stackHighWaterBytes).toBeLessThan(8192);
    },
  );
});

describe('memory: the measurement stack', () => {
  test('--stack-bytes sets the stack; a call deeper than it dies by SIGSEGV in the guard region', () => {
    const roomy = measure(testlib('big_stack'), 256, 8, ['--stack-bytes', '81920']);
    expect(roomy.stackBytesProvided).toBe(81920);
    expect(roomy.stackHighWaterBytes).toBeGreaterThan(65536);
    const run = runDriver(['memory', testlib('big_stack'), '256', '8', '--stack-bytes=32768']);
    expect(run.status).toBeNull();
    expect(run.signal).toBe('SIGSEGV');
    expect(run.lines).toEqual([]);
    expect(run.stderr).toContain(
      `${testlib('big_stack')} crashed with signal 11 (SIGSEGV) in CryptHash during the memory measurement call`,
    );
  });
});

describe('memory: errors and exit codes', () => {
  test.each([
    [['memory', testlib('xor_ok'), '256']],
    [['memory', testlib('xor_ok'), '12', '64']],
    [['memory', testlib('xor_ok'), '256', '64', '--stack-bytes', '4096']],
    [['memory', testlib('xor_ok'), '256', '64', '--bogus']],
    [['memory', testlib('xor_ok'), '256', '64', '--cpu', '1023']],
  ])('USAGE (exit 2) for %j', (args) => {
    const run = runDriver(args);
    expect(run.status).toBe(2);
    expect(lastLine(run)).toMatchObject({ code: 'USAGE', subcommand: 'memory' });
  });

  test('LOADFAIL (exit 5) for a missing library', () => {
    const missing = path.join(buildDir, 'testlibs', 'libno-such-library.so');
    const run = runDriver(['memory', missing, '256', '64']);
    expect(run.status).toBe(5);
    expect(lastLine(run)).toMatchObject({ code: 'LOADFAIL', library: missing, stage: 'dlopen' });
  });

  test('CRYPTOFAIL (exit 3) and OVERFLOW (exit 4) name the memory phase', () => {
    // libret_fail rejects messages over 100 bits: 13 bytes = 104 bits.
    const failing = runDriver(['memory', testlib('ret_fail'), '128', '13']);
    expect(failing.status).toBe(3);
    expect(lastLine(failing)).toMatchObject({ code: 'CRYPTOFAIL', returnCode: -1, messageBits: 104, phase: 'memory' });
    const overflowing = runDriver(['memory', testlib('overflow'), '256', '8']);
    expect(overflowing.status).toBe(4);
    expect(lastLine(overflowing)).toMatchObject({
      code: 'OVERFLOW',
      buffer: 'digest',
      side: 'after',
      guardOffset: 0,
      phase: 'memory',
    });
  });

  test('a crash in the library is death by SIGSEGV with a sentence on stderr', () => {
    const run = runDriver(['memory', testlib('segv'), '256', '8']);
    expect(run.status).toBeNull();
    expect(run.signal).toBe('SIGSEGV');
    expect(run.stderr).toContain(`${testlib('segv')} crashed with signal 11 (SIGSEGV) in CryptHash`);
  });
});
