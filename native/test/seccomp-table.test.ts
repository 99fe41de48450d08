// The sandbox's seccomp filter names system calls by number, and the numbers differ per
// architecture (execve is 59 on x86-64, 221 on arm64). `ngcc-perf-driver seccomp-table` prints
// the filter's calls with the numbers compiled in; this test checks each against the kernel's own
// table for that architecture: asm/unistd_64.h for x86-64 and asm-generic/unistd.h (which arm64
// uses) from Debian's linux-libc-dev and linux-libc-dev-arm64-cross. The arm64 driver is
// cross-compiled and run under qemu-user when the cross tools are installed (.ci/run installs them).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AARCH64_SYSROOT, buildAarch64, emulatedDriver, missingCrossTools } from './aarch64-support.js';
import { pacedMilliseconds } from '../src/host-pace.js';

interface TableRow {
  name: string;
  nr: number;
  rule: string;
}

/** `#define __NR_<name> <number>` lines of a kernel header. */
function kernelNumbers(header: string): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const match of readFileSync(header, 'utf8').matchAll(/^#define __NR_(\w+)\s+(\d+)\s*$/gm)) {
    numbers.set(match[1] as string, Number(match[2]));
  }
  return numbers;
}

function seccompTable(driver: string): { arch: string; syscalls: TableRow[] } {
  const result = spawnSync(driver, ['seccomp-table'], { encoding: 'utf8', timeout: 60000 });
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout.trim()) as { arch: string; syscalls: TableRow[] };
}

/** Every call of the filter with the kernel's number for it ([] when they all agree). */
function disagreements(rows: TableRow[], kernel: Map<string, number>): string[] {
  return rows
    .filter((row) => kernel.get(row.name) !== row.nr)
    .map((row) => `${row.name}: filter ${row.nr}, kernel ${kernel.get(row.name)}`);
}

const X86_HEADER = '/usr/include/x86_64-linux-gnu/asm/unistd_64.h';
const ARM64_HEADER = path.join(AARCH64_SYSROOT, 'include', 'asm-generic', 'unistd.h');

describe('the seccomp filter uses the kernel numbers of its architecture', () => {
  const hostIsX86 = os.arch() === 'x64' && existsSync(X86_HEADER);
  (hostIsX86 ? it : it.skip)('x86-64: every call of the filter has its asm/unistd_64.h number', () => {
    const table = seccompTable(process.env.NGCC_PERF_DRIVER ?? '');
    expect(table.arch).toBe('x86_64');
    const kernel = kernelNumbers(X86_HEADER);
    expect(kernel.get('execve')).toBe(59);
    expect(disagreements(table.syscalls, kernel)).toEqual([]);
    expect(table.syscalls.map((row) => row.name)).toEqual(
      expect.arrayContaining(['fork', 'vfork', 'execve', 'socket', 'clone', 'clone3', 'iopl']),
    );
  });

  const missing = missingCrossTools();
  const canBuildArm64 = missing.length === 0 && existsSync(ARM64_HEADER);
  if (!canBuildArm64) {
    it.skip(`arm64: not built here (install ${missing.join(' ') || 'linux-libc-dev-arm64-cross'}; .ci/run does)`, () =>
      undefined);
    return;
  }
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ngcc-seccomp-arm64-'));
    buildAarch64(path.join(dir, 'build'), ['ngcc-perf-driver']);
  }, pacedMilliseconds(600000));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('arm64 (cross-compiled, run under qemu-user): every call has its asm-generic/unistd.h number; no fork, vfork, iopl', () => {
    const table = seccompTable(emulatedDriver(path.join(dir, 'build'), dir));
    expect(table.arch).toBe('aarch64');
    const kernel = kernelNumbers(ARM64_HEADER);
    // Hand-checked anchors from the table: execve 221, clone 220, socket 198, clone3 435.
    expect([kernel.get('execve'), kernel.get('clone'), kernel.get('socket'), kernel.get('clone3')]).toEqual([
      221, 220, 198, 435,
    ]);
    expect(disagreements(table.syscalls, kernel)).toEqual([]);
    const names = table.syscalls.map((row) => row.name);
    expect(names).toEqual(
      expect.arrayContaining(['execve', 'socket', 'clone', 'clone3', 'ptrace', 'kill', 'perf_event_open']),
    );
    // arm64 has no fork/vfork (glibc forks through clone, which the filter checks), no iopl/ioperm.
    expect(names.filter((name) => ['fork', 'vfork', 'iopl', 'ioperm', 'uselib'].includes(name))).toEqual([]);
  });
});
