// `ngcc-perf --no-sandbox …` reaches the driver processes (NGCC_PERF_NO_SANDBOX, native/PROTOCOL.md
// "Sandbox") and says so loudly; without it a library's write outside its scratch folder fails.
// (`time` spawns through execa, which sees the variables jest's copy of process.env holds.)
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { repositoryRoot, runCli } from './campaign-support.js';

const writesOutside = path.join(repositoryRoot, 'native', 'build', 'testlibs', 'libfault_write_outside.so');
const outside = mkdtempSync(path.join(os.tmpdir(), 'ngcc-no-sandbox-'));
const saved = { off: process.env.NGCC_PERF_NO_SANDBOX, dir: process.env.NGCC_FAULT_DIR };
process.env.NGCC_FAULT_DIR = outside;
delete process.env.NGCC_PERF_NO_SANDBOX;

afterAll(() => {
  for (const [name, value] of [
    ['NGCC_PERF_NO_SANDBOX', saved.off],
    ['NGCC_FAULT_DIR', saved.dir],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  rmSync(outside, { recursive: true, force: true });
});

const time = [
  'time',
  writesOutside,
  '--digest-bits',
  '256',
  '--bytes',
  '64',
  '--trials',
  '1',
  '--iterations',
  '5',
  '--json',
];

describe('ngcc-perf --no-sandbox', () => {
  it('sandboxed by default: the write outside fails and the library is measured', async () => {
    const result = await runCli(time);
    expect([result.code, JSON.parse(result.stdout).status]).toEqual([0, 'complete']);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('turns the sandbox off for the driver processes and warns: the write then succeeds (CryptHash returns -10)', async () => {
    const result = await runCli(['--no-sandbox', ...time]);
    expect(result.stderr).toMatch(/^ngcc-perf: WARNING: --no-sandbox: candidate code runs with your full rights/);
    expect(process.env.NGCC_PERF_NO_SANDBOX).toBe('1');
    expect(result.stdout).toContain('returned -10');
    expect(readdirSync(outside)).toEqual(['outside-marker']);
  });
});
