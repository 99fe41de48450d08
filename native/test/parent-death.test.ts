// A driver never outlives the process that started it (PROTOCOL.md, "Lifetime"): a node process
// runs `ngcc-perf-driver kat` on a library that spins forever, the test SIGKILLs that node process
// (as the OOM killer, a CI timeout or Slurm would) and two seconds later no process of that driver
// — monitor, bwrap or the sandboxed copy — is alive, in every sandbox mode.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { driverPath, lib, sandboxEnv, sandboxInfo, type SandboxMode } from './sandbox-support.js';
import { pacedMilliseconds } from '../src/host-pace.js';

const folder = mkdtempSync(path.join(os.tmpdir(), 'ngcc-parent-death-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Pids of live (not zombie) processes whose command line contains `marker`. */
function livePids(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      if (cmdline.includes(marker) && state !== 'Z' && state !== 'X') pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

/** Seconds of CPU time (user + system) a process has used so far, or 0 when it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

// The parent: a node process that starts the driver the way every package does (pipes for stdout
// and stderr, no stdin), reads them, and prints the driver's pid.
const PARENT = `
const { spawn } = require('node:child_process');
const [driver, library] = process.argv.slice(1);
const child = spawn(driver, ['kat', library, '256', 'KAT_2_12'], { stdio: ['ignore', 'pipe', 'pipe'] });
child.stdout.resume();
child.stderr.resume();
process.stdout.write(child.pid + '\\n');
setInterval(() => {}, 1000);
`;

async function killParentMidKat(mode: SandboxMode | 'off'): Promise<{ spinning: boolean; alive: number[] }> {
  // A copy under a name of its own: every process of this run, and only those, has it on its command line.
  const marker = path.join(mkdtempSync(path.join(folder, `${mode}-`)), 'libspin-marker.so');
  copyFileSync(lib('fault_signal_spin'), marker);
  const parent = spawn(process.execPath, ['-e', PARENT, driverPath, marker], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: sandboxEnv(mode),
  });
  const driverPid = await new Promise<number>((resolve) =>
    parent.stdout.once('data', (d: Buffer) => resolve(Number(d))),
  );
  // Wait until the library spins (a driver process of this run uses CPU time), at most 20 s.
  let spinning = false;
  for (let waited = 0; waited < 20_000 && !spinning; waited += 100) {
    await sleep(100);
    spinning = livePids(marker).some((pid) => cpuSeconds(pid) >= 0.2);
  }
  expect(livePids(marker)).toContain(driverPid);
  parent.kill('SIGKILL');
  await sleep(2000);
  const alive = livePids(marker);
  for (const pid of alive) process.kill(pid, 'SIGKILL');
  return { spinning, alive };
}

const bwrapWorks = sandboxInfo(sandboxEnv('bwrap')).mode === 'bwrap';
const unshareWorks = sandboxInfo(sandboxEnv('unshare')).mode === 'unshare';
if (!bwrapWorks) console.warn('parent-death.test.ts: bwrap mode skipped: bwrap is not usable here');
if (!unshareWorks) console.warn('parent-death.test.ts: unshare mode skipped: user namespaces are not usable here');

describe('a driver whose parent is SIGKILLed mid-kat of a spinning library', () => {
  (bwrapWorks ? it : it.skip)(
    'bwrap mode: no monitor, bwrap or sandboxed driver is alive 2 s later',
    async () => {
      const { spinning, alive } = await killParentMidKat('bwrap');
      expect(spinning).toBe(true);
      expect(alive).toEqual([]);
    },
    pacedMilliseconds(40_000),
  );
  (unshareWorks ? it : it.skip)(
    'unshare mode: the driver is gone 2 s later',
    async () => {
      const { spinning, alive } = await killParentMidKat('unshare');
      expect(spinning).toBe(true);
      expect(alive).toEqual([]);
    },
    pacedMilliseconds(40_000),
  );
  it(
    'without a sandbox: the driver is gone 2 s later',
    async () => {
      const { spinning, alive } = await killParentMidKat('off');
      expect(spinning).toBe(true);
      expect(alive).toEqual([]);
    },
    pacedMilliseconds(40_000),
  );
});
