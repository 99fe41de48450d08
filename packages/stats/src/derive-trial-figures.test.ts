import { describe, expect, it } from '@jest/globals';
import { deriveTrialFigures } from './derive-trial-figures.js';

describe('deriveTrialFigures (guide §3.4, hand-computed)', () => {
  it('sums over all calls and spreads over the trial means', () => {
    // Trials 4190 and 4399.5 ticks/call (test/fixtures/run-small of the report package, 32 B):
    // Σ ticks 171 790 000 / n 40 000 = 4294.75; Σ s 0.082 / 40 000 = 2.05 µs; 4294.75 / 32 = 134.2109375;
    // 32 · 40 000 / 0.082 / 10^6 = 15.6097561 MB/s; sd = 209.5 / √2 = 148.1388707.
    const figures = deriveTrialFigures(
      [
        { iterations: 20000, seconds: 0.04, ticks: 83800000 },
        { iterations: 20000, seconds: 0.042, ticks: 87990000 },
      ],
      32,
    );
    expect(figures.n).toBe(40000);
    expect(figures.meanCycles).toBe(4294.75);
    expect(figures.meanSeconds).toBeCloseTo(2.05e-6, 15);
    expect(figures.cyclesPerByte).toBe(134.2109375);
    expect(figures.megabytesPerSecond).toBeCloseTo(15.6097561, 7);
    expect(figures.opsPerSecond).toBeCloseTo(40000 / 0.082, 6);
    expect(figures.trialMeansCycles).toEqual([4190, 4399.5]);
    expect(figures.trialMeans.sd).toBeCloseTo(148.1388706585817, 9);
    expect(figures.outliers.outlierIndices).toEqual([]);
  });

  it('gives 0 cycles/byte for an empty message and refuses no trial or an empty trial', () => {
    expect(deriveTrialFigures([{ iterations: 10, seconds: 1, ticks: 50 }], 0).cyclesPerByte).toBe(0);
    expect(() => deriveTrialFigures([], 32)).toThrow(expect.objectContaining({ code: 'EMPTY_SAMPLE' }));
    expect(() => deriveTrialFigures([{ iterations: 0, seconds: 1, ticks: 5 }], 32)).toThrow(
      expect.objectContaining({ code: 'INVALID_TRIAL', message: expect.stringContaining('trial 1 has 0 iterations') }),
    );
  });
});
