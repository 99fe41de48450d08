import { describe, expect, it } from '@jest/globals';
import { describeTimeProgress } from './describe-time-progress.js';
import type { MeasureProgress } from './measure-operation.js';
import type { DisturbedReason, TrialProcess } from './trial-types.js';

const PREEMPTED: DisturbedReason = {
  code: 'context-switch',
  message: 'preempted 6 time(s) during the loop',
  rerun: true,
};
const FLAGGED: DisturbedReason = {
  code: 'context-switch',
  message: 'preempted 1 time(s) during the loop',
  rerun: false,
};

function event(fields: Partial<MeasureProgress>, process: Partial<TrialProcess>): MeasureProgress {
  const base: TrialProcess = {
    command: [],
    cpu: 1,
    exitCode: 0,
    wallSeconds: 0.05,
    attempts: 1,
    baselineRssBytes: null,
    peakRssBytes: null,
    trial: null,
  };
  return {
    phase: 'trial',
    trial: 2,
    trials: 5,
    attempt: 1,
    disturbedReasons: [],
    rerun: false,
    ...fields,
    process: { ...base, ...process },
  };
}
// 2169 calls of libsha512 at 4096 B in a 40.7 ms loop.
const LOOP = {
  iterations: 2169,
  seconds: 0.0407,
  ticks: 99_527_780,
  involuntarySwitches: 6,
  voluntarySwitches: 0,
  cpuAfter: 1,
};

describe('time progress lines', () => {
  it('names the calibration timeout (--budget, in seconds as given)', () => {
    expect(describeTimeProgress({ phase: 'calibrating', messageBytes: 64, timeoutSeconds: 2 })).toBe(
      'calibrating 64 B (one cold call; a process is killed after 2 s)',
    );
    expect(describeTimeProgress({ phase: 'calibrating', messageBytes: 0, timeoutSeconds: 900 })).toBe(
      'calibrating 0 B (one cold call; a process is killed after 900 s)',
    );
    expect(describeTimeProgress({ phase: 'memory', timeoutSeconds: 2 })).toBe(
      'memory of one call (one more process; killed after 2 s)',
    );
  });

  it('says what calibration timed: a batch of calls too short to time alone', () => {
    const batch = event({ phase: 'calibration', trial: 0 }, { trial: { ...LOOP, iterations: 1000, seconds: 0.0004 } });
    expect(describeTimeProgress(batch)).toBe(
      'calibration: a batch of 1000 calls took 400 µs (400 ns each); 5 trial(s) to run',
    );
  });

  it('says a disturbed attempt that runs again, one kept when reruns stopped, and flags that only inform', () => {
    expect(describeTimeProgress(event({ disturbedReasons: [PREEMPTED], rerun: true }, { trial: LOOP }))).toBe(
      'trial 2/5, attempt 1: 40.7 ms timed loop of 2169 calls on CPU 1, disturbed (preempted 6 time(s) during the loop): run again',
    );
    expect(describeTimeProgress(event({ attempt: 3, disturbedReasons: [PREEMPTED] }, { trial: LOOP }))).toBe(
      'trial 2/5, attempt 3: 40.7 ms timed loop of 2169 calls on CPU 1, disturbed (preempted 6 time(s) during the loop): kept, reruns stopped',
    );
    expect(describeTimeProgress(event({ disturbedReasons: [FLAGGED] }, { trial: LOOP, cpu: null }))).toBe(
      'trial 2/5: 40.7 ms timed loop of 2169 calls (flagged: preempted 1 time(s) during the loop)',
    );
  });

  it('names a failed process by code; a LOADFAIL calibration is left to the command error', () => {
    const timeout = { code: 'TIMEOUT' as const, message: 'killed after 2.0 s without finishing (per-process timeout)' };
    expect(describeTimeProgress(event({ phase: 'calibration', trial: 0, trials: 0 }, { failure: timeout }))).toBe(
      'calibration failed: TIMEOUT — killed after 2.0 s without finishing (per-process timeout)',
    );
    expect(
      describeTimeProgress(event({ trial: 3 }, { failure: { code: 'CRASH', message: 'killed by SIGSEGV' } })),
    ).toBe('trial 3/5: failed — CRASH — killed by SIGSEGV');
    expect(
      describeTimeProgress(
        event({ phase: 'calibration', trial: 0 }, { failure: { code: 'LOADFAIL', message: 'cannot load x.so' } }),
      ),
    ).toBeNull();
  });
});
