import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { measurePhaseSeconds } from './measure-phase-estimate.js';

interface Recorded {
  measurePhase: { startedUtc: string; endedUtc: string };
  calibrations: Array<{
    instance: string;
    messageBytes: number;
    estimatedWallSeconds: number;
    plan: { trials: number; iterationsPerTrial: number; planCallSeconds: number; estimatedSeconds: number };
    calibration: { wallSeconds: number };
  }>;
  records: Array<{ instance: string; messageBytes: number; wallSeconds: number }>;
}

// A real run's calibration files, each operation's measure-phase wall seconds and the phase's start
// and end in campaign.json (test/fixtures/eta-run/README.md).
const recorded = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../test/fixtures/eta-run/eta-run.json', import.meta.url)), 'utf8'),
) as Recorded;
const phaseSeconds = (Date.parse(recorded.measurePhase.endedUtc) - Date.parse(recorded.measurePhase.startedUtc)) / 1000;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('measurePhaseSeconds', () => {
  it('adds every process of the phase to the trials: its calibration, the per-call sample, the memory process', () => {
    const file = recorded.calibrations.find((entry) => entry.instance === 'sha512' && entry.messageBytes === 65536)!;
    const startSeconds = (file.estimatedWallSeconds - file.plan.estimatedSeconds) / file.plan.trials;
    expect(measurePhaseSeconds(file)).toBeCloseTo(
      file.estimatedWallSeconds +
        file.calibration.wallSeconds +
        startSeconds +
        Math.min(file.plan.iterationsPerTrial, 2001) * file.plan.planCallSeconds +
        startSeconds,
      10,
    );
    expect(measurePhaseSeconds({ ...file, estimatedWallSeconds: null })).toBeNull();
  });

  it('on a recorded run of the bundled examples on a busy host, is the idle-CPU lower bound of the phase', () => {
    expect(recorded.calibrations).toHaveLength(40);
    expect(Math.abs(sum(recorded.records.map((r) => r.wallSeconds)) / phaseSeconds - 1)).toBeLessThan(0.01);
    const trialsSeconds = sum(recorded.calibrations.map((file) => file.estimatedWallSeconds));
    const planSeconds = sum(recorded.calibrations.map((file) => measurePhaseSeconds(file)!));
    // More than the trials alone (the processes around them), less than the phase took: under load
    // the trials ran slower than the calibration's warm calls and each operation reran a disturbed
    // trial, which the live ETA learns from the operations measured (cli's eta-tracker).
    expect(planSeconds).toBeGreaterThan(trialsSeconds * 1.1);
    expect(planSeconds).toBeLessThan(phaseSeconds);
  });
});
