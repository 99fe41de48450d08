// The driver's sandbox (PROTOCOL.md "Sandbox"), in every mode this host can enter (bwrap when
// bubblewrap is installed, unshare always): what `info` says, that exit codes, signals, stdin and
// SIGTERM pass through unchanged, that each escape attempt of native/testlibs/fault_*.c fails (a
// listener on 127.0.0.1 sees no connection, no file appears outside the scratch folder, the
// parent survives), and that --no-sandbox is off and loud.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  availableModes,
  buildDir,
  driverPath,
  frame,
  lib,
  listenOnLoopback,
  paced,
  processesMentioning,
  runDriver,
  sandboxEnv,
  sandboxInfo,
  toyHash,
  type Listener,
  type Run,
  type SandboxMode,
} from './sandbox-support.js';

const modes = availableModes();
const outside = mkdtempSync(path.join(tmpdir(), 'sandbox-outside-'));
let listener: Listener;

beforeAll(async () => {
  listener = await listenOnLoopback();
});
afterAll(async () => {
  await listener.close();
  rmSync(outside, { recursive: true, force: true });
});

const faultEnv = (mode: SandboxMode | 'off'): NodeJS.ProcessEnv =>
  sandboxEnv(mode, { NGCC_FAULT_DIR: outside, NGCC_FAULT_PORT: String(listener.port) });
const errorLine = (run: Run) => run.lines.find((line) => line.type === 'error');
const typesOf = (run: Run) => run.lines.map((line) => line.type);
/** `time LIB 256 64 ITER 1`: 64-byte messages (512 bits, above every fault's 100-bit threshold). */
const time = (name: string, env: NodeJS.ProcessEnv, iterations = 3) =>
  runDriver(['time', lib(name), '256', '64', String(iterations), '1'], { env });

test('this host can enter the unshare sandbox (bwrap too when bubblewrap is installed)', () => {
  expect(modes).toContain('unshare');
  const bwrapInstalled = spawnSync('sh', ['-c', 'command -v bwrap']).status === 0;
  expect(modes.includes('bwrap')).toBe(bwrapInstalled);
});

describe('info', () => {
  test('auto picks bwrap when installed, else unshare, and states the limits', () => {
    const info = sandboxInfo(sandboxEnv('unshare', { NGCC_PERF_SANDBOX: 'auto' }));
    expect(info).toMatchObject({
      mode: modes[0],
      requested: 'auto',
      network: 'none',
      filesystem: 'read-only except scratch',
      scratch: '/tmp/ngcc-perf-scratch',
      scratchBytes: 64 * 1024 * 1024,
      noNewPrivs: true,
      maxMemoryBytes: 4 * 1024 ** 3,
      cpuSeconds: 3600,
      openFiles: 256,
      coreBytes: 0,
    });
  });

  test('the limits follow NGCC_PERF_SANDBOX_MEMORY_BYTES, _CPU_SECONDS and _SCRATCH_BYTES', () => {
    const info = sandboxInfo(
      sandboxEnv('unshare', {
        NGCC_PERF_SANDBOX_MEMORY_BYTES: '268435456',
        NGCC_PERF_SANDBOX_CPU_SECONDS: '7',
        NGCC_PERF_SANDBOX_SCRATCH_BYTES: '1048576',
      }),
    );
    expect(info).toMatchObject({ mode: 'unshare', maxMemoryBytes: 268435456, cpuSeconds: 7, scratchBytes: 1048576 });
  });

  test('NGCC_PERF_NO_SANDBOX=1 and NGCC_PERF_SANDBOX=off report mode off with the reason', () => {
    const env = sandboxEnv('unshare', { NGCC_PERF_NO_SANDBOX: '1' });
    expect(sandboxInfo(env)).toEqual({
      mode: 'off',
      requested: 'off',
      network: 'host',
      filesystem: 'host',
      reason: 'NGCC_PERF_NO_SANDBOX is set',
    });
    expect(sandboxInfo(sandboxEnv('off'))).toMatchObject({ mode: 'off', reason: 'NGCC_PERF_SANDBOX=off' });
  });
});

describe('settings that are wrong', () => {
  test('a malformed NGCC_PERF_SANDBOX is a USAGE error naming the variable', async () => {
    const run = await time('xor_ok', sandboxEnv('unshare', { NGCC_PERF_SANDBOX: 'docker' }));
    expect(run.status).toBe(2);
    expect(errorLine(run)).toMatchObject({ code: 'USAGE' });
    expect(String(errorLine(run)?.message)).toContain('NGCC_PERF_SANDBOX="docker" is not auto, bwrap, unshare or off');
  });

  test('NGCC_PERF_SANDBOX=bwrap without bwrap on PATH fails closed (IO) and says what to do', async () => {
    const run = await time('xor_ok', sandboxEnv('bwrap', { PATH: '/nonexistent' }));
    expect(run.status).toBe(8);
    expect(errorLine(run)).toMatchObject({ code: 'IO', subcommand: 'time', sandbox: 'bwrap' });
    expect(String(errorLine(run)?.message)).toMatch(/no bwrap on PATH.*Install bubblewrap.*--no-sandbox/);
  });

  test('a NGCC_PERF_SANDBOX_MEMORY_BYTES below 16 MiB is refused', async () => {
    const run = await time('xor_ok', sandboxEnv('unshare', { NGCC_PERF_SANDBOX_MEMORY_BYTES: '1000' }));
    expect(run.status).toBe(2);
    expect(String(errorLine(run)?.message)).toContain('NGCC_PERF_SANDBOX_MEMORY_BYTES="1000"');
  });
});

describe.each(modes)('in %s mode', (mode) => {
  test('digests pass through stdin and stdout unchanged (hash, toy hash of README example)', async () => {
    const message = Uint8Array.of(1, 2);
    const run = await runDriver(['hash', lib('xor_ok'), '128'], {
      env: faultEnv(mode),
      input: Buffer.concat([frame(16, message), frame(0, message)]),
    });
    expect(run.status).toBe(0);
    expect(run.lines.map((line) => line.hex ?? line.type)).toEqual([
      toyHash(message, 16, 128),
      toyHash(message, 0, 128),
      'end',
    ]);
    expect(String(run.lines[0]?.hex)).toMatch(/^1605040B0A09080F/); // native/testlibs/README.md
    expect(run.lines[1]?.hex).toBe('000102030405060708090A0B0C0D0E0F');
  });

  test("a relative library path still resolves against the caller's working directory", async () => {
    const run = await runDriver(['time', path.join('testlibs', 'libxor_ok.so'), '256', '64', '3', '1'], {
      env: faultEnv(mode),
      cwd: buildDir,
    });
    expect(run.status).toBe(0);
    expect(typesOf(run)).toEqual(['meta', 'trial', 'end']);
  });

  test('death by a signal stays death by that signal: SIGSEGV, SIGABRT', async () => {
    const segv = await time('segv', faultEnv(mode));
    expect([segv.status, segv.signal]).toEqual([null, 'SIGSEGV']);
    expect(segv.stderr).toContain('crashed with signal 11 (SIGSEGV)');
    const abort = await time('fault_abort', faultEnv(mode));
    expect([abort.status, abort.signal]).toEqual([null, 'SIGABRT']);
  });

  test('exit codes stay exit codes: CRYPTOFAIL 3, OVERFLOW 4, LOADFAIL 5, exit(0) from CryptHash 0', async () => {
    const failed = await time('ret_fail', faultEnv(mode));
    expect(failed.status).toBe(3);
    expect(errorLine(failed)).toMatchObject({ code: 'CRYPTOFAIL', returnCode: -1 });
    expect((await time('overflow', faultEnv(mode))).status).toBe(4);
    expect((await time('no_symbol', faultEnv(mode))).status).toBe(5);
    const exited = await time('fault_exit_zero', faultEnv(mode));
    expect([exited.status, typesOf(exited)]).toEqual([0, ['meta']]);
  });

  test('SIGTERM reaches the library-running process, which writes its lines and dies of SIGTERM', async () => {
    // libhang answers L = 0 … 100 and sleeps at L = 101; the driver holds those 101 records
    // (it flushes every 100 ms only while it produces) until the caller gives up with SIGTERM.
    let sent = false;
    const run = await runDriver(['kat', lib('hang'), '256', 'KAT_2_12'], {
      env: faultEnv(mode),
      onSpawn: (child) => {
        child.stdout?.on('data', () => {
          if (!sent) {
            sent = true;
            setTimeout(() => child.kill('SIGTERM'), 1000);
          }
        });
      },
    });
    expect([run.status, run.signal]).toEqual([null, 'SIGTERM']);
    expect(run.lines.filter((line) => line.type === 'kat-record')).toHaveLength(101);
  });

  test('SIGKILL of the driver leaves no sandboxed process behind', async () => {
    const marker = mkdtempSync(path.join(tmpdir(), 'sandbox-kill-'));
    try {
      const hang = path.join(marker, 'libhang-kill-check.so');
      symlinkSync(lib('hang'), hang);
      let childPid = 0;
      const run = await runDriver(['time', hang, '256', '64', '1', '0'], {
        env: faultEnv(mode),
        onSpawn: (child) => {
          childPid = child.pid ?? 0;
          child.stdout?.once('data', () => setTimeout(() => child.kill('SIGKILL'), 100));
        },
      });
      expect(run.signal).toBe('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(processesMentioning('libhang-kill-check.so').filter((pid) => pid !== childPid)).toEqual([]);
    } finally {
      rmSync(marker, { recursive: true, force: true });
    }
  });

  test('the scratch folder is writable and empty for each process; nothing lands outside it', async () => {
    const run = await time('fault_write_outside', faultEnv(mode));
    expect(run.status).toBe(0); // -10: wrote outside; -11: could not write in TMPDIR
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(path.join('/tmp/ngcc-perf-scratch', 'inside-scratch'))).toBe(false);
  });

  test('a TCP connection to 127.0.0.1 never reaches the listener', async () => {
    const run = await time('fault_connect', faultEnv(mode));
    expect(run.status).toBe(0); // -9: connected
    expect(await listener.connections()).toBe(0);
  });

  test('fork, system(), execl() of /bin/sh and kill of the parent all fail', async () => {
    for (const name of ['fault_fork', 'fault_exec_shell']) {
      const run = await time(name, faultEnv(mode));
      expect([name, run.status, typesOf(run)]).toEqual([name, 0, ['meta', 'trial', 'end']]);
    }
    expect(readdirSync(outside)).toEqual([]);
    // The driver's parent is a shell that must live to print its line.
    const shell = spawnSync(
      'sh',
      [
        '-c',
        `"$0" time "$1" 256 64 3 1 >/dev/null; echo "driver exit $?; shell alive"`,
        driverPath,
        lib('fault_kill_parent'),
      ],
      {
        env: faultEnv(mode),
        timeout: 30000,
      },
    );
    expect(shell.stdout.toString('utf8')).toBe('driver exit 0; shell alive\n');
  });

  test('changing the working directory does not disturb the driver (same digests as libxor_ok)', async () => {
    const message = Uint8Array.of(1, 2);
    const input = Buffer.concat([frame(16, message), frame(16, message)]);
    const moved = await runDriver(['hash', lib('fault_chdir'), '128'], { env: faultEnv(mode), input });
    expect(moved.status).toBe(0);
    expect(moved.lines.map((line) => line.hex ?? line.type)).toEqual([
      toyHash(message, 16, 128),
      toyHash(message, 16, 128),
      'end',
    ]);
  });

  test('memory can still reset the peak through /proc/self/clear_refs (libbig_heap: 1 MiB)', async () => {
    const run = await runDriver(['memory', lib('big_heap'), '256', '64'], { env: faultEnv(mode) });
    const memory = run.lines.find((line) => line.type === 'memory');
    expect(memory).toMatchObject({ clearRefs: 'supported', heapPeakBytes: 1048576 });
    expect(Number(memory?.operationPeakBytes)).toBeGreaterThanOrEqual(1048576);
  });

  test('memory exhaustion stops at NGCC_PERF_SANDBOX_MEMORY_BYTES: malloc fails, CryptHash returns -4', async () => {
    const run = await time('fault_exhaust', sandboxEnv(mode, { NGCC_PERF_SANDBOX_MEMORY_BYTES: String(256 << 20) }), 1);
    expect(run.status).toBe(3);
    expect(errorLine(run)).toMatchObject({ code: 'CRYPTOFAIL', returnCode: -4 });
  });
});

describe('CPU time limit', () => {
  test(
    'a library spinning in its own signal handler dies at the hard RLIMIT_CPU (1 s + 5 s grace)',
    async () => {
      // 6 s of CPU time; the wall time it takes grows with the host's load, so the limits are paced
      // and the kill must be the limit's, not runDriver's.
      const run = await runDriver(['time', lib('fault_signal_spin'), '256', '64', '3', '1'], {
        env: sandboxEnv('unshare', { NGCC_PERF_SANDBOX_CPU_SECONDS: '1' }),
        timeoutMs: paced(30000),
      });
      expect([run.signal, run.timedOut]).toEqual(['SIGKILL', false]);
    },
    paced(40000),
  );
});

describe('--no-sandbox', () => {
  test('is loud, and the escape attempts then succeed (the corpus is not toothless)', async () => {
    const before = await listener.connections();
    const connect = await runDriver(['--no-sandbox', 'time', lib('fault_connect'), '256', '64', '1', '0'], {
      env: faultEnv('unshare'),
    });
    expect(connect.stderr).toContain('WARNING: the sandbox is OFF (--no-sandbox)');
    expect(errorLine(connect)).toMatchObject({ code: 'CRYPTOFAIL', returnCode: -9 });
    expect(await listener.connections()).toBe(before + 1);
    const write = await runDriver(['time', lib('fault_write_outside'), '256', '64', '1', '0', '--no-sandbox'], {
      env: faultEnv('unshare'),
    });
    expect(errorLine(write)).toMatchObject({ code: 'CRYPTOFAIL', returnCode: -10 });
    expect(readdirSync(outside)).toEqual(['outside-marker']);
    rmSync(path.join(outside, 'outside-marker'));
  });
});
