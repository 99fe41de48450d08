import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { measurePhaseSeconds } from './measure-phase-estimate.js';

interface Recorded {
  calibrations: Array<{
    instance: string;
    messageBytes: number;
    estimatedWallSeconds: number;
    plan: { trials: number; iterationsPerTrial: number; planCallSeconds: number; estimatedSeconds: number };
    calibration: { wallSeconds: number };
  }>;
  records: Array<{ instance: string; messageBytes: number; wallSeconds: number }>;
}

// A real run's calibration files and measure-phase wall times (test/fixtures/eta-run/README.md).
const recorded = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../test/fixtures/eta-run/eta-run.json', import.meta.url)), 'utf8'),
) as Recorded;

function phaseSeconds(instance: string, estimate: (file: Recorded['calibrations'][number]) => number) {
  const files = recorded.calibrations.filter((file) => file.instance === instance);
  const real = recorded.records.filter((record) => record.instance === instance);
  expect(files).toHaveLength(3);
  expect(real).toHaveLength(3);
  return {
    estimated: files.reduce((sum, file) => sum + estimate(file), 0),
    real: real.reduce((sum, record) => sum + record.wallSeconds, 0),
  };
}

describe('measurePhaseSeconds against a recorded run', () => {
  it('estimates the measure phase of SHA-512 at 64, 1024 and 16384 B within 20 % of its wall time', () => {
    const { estimated, real } = phaseSeconds('sha512', (file) => measurePhaseSeconds(file)!);
    expect(Math.abs(estimated / real - 1)).toBeLessThan(0.2);
  });

  it('the trials alone, the old estimate, fall more than 20 % short: the phase also calibrates, samples per call and measures memory', () => {
    const { estimated, real } = phaseSeconds('sha512', (file) => file.estimatedWallSeconds);
    expect(estimated / real).toBeLessThan(0.8);
  });

  it('adds every process of the phase to the trials', () => {
    const file = recorded.calibrations.find((entry) => entry.instance === 'sha512' && entry.messageBytes === 64)!;
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
});
