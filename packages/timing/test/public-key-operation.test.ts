// Public-key operations timed through the driver's built-in kem and sig tables (native/PROTOCOL.md
// "Public-key categories"), with the toys of native/testlibs: what the driver says of a run — the
// sign attempts it retried, a failed functional check, its own --timeout — reaches the process
// entries of the record as the driver said it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { processEntrySchema } from '@ngcc-perf/record';
import { measureOperation } from '../src/measure-operation.js';

const driverPath = process.env.NGCC_PERF_DRIVER ?? '';
const testlibs = path.join(process.env.NGCC_PERF_NATIVE_BUILD ?? path.dirname(driverPath), 'testlibs');
const toy = (name: string) => path.join(testlibs, `lib${name}.so`);
const describeWithToys = existsSync(driverPath) && existsSync(toy('pk_toy_sig_sign_fails')) ? describe : describe.skip;
const quick = { trialTargetSeconds: 0.005, trials: 2 };

describeWithToys('public-key operations: what the driver says is kept', () => {
  it("keeps a signature's retried sign attempts per trial and per process", async () => {
    const measured = await measureOperation({
      library: toy('pk_toy_sig_sign_fails'),
      messageBytes: 64,
      operation: { category: 'sig', name: 'sign', parameters: { messageBytes: '64' } },
      options: quick,
      onContextSwitch: 'flag',
      hostCheck: 'off',
    });
    expect(measured.status).toBe('complete');
    const trialRetries = measured.processes.map((entry) => entry.trial?.retries);
    // The toy fails about one sign attempt in four: every trial of a few hundred calls retried some.
    for (const retries of trialRetries) expect(retries).toBeGreaterThan(0);
    for (const entry of measured.processes) {
      expect(entry.retries).toBeGreaterThanOrEqual(entry.trial!.retries!);
      // The record's schema keeps them (it strips what it does not know).
      expect(processEntrySchema.parse(entry).trial?.retries).toBe(entry.trial!.retries);
    }
  });

  it('a signature that never fails has retries 0, not absent', async () => {
    const measured = await measureOperation({
      library: toy('pk_toy_sig'),
      messageBytes: 64,
      operation: { category: 'sig', name: 'sign', parameters: { messageBytes: '64' } },
      options: { ...quick, trials: 1 },
      onContextSwitch: 'flag',
      hostCheck: 'off',
    });
    expect(measured.processes.map((entry) => [entry.trial?.retries, entry.retries])).toEqual([[0, 0]]);
  });

  it('a failed functional check of the set-up objects is CHECKFAIL, not EXIT', async () => {
    const measured = await measureOperation({
      library: toy('pk_toy_kem_wrong_secret'),
      messageBytes: 0,
      operation: { category: 'kem', name: 'dec', parameters: {} },
      options: quick,
      hostCheck: 'off',
    });
    expect(measured.status).toBe('failed');
    expect(measured.calibration.failure?.code).toBe('CHECKFAIL');
    expect(measured.status === 'failed' ? measured.failure : '').toMatch(/^calibration: CHECKFAIL — exit code 11: /);
  });

  it("a hanging operation is ended by the driver's own --timeout: TIMEOUT naming the phase, in seconds not minutes", async () => {
    const started = Date.now();
    const measured = await measureOperation({
      library: toy('pk_toy_kem_hang_enc'),
      messageBytes: 0,
      operation: { category: 'kem', name: 'enc', parameters: {} },
      options: quick,
      operationTimeoutSeconds: 1,
      hostCheck: 'off',
    });
    expect(Date.now() - started).toBeLessThan(9000); // the harness's own kill would come 10 s after
    expect(measured.status).toBe('failed');
    const failure = measured.calibration.failure!;
    expect(failure.code).toBe('TIMEOUT');
    expect(failure.message).toMatch(/exit code 12: .*kem enc did not end within 1 s/);
    expect(measured.calibration.command).toEqual(expect.arrayContaining(['--timeout', '1']));
    expect(measured.calibration.exitCode).toBe(12);
  });
});
