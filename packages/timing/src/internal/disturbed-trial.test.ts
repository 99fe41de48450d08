import { describe, expect, it } from '@jest/globals';
import type { TrialFigures } from '../trial-types.js';
import { findDisturbances } from './disturbed-trial.js';

// 2.1 GHz fixed clock (the seed host); 0.95 × 2.1 GHz = 1.995 GHz is the line.
const CLOCK_HZ = 2.1e9;
const trial = (ticks: number, extra: Partial<TrialFigures> = {}): TrialFigures => ({
  iterations: 1000,
  seconds: 1,
  ticks,
  involuntarySwitches: 0,
  voluntarySwitches: 0,
  cpuAfter: 1,
  ...extra,
});
const RERUN_CS = { rerunOnContextSwitch: true };
const FLAG_CS = { rerunOnContextSwitch: false };

describe('findDisturbances', () => {
  it('flags core cycles below 95 % of the core clock (1990 MHz < 1995 MHz; 1996 MHz passes)', () => {
    expect(findDisturbances(trial(1.99e9), 1, 'core-cycles', { coreClockHz: CLOCK_HZ, ...FLAG_CS })).toEqual([
      { code: 'slow-clock', message: 'ran at 1990 MHz, below 95 % of the 2100 MHz core clock', rerun: true },
    ]);
    expect(findDisturbances(trial(1.996e9), 1, 'core-cycles', { coreClockHz: CLOCK_HZ, ...FLAG_CS })).toEqual([]);
  });

  it('never applies the clock test to a fixed-rate counter or without a known clock', () => {
    expect(findDisturbances(trial(1e9), 1, 'fixed-rate', { coreClockHz: CLOCK_HZ, ...FLAG_CS })).toEqual([]);
    expect(findDisturbances(trial(1e9), 1, 'core-cycles', FLAG_CS)).toEqual([]);
  });

  it('flags a context switch always, and marks it for a rerun only when the policy says so', () => {
    const preempted = trial(2.1e9, { involuntarySwitches: 2 });
    const message = 'preempted 2 time(s) during the loop';
    expect(findDisturbances(preempted, 1, 'fixed-rate', FLAG_CS)).toEqual([
      { code: 'context-switch', message, rerun: false },
    ]);
    expect(findDisturbances(preempted, 1, 'fixed-rate', RERUN_CS)).toEqual([
      { code: 'context-switch', message, rerun: true },
    ]);
  });

  it('with a run delay, reruns a preemption only when the wait exceeds 0.5 % of the loop (5 ms of 1 s)', () => {
    // 4.2 ms of a 1 s loop = 0.42 %: flagged, kept even under a rerun policy.
    expect(
      findDisturbances(trial(2.1e9, { involuntarySwitches: 3, runDelayNs: 4_200_000 }), 1, 'fixed-rate', RERUN_CS),
    ).toEqual([
      {
        code: 'context-switch',
        message:
          'preempted 3 time(s) during the loop, waiting 4.200 ms for a CPU (0.42 % of the loop): within the 0.5 % limit, kept',
        rerun: false,
      },
    ]);
    // Exactly 0.5 % is still within; 5.1 ms (0.51 %) is above and follows the policy.
    expect(
      findDisturbances(trial(2.1e9, { involuntarySwitches: 1, runDelayNs: 5_000_000 }), 1, 'fixed-rate', RERUN_CS)[0]
        ?.rerun,
    ).toBe(false);
    expect(
      findDisturbances(trial(2.1e9, { involuntarySwitches: 1, runDelayNs: 5_100_000 }), 1, 'fixed-rate', RERUN_CS),
    ).toEqual([
      {
        code: 'context-switch',
        message:
          'preempted 1 time(s) during the loop, waiting 5.100 ms for a CPU (0.51 % of the loop): above the 0.5 % limit',
        rerun: true,
      },
    ]);
    expect(
      findDisturbances(trial(2.1e9, { involuntarySwitches: 1, runDelayNs: 5_100_000 }), 1, 'fixed-rate', FLAG_CS)[0]
        ?.rerun,
    ).toBe(false);
    // A run delay without a preemption is no disturbance (voluntary waits are not counted).
    expect(findDisturbances(trial(2.1e9, { runDelayNs: 9_000_000 }), 1, 'fixed-rate', RERUN_CS)).toEqual([]);
  });

  it("takes a migration from the driver's count, else from the CPU before and after the loop", () => {
    expect(findDisturbances(trial(2.1e9, { migrations: 1 }), 1, 'fixed-rate', FLAG_CS)).toEqual([
      { code: 'migration', message: 'migrated 1 time(s) between CPUs during the loop', rerun: true },
    ]);
    expect(findDisturbances(trial(2.1e9, { cpuAfter: 0 }), 1, 'fixed-rate', FLAG_CS)).toEqual([
      { code: 'migration', message: 'started on CPU 1 and ended on CPU 0', rerun: true },
    ]);
    // A reported count of the loop is trusted over the CPUs (meta's CPU is read before the warm-ups);
    // an unknown CPU proves nothing.
    expect(findDisturbances(trial(2.1e9, { migrations: 0, cpuAfter: 0 }), 1, 'fixed-rate', FLAG_CS)).toEqual([]);
    expect(findDisturbances(trial(2.1e9, { cpuAfter: null }), 1, 'fixed-rate', FLAG_CS)).toEqual([]);
  });

  it('lists several disturbances in a fixed order: slow clock, migration, context switch', () => {
    const reasons = findDisturbances(trial(1e9, { migrations: 2, involuntarySwitches: 5 }), 1, 'core-cycles', {
      coreClockHz: CLOCK_HZ,
      ...RERUN_CS,
    });
    expect(reasons.map((r) => r.code)).toEqual(['slow-clock', 'migration', 'context-switch']);
  });
});
