// `ngcc-perf time` and `plan` through main() with the real driver: bad input (a missing path, a
// file that is not ELF, a library the driver cannot load, a CPU this process may not use) ends
// with exit 2 and one line before anything is measured; a library that hangs is a measured
// TIMEOUT within --budget. The test libraries are described in native/testlibs/README.md.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { repositoryRoot, runCli } from './campaign-support.js';
import { allowedCpus, formatCpuList } from '@ngcc-perf/timing';
import { pacedMilliseconds } from '@ngcc-perf/native';

const testlibs = path.join(repositoryRoot, 'native', 'build', 'testlibs');
const XOR_OK = path.join(testlibs, 'libxor_ok.so');
/** One more than the highest CPU this process may use: never allowed. */
const FORBIDDEN_CPU = String(Math.max(...allowedCpus()) + 1);

let scratch: string;
let notElf: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'ngcc-time-plan-input-'));
  notElf = path.join(scratch, 'notelf.so');
  await writeFile(notElf, 'notelf\n');
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** The stderr lines that are not progress. */
const errorLines = (stderr: string) =>
  stderr
    .trim()
    .split('\n')
    .filter((line) => !line.startsWith('[ngcc-perf] '));

describe('time and plan refuse bad input up front (exit 2, one line)', () => {
  it('a missing path and a file that is not ELF: the same line as `ngcc-perf size`, nothing calibrated', async () => {
    const missing = path.join(scratch, 'nonexistent.so');
    for (const library of [missing, notElf]) {
      const size = await runCli(['size', library]);
      const time = await runCli(['time', library, '--digest-bits', '256', '--bytes', '3']);
      const plan = await runCli(['plan', library, '--digest-bits', '256']);
      expect([size.code, time.code, plan.code]).toEqual([2, 2, 2]);
      expect(time.stderr).toBe(size.stderr);
      expect(plan.stderr).toBe(size.stderr);
      expect(time.stdout + plan.stdout).toBe('');
    }
    expect((await runCli(['size', missing])).stderr).toBe(
      `ngcc-perf: ${missing}: no such file. Pass the path of the shared library the build wrote (lib<instance>.so); build the candidate first if it is missing.\n`,
    );
  });

  it(
    'a library without CryptHash (LOADFAIL at dlsym): plan stops after the first size, time after calibration',
    async () => {
      const library = path.join(testlibs, 'libno_symbol.so');
      const reason = `${library}: the driver cannot load it (LOADFAIL): no symbol CryptHash in ${library}`;
      const plan = await runCli(['plan', library, '--digest-bits', '256']);
      expect(plan.code).toBe(2);
      expect(plan.stderr.split('\n').filter((line) => line.startsWith('[ngcc-perf] calibrating'))).toHaveLength(1);
      expect(errorLines(plan.stderr)).toHaveLength(1);
      expect(errorLines(plan.stderr)[0]).toContain(`ngcc-perf: ${reason}`);
      expect(errorLines(plan.stderr)[0]).toMatch(/check with nm -D\)$/);
      const time = await runCli(['time', library, '--digest-bits', '256', '--bytes', '3', '--quiet']);
      expect(time.code).toBe(2);
      expect(errorLines(time.stderr)).toEqual([expect.stringContaining(`ngcc-perf: ${reason}`)]);
      expect(time.stdout).toBe('');
    },
    pacedMilliseconds(30_000),
  );

  it('--cpu outside Cpus_allowed_list: time, plan and check-host name the allowed CPUs', async () => {
    const lines: string[] = [];
    for (const argv of [
      ['time', XOR_OK, '--digest-bits', '256', '--bytes', '3'],
      ['plan', XOR_OK, '--digest-bits', '256'],
      ['check-host'],
    ]) {
      const result = await runCli([...argv, '--cpu', FORBIDDEN_CPU]);
      expect(result.code).toBe(2);
      lines.push(result.stderr);
    }
    const expected = `ngcc-perf: --cpu ${FORBIDDEN_CPU}: CPU ${FORBIDDEN_CPU} is not available to this process (allowed: ${formatCpuList(allowedCpus())}). Pick a CPU from that list.\n`;
    expect(lines).toEqual([expected, expected, expected]);
  });
});

describe('time --budget', () => {
  it(
    'libhang (sleeps forever above 100 bits): calibration and the memory call are killed after 2 s; exit 3 with TIMEOUT',
    async () => {
      const result = await runCli([
        'time',
        path.join(testlibs, 'libhang.so'),
        '--digest-bits',
        '256',
        '--bytes',
        '64',
        '--trial-target',
        '0.01',
        '--budget',
        '2',
      ]);
      expect(result.code).toBe(3);
      expect(result.stderr.split('\n')[0]).toBe(
        '[ngcc-perf] calibrating 64 B (one cold call; a process is killed after 2 s)',
      );
      expect(result.stderr).toContain('[ngcc-perf] calibration failed: TIMEOUT — ');
      // The sentence gives the process's wall time: the 2 s budget plus the kill and the wait for its
      // end (2.1 s on a busy CI machine), never the 900 s default.
      expect(result.stdout.split('\n')[0]).toMatch(/^failed: calibration: TIMEOUT — killed after 2\.[0-4] s/);
      expect(result.stdout).toMatch(/\nmemory: not measured \(TIMEOUT — killed after 2 s/);
    },
    pacedMilliseconds(15_000),
  );
});
