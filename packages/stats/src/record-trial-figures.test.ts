import { describe, expect, it } from '@jest/globals';
import { deriveTrialFigures } from './derive-trial-figures.js';
import { recordTrialFigures } from './record-trial-figures.js';

describe('recordTrialFigures', () => {
  it("names the trial-mean statistics as a record's derived block does", () => {
    const figures = recordTrialFigures(
      deriveTrialFigures(
        [
          { iterations: 1000, seconds: 0.002, ticks: 4_000_000 },
          { iterations: 1000, seconds: 0.002, ticks: 4_400_000 },
        ],
        32,
      ),
    );
    expect(figures).toEqual({
      n: 2000,
      meanCycles: 4200,
      meanSeconds: 2e-6,
      cyclesPerByte: 131.25,
      megabytesPerSecond: 16,
      opsPerSecond: 500_000,
      medianTrialCycles: 4200,
      minTrialCycles: 4000,
      maxTrialCycles: 4400,
      sdTrialCycles: expect.closeTo(282.8427, 4),
    });
  });

  it('gives no standard deviation for a single trial', () => {
    const figures = recordTrialFigures(deriveTrialFigures([{ iterations: 10, seconds: 1e-5, ticks: 30_000 }], 0));
    expect(figures.sdTrialCycles).toBeNull();
    expect(figures.medianTrialCycles).toBe(3000);
  });
});
