// `count` (PROTOCOL.md): the instructions of one CryptHash call. Under valgrind (callgrind started by
// the driver itself, inside the sandbox) the figures are exact: the same in every process, growing by
// a known loop's length per round, and the warm-ups are not in them. The PMU path and the failures
// run against the fake counter of libfake_pmu.so (LD_PRELOAD, sandbox off), so they hold on a host
// with a PMU or without one.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { arch, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from '@jest/globals';
import {
  availableModes,
  buildDir,
  driverPath,
  lib,
  parseLines,
  sandboxEnv,
  type Line,
  type SandboxMode,
} from './sandbox-support.js';

const VALGRIND = '/usr/bin/valgrind';
const outside = mkdtempSync(path.join(tmpdir(), 'count-outside-'));
afterAll(() => rmSync(outside, { recursive: true, force: true }));

interface CountRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  lines: Line[];
  stderr: string;
}

/** One `count` process under callgrind, asynchronously (so that several run at once). */
function countUnderValgrind(
  args: string[],
  mode: SandboxMode | 'off' = availableModes()[0] ?? 'off',
): Promise<CountRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(driverPath, ['count', ...args, '--source', 'valgrind'], {
      env: sandboxEnv(mode, { NGCC_PERF_VALGRIND: VALGRIND, NGCC_FAULT_DIR: outside }),
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120000,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (status, signal) =>
      resolve({
        status,
        signal,
        lines: parseLines(Buffer.concat(out).toString('utf8')),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
  });
}

/** One `count` process with the fake PMU preloaded (`extra` adds variables, e.g. NGCC_FAKE_PMU=absent). */
function countWithFakePmu(args: string[], extra: Record<string, string> = {}): CountRun {
  const result = spawnSync(driverPath, ['count', ...args], {
    env: sandboxEnv('off', { LD_PRELOAD: lib('fake_pmu'), ...extra }),
    timeout: 30000,
  });
  return {
    status: result.status,
    signal: result.signal,
    lines: parseLines(result.stdout.toString('utf8')),
    stderr: result.stderr.toString('utf8'),
  };
}

/** The `count` line of a complete run (and that the run was complete: exit 0, meta, count, end). */
function countLine(run: CountRun): { harnessInstructions: number[]; libraryInstructions: number[] } {
  expect(run.stderr).not.toMatch(/error|crashed/);
  expect(run.status).toBe(0);
  expect(run.lines.map((line) => line.type)).toEqual(['count-meta', 'count', 'end']);
  return run.lines[1] as unknown as { harnessInstructions: number[]; libraryInstructions: number[] };
}

const sha512 = path.join(buildDir, 'examples', 'libsha512.so');

describe('count under valgrind', () => {
  test('the bundled SHA-512 at 4096 B: one count per call, every call of three processes at once the same', async () => {
    const runs = await Promise.all([1, 2, 3].map(() => countUnderValgrind([sha512, '512', '4096', '--calls', '4'])));
    expect(runs[0]!.lines[0]).toEqual({
      v: 1,
      type: 'count-meta',
      source: 'valgrind',
      messageBytes: 4096,
      digestBits: 512,
      calls: 4,
      warmups: 1,
    });
    const counts = runs.map(countLine);
    const library = counts.flatMap((count) => count.libraryInstructions);
    const harness = counts.flatMap((count) => count.harnessInstructions);
    expect(library).toHaveLength(12);
    expect(new Set(library).size).toBe(1);
    expect(new Set(harness).size).toBe(1);
    // 32 blocks of 80 SHA-512 rounds cannot take fewer than one instruction per round; the harness
    // (the same call of an empty function) is a few dozen at most.
    expect(library[0]!).toBeGreaterThan(32 * 80);
    expect(harness[0]!).toBeGreaterThan(0);
    expect(harness[0]!).toBeLessThan(100);
  }, 120_000);

  (arch() === 'x64' ? test : test.skip)(
    'a toy with K rounds of a 4003-instruction loop: library minus harness grows by exactly 4003 per round',
    async () => {
      const runs = await Promise.all(
        [1, 2, 3].map((rounds) => countUnderValgrind([lib(`toy_rounds_${rounds}`), '256', '64', '--calls', '2'])),
      );
      const perCall = runs.map(countLine).map((count) => {
        const { harnessInstructions: h, libraryInstructions: l } = count;
        expect(new Set(l).size).toBe(1);
        return l[0]! - h[0]!;
      });
      expect([perCall[1]! - perCall[0]!, perCall[2]! - perCall[1]!]).toEqual([4003, 4003]);
    },
    120_000,
  );

  (arch() === 'x64' ? test : test.skip)(
    'warm-ups are not counted: one-time work of the first call shows in counted call 0 only without them',
    async () => {
      const [cold, warm] = await Promise.all(
        ['0', '1'].map((warmups) => countUnderValgrind([lib('toy_first_call'), '256', '64', '--warmups', warmups])),
      );
      const coldCalls = countLine(cold!).libraryInstructions;
      const warmCalls = countLine(warm!).libraryInstructions;
      // The first call's loop is 4001 instructions; its flag test and store add a few.
      expect(coldCalls[0]! - coldCalls[1]!).toBeGreaterThanOrEqual(4001);
      expect(coldCalls[0]! - coldCalls[1]!).toBeLessThan(4001 + 16);
      expect(coldCalls[2]).toBe(coldCalls[1]);
      expect(warmCalls).toEqual([coldCalls[1], coldCalls[1], coldCalls[1]]);
    },
    120_000,
  );

  test.each(availableModes())(
    'the library is still sandboxed under callgrind (%s): nothing written outside the scratch folder',
    async (mode) => {
      // libfault_write_outside returns -10 when its file outside was created, -11 when TMPDIR was not writable.
      const run = await countUnderValgrind([lib('fault_write_outside'), '256', '64', '--calls', '1'], mode);
      countLine(run);
      expect(readdirSync(outside)).toEqual([]);
    },
    120_000,
  );

  test('without NGCC_PERF_VALGRIND the source is unavailable: USAGE (exit 2) saying how to start it', () => {
    const run = spawnSync(driverPath, ['count', lib('xor_ok'), '256', '64', '--source', 'valgrind'], {
      env: sandboxEnv('off'),
      timeout: 30000,
    });
    expect(run.status).toBe(2);
    expect(parseLines(run.stdout.toString('utf8'))).toEqual([
      expect.objectContaining({ type: 'error', code: 'USAGE', subcommand: 'count', source: 'valgrind' }),
    ]);
    expect(run.stderr.toString('utf8')).toContain('set NGCC_PERF_VALGRIND to valgrind');
  });
});

describe('count from the PMU (the fake counter preloaded)', () => {
  test('every line exactly: the harness (17 per read pair) and 1000 x (L + 1) + 17 per library call', () => {
    const run = countWithFakePmu([lib('toy_retire'), '256', '10', '--calls', '5', '--warmups', '0']);
    expect(run.status).toBe(0);
    expect(run.lines).toEqual([
      { v: 1, type: 'count-meta', source: 'pmu-instructions', messageBytes: 10, digestBits: 256, calls: 5, warmups: 0 },
      {
        v: 1,
        type: 'count',
        source: 'pmu-instructions',
        harnessInstructions: [17, 17, 17, 17, 17],
        libraryInstructions: [11017, 11017, 11017, 11017, 11017],
      },
      { v: 1, type: 'end' },
    ]);
  });

  test('no PMU: USAGE (exit 2) with the source and the reason, before the library is loaded', () => {
    const run = countWithFakePmu([lib('no_symbol'), '256', '10'], { NGCC_FAKE_PMU: 'absent' });
    expect(run.status).toBe(2);
    expect(run.lines).toEqual([
      expect.objectContaining({
        code: 'USAGE',
        subcommand: 'count',
        source: 'pmu-instructions',
        reason: 'perf_event_open(PERF_COUNT_HW_INSTRUCTIONS) failed: No such file or directory',
      }),
    ]);
  });

  test.each([
    ['a failing warm-up', 'ret_fail', ['128', '64'], 3, { code: 'CRYPTOFAIL', returnCode: -1, phase: 'warmup' }],
    ['a failing counted call', 'ret_fail', ['128', '64', '--warmups', '0'], 3, { code: 'CRYPTOFAIL', phase: 'count' }],
    ['a message written', 'msg_write', ['256', '8', '--warmups', '0'], 4, { buffer: 'message-content', offset: 0 }],
    ['a digest overrun', 'overflow', ['256', '8', '--warmups', '0'], 4, { code: 'OVERFLOW', buffer: 'digest' }],
  ])('%s is a verdict line after count-meta, no count line', (_what, library, args, status, fields) => {
    const run = countWithFakePmu([lib(library), ...args]);
    expect(run.status).toBe(status);
    expect(run.lines.map((line) => line.type)).toEqual(['count-meta', 'error']);
    expect(run.lines[1]).toMatchObject({ ...fields, library: lib(library), index: 0 });
  });

  test('a crash names the counted call and ends the driver with the signal', () => {
    const run = countWithFakePmu([lib('segv'), '256', '8', '--warmups', '0']);
    expect(run.signal).toBe('SIGSEGV');
    expect(run.lines.map((line) => line.type)).toEqual(['count-meta']);
    expect(run.stderr).toContain(`${lib('segv')} crashed with signal 11 (SIGSEGV) in CryptHash on counted call 0`);
  });

  test('a library without CryptHash is LOADFAIL (exit 5)', () => {
    const run = countWithFakePmu([lib('no_symbol'), '256', '8']);
    expect(run.status).toBe(5);
    expect(run.lines).toEqual([expect.objectContaining({ code: 'LOADFAIL', stage: 'dlsym' })]);
  });
});

describe('count usage', () => {
  test.each([
    [[], 'expected LIB DIGEST_BITS MESSAGE_BYTES'],
    [['64', 'extra'], 'too many arguments'],
    [['64', '--source', 'bogus'], '--source must be pmu or valgrind, got "bogus"'],
    [['64', '--calls', '0'], '--calls must be an integer from 1 to 100, got "0"'],
    [['64', '--calls', '101'], '--calls must be an integer from 1 to 100, got "101"'],
    [['64', '--warmups', '101'], '--warmups must be an integer from 0 to 100, got "101"'],
    [['8589934593'], 'MESSAGE_BYTES must be an integer from 0 to 2^33, got "8589934593"'],
    [['64', '--calls'], 'an option is missing its value'],
    [['64', '--frobnicate'], 'unknown option "--frobnicate"'],
  ])('count LIB 256 %j: USAGE (exit 2) naming the problem', (args, problem) => {
    const full = args.length === 0 ? [] : [lib('xor_ok'), '256', ...args];
    const run = spawnSync(driverPath, ['count', ...full], { timeout: 30000 });
    expect(run.status).toBe(2);
    const lines = parseLines(run.stdout.toString('utf8'));
    expect(lines).toEqual([expect.objectContaining({ type: 'error', code: 'USAGE', subcommand: 'count' })]);
    expect(String(lines[0]!.message)).toContain(problem);
  });
});
