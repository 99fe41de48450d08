// An operation of a category other than hash, timed through the driver's op-time (native/PROTOCOL.md
// "Categories"): the toy fixed-output function of native/testlibs, whose C adapter the driver loads.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { measureOperation } from '../src/measure-operation.js';
import type { DriverOperation } from '../src/driver-operation.js';

const driverPath = process.env.NGCC_PERF_DRIVER ?? '';
const testlibs = path.join(process.env.NGCC_PERF_NATIVE_BUILD ?? path.dirname(driverPath), 'testlibs');
const toyAdapter = path.join(testlibs, 'libtoy_fof_adapter.so');
const describeWithToy = existsSync(driverPath) && existsSync(toyAdapter) ? describe : describe.skip;
const evalAt64: DriverOperation = {
  category: 'toy-fof',
  name: 'eval',
  parameters: { inputBytes: '64' },
  adapterPath: toyAdapter,
};

describeWithToy('an operation of a category of our own', () => {
  it('is calibrated and timed in pinned op-time processes, its figures per call and per input byte', async () => {
    const measured = await measureOperation({
      library: path.join(testlibs, 'libtoy_fof.so'),
      messageBytes: 64,
      operation: evalAt64,
      options: { trialTargetSeconds: 0.005, trials: 3 },
      cpu: os.cpus().length - 1,
      onContextSwitch: 'flag',
    });
    expect(measured.status).toBe('complete');
    expect(measured.processes).toHaveLength(3);
    for (const process of measured.processes) {
      expect(process.command.slice(1, 6)).toEqual([
        'op-time',
        path.join(testlibs, 'libtoy_fof.so'),
        'toy-fof',
        'eval',
        String(process.trial?.iterations),
      ]);
      expect(process.command).toEqual(expect.arrayContaining(['--param', 'inputBytes=64', '--adapter', toyAdapter]));
    }
    const derived = measured.derived!;
    expect(derived.meanCycles).toBeGreaterThan(0);
    expect(derived.cyclesPerByte).toBeCloseTo(derived.meanCycles / 64, 6);
  });

  it('a verdict of the category (an output past its length) fails the measurement, not the harness', async () => {
    const measured = await measureOperation({
      library: path.join(testlibs, 'libtoy_fof_overflow.so'),
      messageBytes: 64,
      operation: evalAt64,
      options: { trialTargetSeconds: 0.005, trials: 3 },
    });
    expect(measured.status).toBe('failed');
    expect(measured.status === 'failed' ? measured.failure : '').toMatch(/OVERFLOW/);
  });

  it('options op-time does not have are refused before any process starts', async () => {
    await expect(
      measureOperation({
        library: path.join(testlibs, 'libtoy_fof.so'),
        messageBytes: 64,
        operation: evalAt64,
        scope: 'per-call',
      }),
    ).rejects.toThrow(/loop scope with the driver's own input only; leave out scope "per-call"/);
  });
});
