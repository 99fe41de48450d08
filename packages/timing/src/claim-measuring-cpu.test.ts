import { afterAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { claimMeasuringCpu, describeCpuClaim } from './claim-measuring-cpu.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'ngcc-perf-cpu-claim-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let folders = 0;
const lockDirectory = () => path.join(scratch, String((folders += 1)));
const running = new Set([101, 102]);
const isRunning = (pid: number) => running.has(pid);

describe('claimMeasuringCpu', () => {
  it('two runs started side by side measure on different CPUs, the second saying which it took', () => {
    const directory = lockDirectory();
    const first = claimMeasuringCpu({ allowed: [0, 1], lockDirectory: directory, pid: 101, isRunning });
    const second = claimMeasuringCpu({ allowed: [0, 1], lockDirectory: directory, pid: 102, isRunning });
    expect(first.cpu).toBe(1);
    expect(describeCpuClaim(first)).toBeNull();
    expect(second.cpu).toBe(0);
    expect(describeCpuClaim(second)).toBe('measuring on CPU 0: CPU 1 is measuring for another ngcc-perf (pid 101)');
    expect(readFileSync(path.join(directory, 'cpu-1.lock'), 'utf8')).toBe('101\n');
    first.release();
    second.release();
    expect(existsSync(path.join(directory, 'cpu-1.lock'))).toBe(false);
    expect(existsSync(path.join(directory, 'cpu-0.lock'))).toBe(false);
  });

  it('a released CPU is free again, and a lock of a process that ended is taken over', () => {
    const directory = lockDirectory();
    claimMeasuringCpu({ allowed: [0, 1], lockDirectory: directory, pid: 101, isRunning }).release();
    writeFileSync(path.join(directory, 'cpu-1.lock'), '99999\n'); // not running
    const claim = claimMeasuringCpu({ allowed: [0, 1], lockDirectory: directory, pid: 102, isRunning });
    expect(claim).toMatchObject({ cpu: 1, taken: [], shared: false });
    claim.release();
  });

  it('when every CPU is taken, the last is shared and the sentence says so', () => {
    const directory = lockDirectory();
    const first = claimMeasuringCpu({ allowed: [3], lockDirectory: directory, pid: 101, isRunning });
    const second = claimMeasuringCpu({ allowed: [3], lockDirectory: directory, pid: 102, isRunning });
    expect(second).toMatchObject({ cpu: 3, shared: true, taken: [{ cpu: 3, pid: 101 }] });
    expect(describeCpuClaim(second)).toMatch(/^measuring on CPU 3, shared: .*give each its own CPU with --cpu$/);
    first.release();
  });
});
