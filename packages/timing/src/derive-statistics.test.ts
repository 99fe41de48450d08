import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { deriveStatistics, type DerivationTrial } from './derive-statistics.js';

interface AnchorProcess {
  meta: { baseline_rss_bytes: string; peak_rss_bytes: string };
  trials: Array<{ measurements: number; seconds: number; cycles: number }>;
}

/** The anchor's arm_1 record for litchi_512 at 32 B, as the five trials this package would hold. */
function anchorTrials(): DerivationTrial[] {
  const file = fileURLToPath(new URL('../test/fixtures/anchor-litchi_512__hash_32.json', import.meta.url));
  const record = JSON.parse(readFileSync(file, 'utf8')) as { processes: AnchorProcess[] };
  return record.processes.map((p) => {
    const [trial] = p.trials;
    if (trial === undefined) throw new Error('anchor process without trial');
    return {
      trial: { iterations: trial.measurements, seconds: trial.seconds, ticks: trial.cycles },
      baselineRssBytes: Number(p.meta.baseline_rss_bytes),
      peakRssBytes: Number(p.meta.peak_rss_bytes),
    };
  });
}

describe('deriveStatistics', () => {
  const derived = deriveStatistics(anchorTrials(), 32);

  it("reproduces the anchor page row: litchi_512 | 32 B | 3061 | 95.7 | 1.14 µs | 28.1 | 100000", () => {
    expect(derived.n).toBe(100000);
    expect(Math.round(derived.meanCycles)).toBe(3061);
    expect(derived.cyclesPerByte.toFixed(1)).toBe('95.7');
    expect((derived.meanSeconds * 1e6).toPrecision(3)).toBe('1.14');
    expect(derived.megabytesPerSecond.toFixed(1)).toBe('28.1');
  });

  it("matches the anchor record's own unrounded figures", () => {
    // Σ cycles = 306139297 over 100000 calls; Σ seconds = 0.113799322.
    expect(derived.meanCycles).toBeCloseTo(3061.39297, 8);
    expect(derived.meanSeconds).toBeCloseTo(1.13799322e-6, 15);
    expect(derived.opsPerSecond).toBeCloseTo(878739.857518659, 6);
    expect(derived.megabytesPerSecond).toBeCloseTo(28.11967544059709, 10);
    expect(derived.medianTrialCycles).toBeCloseTo(3065.21625, 8);
  });

  it('takes min, max and sample SD over the per-trial means', () => {
    // Per-trial means: 3067.00615, 3065.21625, 3062.01785, 3046.11375, 3066.61085.
    expect(derived.minTrialCycles).toBeCloseTo(3046.11375, 8);
    expect(derived.maxTrialCycles).toBeCloseTo(3067.00615, 8);
    // Deviations from 3061.39297: 5.61318, 3.82328, 0.62488, −15.27922, 5.21788;
    // squares sum to 307.2 (31.508 + 14.618 + 0.390 + 233.455 + 27.226); / (5 − 1) = 76.80; √ = 8.7635.
    expect(derived.sdTrialCycles).toBeCloseTo(8.7635, 3);
  });

  it('keeps the largest RSS figures: 1404 KiB baseline and 1468 KiB peak, as on the page', () => {
    expect(derived.baselineRssBytes).toBe(1437696);
    expect(derived.peakRssBytes).toBe(1503232);
    expect(derived.baselineRssBytes! / 1024).toBe(1404);
    expect(derived.peakRssBytes! / 1024).toBe(1468);
  });

  it('handles one trial (no SD), unknown RSS and an empty message', () => {
    // 100 calls in 0.001 s with 210000 ticks: 2100 ticks and 10 µs per call, 100000 ops/s.
    const single = deriveStatistics([{ trial: { iterations: 100, seconds: 0.001, ticks: 210000 }, baselineRssBytes: null, peakRssBytes: null }], 0);
    expect(single).toEqual({
      n: 100, meanCycles: 2100, meanSeconds: 0.00001, cyclesPerByte: 0, megabytesPerSecond: 0, opsPerSecond: 100000,
      medianTrialCycles: 2100, minTrialCycles: 2100, maxTrialCycles: 2100, sdTrialCycles: null,
      baselineRssBytes: null, peakRssBytes: null,
    });
  });

  it('refuses no trials (NO_TRIALS) and a trial without time (INVALID_OPTIONS)', () => {
    expect(() => deriveStatistics([], 32)).toThrow(expect.objectContaining({ code: 'NO_TRIALS' }));
    expect(() =>
      deriveStatistics([{ trial: { iterations: 10, seconds: 0, ticks: 5 }, baselineRssBytes: null, peakRssBytes: null }], 32),
    ).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
  });
});
