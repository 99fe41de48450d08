import { describe, expect, it } from '@jest/globals';
import { crash, fail, hang, ok } from '../../test/support/fake-runner.js';
import type { TimeArgs } from '../driver-args.js';
import { trialProcessFromRun } from './trial-process-from-run.js';

const ARGS: TimeArgs = {
  library: 'lib/x.so',
  digestBits: 512,
  messageBytes: 32,
  iterations: 20000,
  warmups: 3,
  cpu: 1,
  timeoutSeconds: 60,
};

describe('trialProcessFromRun', () => {
  it('turns a complete run into the record entry (the protocol example figures)', () => {
    const { process, meta } = trialProcessFromRun(ok({ seconds: 0.0228, ticks: 61340123 })(ARGS), 1);
    expect(process).toEqual({
      command: ['/opt/ngcc/ngcc-perf-driver', 'time', 'lib/x.so', '512', '32', '20000', '3', '--cpu', '1'],
      cpu: 1,
      exitCode: 0,
      wallSeconds: expect.closeTo(0.0248, 12),
      attempts: 1,
      baselineRssBytes: 1437696,
      peakRssBytes: 1503232,
      trial: {
        iterations: 20000,
        seconds: 0.0228,
        ticks: 61340123,
        involuntarySwitches: 0,
        voluntarySwitches: 0,
        cpuAfter: 1,
      },
    });
    expect(meta?.counter.name).toBe('tsc');
  });

  it('maps death by a signal to CRASH, with no trial and no exit code', () => {
    const { process } = trialProcessFromRun(crash('SIGSEGV')(ARGS), 1);
    expect(process.exitCode).toBeNull();
    expect(process.trial).toBeNull();
    expect(process.peakRssBytes).toBeNull();
    expect(process.baselineRssBytes).toBe(1437696); // meta came before the crash
    expect(process.failure).toEqual({
      code: 'CRASH',
      message: 'the driver died of SIGSEGV inside the library',
      signal: 'SIGSEGV',
    });
  });

  it("maps a non-zero exit to the driver's error code and keeps its stderr", () => {
    const { process } = trialProcessFromRun(fail(3, 'CRYPTOFAIL', 'CryptHash returned 1 for 256 bits')(ARGS), 1);
    expect(process.exitCode).toBe(3);
    expect(process.failure).toEqual({
      code: 'CRYPTOFAIL',
      message: 'exit code 3: CryptHash returned 1 for 256 bits',
      stderr: 'ngcc-perf-driver: CryptHash returned 1 for 256 bits',
    });
  });

  it('maps an unknown error code to EXIT', () => {
    expect(trialProcessFromRun(fail(9, 'WHATEVER', 'odd')(ARGS), 1).process.failure?.code).toBe('EXIT');
  });

  it('maps a killed-by-timeout process to TIMEOUT', () => {
    const { process } = trialProcessFromRun(hang()(ARGS), 2);
    expect(process.attempts).toBe(2);
    expect(process.failure).toMatchObject({
      code: 'TIMEOUT',
      signal: 'SIGKILL',
      message: 'killed after 60.0 s without finishing (per-process timeout)',
    });
  });

  it('maps exit 0 without a trial line to INCOMPLETE (library called exit())', () => {
    const run = { ...ok({ seconds: 1, ticks: 1 })(ARGS), lines: [], strayLines: ['bye'] };
    expect(trialProcessFromRun(run, 1).process.failure).toEqual({
      code: 'INCOMPLETE',
      message:
        'exit code 0 without meta, trial and end lines — did the library call exit()? (the library printed 1 line(s) on stdout)',
    });
  });
});
