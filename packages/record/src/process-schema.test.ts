import { describe, expect, it } from '@jest/globals';
import { processEntrySchema, trialSchema } from './process-schema.js';

// A trial process as timing writes it into a record: a context-switch attempt rerun, the kept
// attempt only flagged. Before the process schema named these fields, loading a record dropped them.
const trial = {
  iterations: 20000,
  seconds: 0.2311,
  ticks: 484373547,
  involuntarySwitches: 5,
  voluntarySwitches: 0,
  cpuAfter: 1,
  migrations: 0,
  runDelayNs: 240277,
};
const writtenProcess = {
  command: ['ngcc-perf-driver', 'time', 'lib/libsha512.so', '512', '4096', '20000', '3', '--cpu', '1'],
  cpu: 1,
  exitCode: 0,
  wallSeconds: 0.262,
  attempts: 2,
  baselineRssBytes: 1437696,
  peakRssBytes: 1576960,
  trial,
  disturbedReasons: [
    {
      code: 'context-switch',
      message:
        'preempted 5 time(s) during the loop, waiting 0.240 ms for a CPU (0.10 % of the loop): within the 0.5 % limit, kept',
      rerun: false,
    },
  ],
  discardedAttempts: [
    {
      attempt: 1,
      cpu: 1,
      wallSeconds: 0.301,
      trial: { ...trial, ticks: 601234567, runDelayNs: 9800000 },
      disturbedReasons: [
        { code: 'context-switch', message: 'preempted 9 time(s) during the loop, waiting 9.800 ms', rerun: true },
      ],
    },
  ],
};

describe('process entries of a record', () => {
  it('keeps every field timing writes: the scheduler figures, the disturbances and the discarded attempts', () => {
    expect(processEntrySchema.parse(writtenProcess)).toEqual(writtenProcess);
  });

  it('keeps a failed process with its failure and a kept disturbed attempt with why it was kept', () => {
    const failed = {
      ...writtenProcess,
      attempts: 1,
      exitCode: null,
      trial: null,
      discardedAttempts: undefined,
      failure: { code: 'TIMEOUT', message: 'killed after 2.1 s (budget 2 s)', signal: 'SIGKILL' },
    };
    const parsed = processEntrySchema.parse(failed);
    expect(parsed.failure).toEqual(failed.failure);
    const kept = processEntrySchema.parse({ ...writtenProcess, disturbed: true, rerunStopped: 'max-attempts' });
    expect([kept.disturbed, kept.rerunStopped]).toEqual([true, 'max-attempts']);
  });

  it('refuses a disturbance, stop or failure code no harness writes, naming the field', () => {
    const badReason = processEntrySchema.safeParse({
      ...writtenProcess,
      disturbedReasons: [{ code: 'noise', message: 'x', rerun: true }],
    });
    expect(badReason.success).toBe(false);
    expect(badReason.error?.issues[0]?.path).toEqual(['disturbedReasons', 0, 'code']);
    expect(processEntrySchema.safeParse({ ...writtenProcess, rerunStopped: 'tired' }).success).toBe(false);
    expect(
      processEntrySchema.safeParse({ ...writtenProcess, failure: { code: 'SEGFAULT', message: 'x' } }).success,
    ).toBe(false);
  });

  it("keeps a signature's retries (timed calls and whole process) and a CHECKFAIL failure", () => {
    const signing = { ...writtenProcess, trial: { ...trial, retries: 72 }, retries: 75 };
    const parsed = processEntrySchema.parse(signing);
    expect([parsed.trial?.retries, parsed.retries]).toEqual([72, 75]);
    const checkFailed = {
      ...writtenProcess,
      trial: null,
      discardedAttempts: undefined,
      failure: { code: 'CHECKFAIL', message: 'exit code 11: sig_verify refused the set-up signature' },
    };
    expect(processEntrySchema.parse(checkFailed).failure?.code).toBe('CHECKFAIL');
    expect(processEntrySchema.safeParse({ ...writtenProcess, retries: -1 }).success).toBe(false);
  });

  it('reads a trial of another harness, which has only iterations, seconds and ticks', () => {
    expect(trialSchema.parse({ iterations: 100, seconds: 0.01, ticks: 2e7 })).toEqual({
      iterations: 100,
      seconds: 0.01,
      ticks: 2e7,
    });
  });
});
