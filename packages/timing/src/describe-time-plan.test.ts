import { describe, expect, it } from '@jest/globals';
import { describeTimePlan } from './describe-time-plan.js';
import type { MeasurementPlan, OperationMeasurement } from './measurement-types.js';

// The seed's litchi_512 at 65536 B: a 987.5 µs cold call, ⌈1 s / 987.5 µs⌉ = 1013 calls, 3 warm-ups.
const PLAN: MeasurementPlan = {
  trialTargetSeconds: 1,
  budgetSeconds: 900,
  calibrationSeconds: 0.0009875,
  warmCallSeconds: 0.000986,
  planCallSeconds: 0.0009875,
  calibrationBasis: 'first-call',
  iterationsPerTrial: 1013,
  warmups: 3,
  trials: 5,
  estimatedSeconds: 5 * 1016 * 0.0009875,
  timeoutPerProcessSeconds: 60,
  scope: 'loop',
  message: 'rule',
  alignmentOffsetBytes: 0,
  addressLayout: 'randomized',
  onContextSwitch: 'rerun-until-futile',
  coreClockHz: null,
};
const trial = (seconds: number) => ({ trial: { iterations: 1013, seconds } });

describe('describeTimePlan', () => {
  it('plans from the cold call (SPEC §5) and shows each loop against the target', () => {
    // 1013 × 986 µs = 0.998818 s per loop.
    const measured = {
      plan: PLAN,
      processes: [0.998818, 0.9991, 0.9987].map(trial),
      calibration: {},
    } as unknown as OperationMeasurement;
    expect(describeTimePlan(measured, false)).toBe(
      'plan: 5 trials × 1013 calls (+3 warm-ups), from one cold call of 988 µs (the warm calls after it took 986 µs each)\n' +
        'trials: 999 ms, 999 ms, 999 ms of timed loop, target 1 s\n',
    );
  });

  it('sums up more than ten loops as a range, and says nothing without a plan', () => {
    const measured = {
      plan: { ...PLAN, warmCallSeconds: null, trials: 12 },
      processes: Array.from({ length: 12 }, (_, i) => trial(0.99 + i / 1000)),
      calibration: {},
    } as unknown as OperationMeasurement;
    expect(describeTimePlan(measured, false)).toBe(
      'plan: 12 trials × 1013 calls (+3 warm-ups), from one cold call of 988 µs\ntrials: 12 loops of 990 ms to 1 s of timed loop, target 1 s\n',
    );
    expect(describeTimePlan({ plan: null, processes: [] } as unknown as OperationMeasurement, false)).toBe('');
  });
});
