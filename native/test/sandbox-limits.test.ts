// What candidate code cannot undo or fake (PROTOCOL.md, "Sandbox"): every resource limit of the
// library-running process has its hard limit lowered with the soft one (read from
// /proc/PID/limits while a library hangs), so setrlimit cannot lift them (libfault_raise_limit);
// and an exit code of 128 + N stays an exit code behind the bwrap monitor, while death by a
// signal — caught (SIGSEGV, SIGTERM) or not (SIGKILL) — stays death by that signal.
import { describe, expect, test } from '@jest/globals';
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  availableModes,
  lib,
  runDriver,
  sandboxEnv,
  type Line,
  type Run,
  type SandboxMode,
} from './sandbox-support.js';

const modes = availableModes();
const LIMIT_BYTES = 268435456; // 256 MiB
const errorOf = (run: Run): Line | undefined => run.lines.find((line) => line.type === 'error');

/** The process whose command line holds `needle` and that runs the library: bwrap's inner driver, else the driver itself. */
function libraryProcess(needle: string, driverPid: number): number {
  const pids = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
  const argvOf = (pid: number): string[] => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      return [];
    }
  };
  // bwrap's own command line holds both too; the inner driver has the hidden option first.
  return (
    pids.find((pid) => argvOf(pid)[1]?.startsWith('--sandbox-inner=') && argvOf(pid).includes(needle)) ?? driverPid
  );
}

/** /proc/PID/limits as { 'Max address space': ['268435456', '268435456'], ... }. */
function limitsOf(pid: number): Record<string, [string, string]> {
  const rows = readFileSync(`/proc/${pid}/limits`, 'utf8').split('\n').slice(1);
  return Object.fromEntries(
    rows
      .filter((row) => row.length > 26)
      .map((row) => {
        const [soft, hard] = row.slice(26).trim().split(/\s+/);
        return [row.slice(0, 26).trim(), [soft ?? '', hard ?? ''] as [string, string]];
      }),
  );
}

/** Runs `args` (with the hanging library linked under a unique name), reads the limits of the
 *  process that runs it once it has written a line, then kills the driver. */
async function limitsWhileHanging(
  mode: SandboxMode,
  args: (library: string) => string[],
): Promise<Record<string, [string, string]>> {
  const folder = mkdtempSync(path.join(tmpdir(), 'sandbox-limits-'));
  let limits: Record<string, [string, string]> = {};
  try {
    const library = path.join(folder, 'libhang-limits.so');
    symlinkSync(lib('hang'), library);
    await runDriver(args(library), {
      env: sandboxEnv(mode),
      onSpawn: (child: ChildProcess) => {
        child.stdout?.once('data', () => {
          setTimeout(() => {
            limits = limitsOf(libraryProcess(library, child.pid ?? 0));
            child.kill('SIGKILL');
          }, 200);
        });
      },
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return limits;
}

/** 1 when this process (and so the driver it starts) holds CAP_SYS_RESOURCE, which may raise hard limits. */
const holdsSysResource = (): boolean => {
  const effective = /CapEff:\s*([0-9a-f]+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '0';
  return (BigInt(`0x${effective}`) >> 24n) % 2n === 1n;
};

describe.each(modes)('in %s mode', (mode) => {
  test('kat: address space --max-memory-bytes, no core, 256 files, CPU 3600 s soft / 3605 s hard', async () => {
    const limits = await limitsWhileHanging(mode, (library) => [
      'kat',
      library,
      '256',
      'KAT_2_12',
      '--max-memory-bytes',
      String(LIMIT_BYTES),
    ]);
    expect(limits['Max address space']).toEqual([String(LIMIT_BYTES), String(LIMIT_BYTES)]);
    expect(limits['Max core file size']).toEqual(['0', '0']);
    expect(limits['Max open files']).toEqual(['256', '256']);
    // The hard CPU limit stays 5 s above the soft one: SIGXCPU first, SIGKILL 5 s later.
    expect(limits['Max cpu time']).toEqual(['3600', '3605']);
  });

  test("time: the sandbox's address space (4 GiB by default), soft = hard", async () => {
    const limits = await limitsWhileHanging(mode, (library) => ['time', library, '256', '64', '1', '0']);
    expect(limits['Max address space']).toEqual(['4294967296', '4294967296']);
    expect(limits['Max core file size']).toEqual(['0', '0']);
  });

  test('a library cannot lift the address-space limit with setrlimit: kat and time get CRYPTOFAIL −14, not −13', async () => {
    const kat = await runDriver(
      ['kat', lib('fault_raise_limit'), '256', 'KAT_2_12', '--max-memory-bytes', String(LIMIT_BYTES)],
      { env: sandboxEnv(mode) },
    );
    expect([kat.status, errorOf(kat)?.returnCode]).toEqual([3, -14]);
    expect(kat.lines[0]).toMatchObject({ type: 'kat-meta', maxMemoryBytes: LIMIT_BYTES });
    const time = await runDriver(['time', lib('fault_raise_limit'), '256', '64', '3', '1'], {
      env: sandboxEnv(mode, { NGCC_PERF_SANDBOX_MEMORY_BYTES: String(LIMIT_BYTES) }),
    });
    expect([time.status, errorOf(time)?.returnCode]).toEqual([3, -14]);
  });

  test('_exit(139) from CryptHash is exit code 139; a real NULL write is still SIGSEGV', async () => {
    const exited = await runDriver(['time', lib('fault_exit_signal_code'), '256', '64', '3', '1'], {
      env: sandboxEnv(mode),
    });
    expect([exited.status, exited.signal]).toEqual([139, null]);
    const crashed = await runDriver(['time', lib('segv'), '256', '64', '3', '1'], { env: sandboxEnv(mode) });
    expect([crashed.status, crashed.signal]).toEqual([null, 'SIGSEGV']);
  });

  test('SIGTERM during time (no handler of its own) and SIGKILL of the library-running process stay signals', async () => {
    const terminated = await runDriver(['time', lib('hang'), '256', '64', '1', '0'], {
      env: sandboxEnv(mode),
      onSpawn: (child) => child.stdout?.once('data', () => setTimeout(() => child.kill('SIGTERM'), 200)),
    });
    expect([terminated.status, terminated.signal]).toEqual([null, 'SIGTERM']);
    const folder = mkdtempSync(path.join(tmpdir(), 'sandbox-kill-inner-'));
    try {
      const library = path.join(folder, 'libhang-kill-inner.so');
      symlinkSync(lib('hang'), library);
      const killed = await runDriver(['time', library, '256', '64', '1', '0'], {
        env: sandboxEnv(mode),
        onSpawn: (child) =>
          child.stdout?.once('data', () =>
            setTimeout(() => process.kill(libraryProcess(library, child.pid ?? 0), 'SIGKILL'), 200),
          ),
      });
      expect([killed.status, killed.signal]).toEqual([null, 'SIGKILL']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('without the sandbox', () => {
  test('kat still lowers the hard limit: −14 unless the driver holds CAP_SYS_RESOURCE (then any limit can be lifted)', async () => {
    const kat = await runDriver(
      ['kat', lib('fault_raise_limit'), '256', 'KAT_2_12', '--max-memory-bytes', String(LIMIT_BYTES)],
      { env: sandboxEnv('off') },
    );
    expect([kat.status, errorOf(kat)?.returnCode]).toEqual([3, holdsSysResource() ? -13 : -14]);
  });
});
