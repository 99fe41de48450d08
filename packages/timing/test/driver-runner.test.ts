// Spawns stand-in driver scripts (test/fixtures/drivers) through the real runner (spawnDriverProcess).
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import type { TimeArgs } from '../src/driver-args.js';
import { createDriverRunner } from '../src/driver-runner.js';
import { measureOperation } from '../src/measure-operation.js';
import { probeClock } from '../src/probe-clock.js';
import { readDriverInfo } from '../src/read-driver-info.js';

const scripted = fileURLToPath(new URL('./fixtures/drivers/scripted-driver.sh', import.meta.url));
const failing = fileURLToPath(new URL('./fixtures/drivers/failing-driver.sh', import.meta.url));
const scratch = mkdtempSync(path.join(os.tmpdir(), 'timing-runner-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const args = (library: string, extra: Partial<TimeArgs> = {}): TimeArgs => ({
  library,
  digestBits: 512,
  messageBytes: 32,
  iterations: 20000,
  warmups: 3,
  timeoutSeconds: 10,
  ...extra,
});

describe('createDriverRunner', () => {
  const runner = createDriverRunner(scripted);

  it('passes the protocol arguments and returns the validated lines', async () => {
    const run = await runner.time(args('ok', { cpu: 1, counter: 'tsc' }));
    expect(run.command).toEqual([scripted, 'time', 'ok', '512', '32', '20000', '3', '--counter', 'tsc', '--cpu', '1']);
    expect(run).toMatchObject({
      exitCode: 0,
      signal: null,
      timedOut: false,
      strayLines: ['library chatter on stdout'],
    });
    expect(run.lines.map((line) => line.type)).toEqual(['meta', 'trial', 'end']);
    expect(run.lines[1]).toMatchObject({ ticks: 61340123, iterations: 20000 });
    expect(run.wallSeconds).toBeGreaterThan(0);
  });

  it('reports death by a signal as data', async () => {
    const run = await runner.time(args('crash'));
    expect(run).toMatchObject({ exitCode: null, signal: 'SIGSEGV', timedOut: false });
  });

  it('kills a process that outlives its timeout', async () => {
    const run = await runner.time(args('hang', { timeoutSeconds: 0.3 }));
    expect(run).toMatchObject({ exitCode: null, signal: 'SIGKILL', timedOut: true });
  });

  it('returns a non-zero exit with its error line and stderr', async () => {
    const run = await runner.time(args('loadfail'));
    expect(run.exitCode).toBe(5);
    expect(run.lines[0]).toMatchObject({ type: 'error', code: 'LOADFAIL' });
    expect(run.stderr).toContain('cannot load loadfail');
  });

  it('throws DRIVER_VERSION for another protocol version, and PROTOCOL for a malformed line', async () => {
    await expect(runner.time(args('v2'))).rejects.toMatchObject({ code: 'DRIVER_VERSION' });
    await expect(runner.time(args('v2'))).rejects.toThrow(/npm run build/);
    await expect(runner.time(args('garbage'))).rejects.toMatchObject({ code: 'PROTOCOL' });
  });

  it('says DRIVER_UNSUPPORTED, with the fix, when a driver predates --scope or clock-probe', async () => {
    await expect(runner.time(args('ok', { scope: 'per-call' }))).rejects.toMatchObject({ code: 'DRIVER_UNSUPPORTED' });
    await expect(runner.time(args('ok', { scope: 'per-call' }))).rejects.toThrow(
      /unknown option "--scope".*npm run build/,
    );
    await expect(probeClock({ driverPath: scripted, cpu: 0 })).rejects.toMatchObject({ code: 'DRIVER_UNSUPPORTED' });
    await expect(probeClock({ driverPath: scripted })).rejects.toThrow(/does not support the subcommand "clock-probe"/);
  });

  it('reads the info line', async () => {
    await expect(readDriverInfo({ driverPath: scripted })).resolves.toEqual({
      driver: '0.1.0',
      arch: 'x86_64',
      pageBytes: 4096,
      counter: { name: 'tsc', kind: 'fixed-rate', reason: 'scripted' },
    });
  });

  it('throws DRIVER_FAILED when info fails, quoting stderr', async () => {
    await expect(readDriverInfo({ driverPath: failing })).rejects.toMatchObject({ code: 'DRIVER_FAILED' });
    await expect(readDriverInfo({ driverPath: failing })).rejects.toThrow(
      /info failed \(exit code 8\): ngcc-perf-driver: \/proc unreadable/,
    );
  });

  it('throws DRIVER_NOT_FOUND for a missing or non-executable path', () => {
    expect(() => createDriverRunner(path.join(scratch, 'missing'))).toThrow(
      expect.objectContaining({ code: 'DRIVER_NOT_FOUND' }),
    );
    const plain = path.join(scratch, 'not-executable');
    writeFileSync(plain, '#!/bin/sh\n');
    chmodSync(plain, 0o644);
    expect(() => createDriverRunner(plain)).toThrow(/No executable driver at .*point driverPath at ngcc-perf-driver/);
  });
});

describe('measureOperation through a spawned driver', () => {
  it('records a crash of every process as a failed measurement, not an exception', async () => {
    const measured = await measureOperation({
      library: 'crash',
      digestBits: 512,
      messageBytes: 32,
      driverPath: scripted,
    });
    expect(measured.status).toBe('failed');
    expect(measured.failure).toBe('calibration: CRASH — the driver died of SIGSEGV inside the library');
    expect(measured.counter).toMatchObject({ name: 'tsc', hz: null });
  });

  it('runs calibration plus five trials of the scripted figures', async () => {
    const measured = await measureOperation({ library: 'ok', digestBits: 512, messageBytes: 32, driverPath: scripted });
    // The script always answers 0.0228 s: t1 = 0.0228 → ⌈1 / 0.0228⌉ = 44 iterations, 3 warm-ups.
    expect(measured.plan).toMatchObject({ iterationsPerTrial: 44, warmups: 3, calibrationSeconds: 0.0228 });
    expect(measured.processes).toHaveLength(5);
    expect(measured.derived?.n).toBe(220);
    // Σ ticks / Σ seconds = 61340123 / 0.0228.
    expect(measured.counter?.hz).toBeCloseTo(61340123 / 0.0228, 0);
  });
});
