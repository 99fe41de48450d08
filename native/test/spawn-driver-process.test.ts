// The one process runner of the driver packages, on small shell programs: how a process ended,
// the timeout (SIGTERM, then SIGKILL 2 s later), pipes a grandchild keeps open, descriptor 3, a
// program that cannot start, and a driver path given by the caller.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { DRIVER_STDERR_KEPT_BYTES, resolveGivenDriver, spawnDriverProcess } from '../src/spawn-driver-process.js';
import { pacedMilliseconds } from '../src/host-pace.js';

const sh = (script: string, timeoutSeconds = 10, fd3 = false) =>
  spawnDriverProcess('/bin/sh', ['-c', script], { timeoutSeconds, fd3 });

describe('spawnDriverProcess', () => {
  it('returns the exit code, stdout and stderr of a process that ends', async () => {
    const run = await sh('echo out; echo err >&2; exit 3');
    expect(run).toMatchObject({
      exitCode: 3,
      signal: null,
      timedOut: false,
      stdout: 'out\n',
      stderr: 'err\n',
      fd3: '',
      startError: null,
      startCause: null,
    });
    expect(run.seconds).toBeGreaterThan(0);
  });

  it('hands each complete stderr line to onStderrLine, and still keeps stderr', async () => {
    const lines: string[] = [];
    const run = await spawnDriverProcess(
      '/bin/sh',
      ['-c', "printf 'first ha' >&2; sleep 0.1; printf 'lf\\nsecond\\n' >&2; sleep 1; printf 'no newline' >&2"],
      { timeoutSeconds: 10, onStderrLine: (line) => lines.push(line) },
    );
    // A line written in two pieces is one line; the unfinished last one is never handed over.
    expect(lines).toEqual(['first half', 'second']);
    expect(run.stderr).toBe('first half\nsecond\nno newline');
  });

  it('reports a crash as the signal that ended the process', async () => {
    const run = await sh('kill -SEGV $$');
    expect(run).toMatchObject({ exitCode: null, signal: 'SIGSEGV', timedOut: false });
  });

  it('sends SIGTERM at the timeout, and the process may still write its lines', async () => {
    const run = await sh("trap 'echo partial; exit 7' TERM; while :; do sleep 0.05; done", 0.3);
    expect(run).toMatchObject({ exitCode: 7, signal: null, timedOut: true, stdout: 'partial\n' });
  });

  it('sends SIGKILL 2 s after a SIGTERM that is ignored', async () => {
    const run = await sh("trap '' TERM; while :; do sleep 0.05; done", 0.2);
    expect(run).toMatchObject({ exitCode: null, signal: 'SIGKILL', timedOut: true });
    expect(run.seconds).toBeGreaterThanOrEqual(2);
  });

  it(
    'stops reading 5 s after the process ended when a grandchild still holds its pipes',
    async () => {
      const run = await sh('echo started; (sleep 30 &) ; exit 0');
      expect(run).toMatchObject({ exitCode: 0, signal: null, timedOut: false, stdout: 'started\n' });
      expect(run.seconds).toBeGreaterThanOrEqual(5);
      expect(run.seconds).toBeLessThan(20);
    },
    pacedMilliseconds(20_000),
  );

  it('reads descriptor 3 when asked', async () => {
    const run = await sh('echo "<xml/>" >&3', 10, true);
    expect(run.fd3).toBe('<xml/>\n');
  });

  it('returns, never throws, when the program cannot be started', async () => {
    const run = await spawnDriverProcess('/nonexistent/ngcc-perf-driver', ['info'], { timeoutSeconds: 5 });
    expect(run.exitCode).toBeNull();
    expect(run.startError).toMatch(/ENOENT/);
    expect(run.startCause).toMatchObject({ code: 'ENOENT', syscall: 'spawn /nonexistent/ngcc-perf-driver' });
  });

  it('keeps the last bytes of a stream beyond its limit', async () => {
    // 60000 lines, 348894 bytes: more than one 64 KiB read, so the first ones are dropped.
    const run = await spawnDriverProcess('/bin/sh', ['-c', 'seq 1 60000 >&2'], {
      timeoutSeconds: 10,
      limitBytes: { stderr: 1024 },
    });
    expect(run.stderr.startsWith('1\n')).toBe(false);
    // Exactly the last 1024 bytes: a 64 KiB chunk is cut, not kept whole (it was, up to 64 KiB).
    expect(Buffer.byteLength(run.stderr)).toBe(1024);
    expect(run.stderr.endsWith('\n59999\n60000\n')).toBe(true);
  });

  it('keeps DRIVER_STDERR_KEPT_BYTES (16 KiB) of stderr by default, however much is written', async () => {
    // 64 MiB through the pipe: it used to be kept whole (the default limit was 64 MiB).
    const run = await spawnDriverProcess(
      '/bin/sh',
      ['-c', 'head -c 67108864 /dev/zero | tr "\\0" c >&2; echo end >&2'],
      {
        timeoutSeconds: 30,
      },
    );
    expect(DRIVER_STDERR_KEPT_BYTES).toBe(16 * 1024);
    expect(run.stderr.length).toBe(DRIVER_STDERR_KEPT_BYTES);
    expect(run.stderr.endsWith('ccccend\n')).toBe(true);
  });

  it('sends SIGKILL at once at the timeout when timeoutSignal is SIGKILL', async () => {
    const run = await spawnDriverProcess('/bin/sh', ['-c', 'trap "" TERM; exec sleep 30'], {
      timeoutSeconds: 0.3,
      timeoutSignal: 'SIGKILL',
    });
    expect(run.timedOut).toBe(true);
    expect(run.signal).toBe('SIGKILL');
    expect(run.seconds).toBeLessThan(2);
  });
});

describe('resolveGivenDriver', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'ngcc-given-driver-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('returns a given executable and throws the caller error for anything else', async () => {
    const driver = path.join(folder, 'ngcc-perf-driver');
    writeFileSync(driver, '#!/bin/sh\n');
    chmodSync(driver, 0o755);
    expect(await resolveGivenDriver(driver, () => new Error('unused'))).toBe(driver);
    const notExecutable = path.join(folder, 'plain');
    writeFileSync(notExecutable, '');
    await expect(
      resolveGivenDriver(notExecutable, (cause) => new Error(`not executable: ${(cause as Error).message}`)),
    ).rejects.toThrow(/^not executable: EACCES/);
  });
});
