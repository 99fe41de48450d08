import { describe, expect, it } from '@jest/globals';
import { measurementPlanSchema } from './plan-schema.js';

// A plan as timing writes it (every field present).
const written = {
  trialTargetSeconds: 1,
  budgetSeconds: 900,
  calibrationSeconds: 0.0000213,
  warmCallSeconds: 0.0000067,
  planCallSeconds: 0.0000067,
  calibrationBasis: 'warm-calls',
  iterationsPerTrial: 20000,
  warmups: 3,
  trials: 5,
  estimatedSeconds: 0.67,
  timeoutPerProcessSeconds: 60,
  scope: 'loop',
  message: 'rule',
  alignmentOffsetBytes: 0,
  addressLayout: 'fixed',
  onContextSwitch: 'rerun-until-futile',
  coreClockHz: null,
};

describe("a record's plan", () => {
  it('keeps every field timing writes', () => {
    expect(measurementPlanSchema.parse(written)).toEqual(written);
  });

  it('reads the plan of an older record or an imported dataset: no scope, layout or policy, no calibration kept', () => {
    const { scope, message, alignmentOffsetBytes, addressLayout, onContextSwitch, planCallSeconds, ...older } = written;
    expect([scope, message, alignmentOffsetBytes, addressLayout, onContextSwitch, planCallSeconds]).toHaveLength(6);
    const parsed = measurementPlanSchema.parse({ ...older, calibrationSeconds: null });
    expect(parsed.calibrationSeconds).toBeNull();
    expect(parsed.onContextSwitch).toBeUndefined();
  });

  it('refuses a policy, pattern or layout no harness writes, naming the field', () => {
    const policy = measurementPlanSchema.safeParse({ ...written, onContextSwitch: 'ignore' });
    expect(policy.success).toBe(false);
    expect(policy.error?.issues[0]?.path).toEqual(['onContextSwitch']);
    expect(measurementPlanSchema.safeParse({ ...written, message: 'zeros' }).success).toBe(false);
    expect(measurementPlanSchema.safeParse({ ...written, addressLayout: 'pinned' }).success).toBe(false);
  });
});
