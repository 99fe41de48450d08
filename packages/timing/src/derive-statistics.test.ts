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

  it('reproduces the anchor page row: litchi_512 | 32 B | 3061 | 95.7 | 1.14 µs | 28.1 | 100000', () => {
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

  it("gives the anchor's 95 % interval and CV, and flags its trial 4 as an outlier", () => {
    // mean 3061.39297, s = 8.763512; t(0.975; 4) = 2.7764451 → half-width 2.7764451 × 8.763512 / √5 = 10.881337.
    expect(derived.ciLowCycles).toBeCloseTo(3050.511633, 5);
    expect(derived.ciHighCycles).toBeCloseTo(3072.274307, 5);
    expect(derived.cv).toBeCloseTo(8.763512 / 3061.39297, 8); // 0.286 %: well under the 5 % limit for 32 B
    expect(derived.outlierTrials).toEqual([3]);
    expect(derived.warnings).toEqual(["trial 4 (mean 3046.1 cycles) lies outside Tukey's fences [3055.1, 3073.5]"]);
  });

  it("names an outlier trial's mean in the counter's term: ticks for a fixed-rate counter, cycles for a core-cycle one", () => {
    const outlierOf = (counterKind: 'fixed-rate' | 'core-cycles') =>
      deriveStatistics(anchorTrials(), 32, { counterKind }).warnings;
    expect(outlierOf('fixed-rate')).toEqual([
      "trial 4 (mean 3046.1 ticks) lies outside Tukey's fences [3055.1, 3073.5]",
    ]);
    expect(outlierOf('core-cycles')).toEqual([
      "trial 4 (mean 3046.1 cycles) lies outside Tukey's fences [3055.1, 3073.5]",
    ]);
  });

  it('keeps the largest RSS figures: 1404 KiB baseline and 1468 KiB peak, as on the page', () => {
    expect(derived.baselineRssBytes).toBe(1437696);
    expect(derived.peakRssBytes).toBe(1503232);
    expect(derived.baselineRssBytes! / 1024).toBe(1404);
    expect(derived.peakRssBytes! / 1024).toBe(1468);
  });

  it('handles one trial (no SD), unknown RSS and an empty message', () => {
    // 100 calls in 0.001 s with 210000 ticks: 2100 ticks and 10 µs per call, 100000 ops/s.
    const single = deriveStatistics(
      [{ trial: { iterations: 100, seconds: 0.001, ticks: 210000 }, baselineRssBytes: null, peakRssBytes: null }],
      0,
    );
    expect(single).toEqual({
      n: 100,
      meanCycles: 2100,
      meanSeconds: 0.00001,
      cyclesPerByte: 0,
      megabytesPerSecond: 0,
      opsPerSecond: 100000,
      medianTrialCycles: 2100,
      minTrialCycles: 2100,
      maxTrialCycles: 2100,
      sdTrialCycles: null,
      baselineRssBytes: null,
      peakRssBytes: null,
      cv: null,
      ciLowCycles: null,
      ciHighCycles: null,
      outlierTrials: [],
      perCall: null,
      headline: {
        medianCycles: 2100,
        lowCycles: null,
        highCycles: null,
        coverage: null,
        trialsCount: 1,
        medianCyclesPerByte: null,
        lowCyclesPerByte: null,
        highCyclesPerByte: null,
      },
      warnings: ['only 1 trial completed: no spread, confidence interval or outlier test'],
    });
  });

  it('gives the headline (median of the trial means, min..max at 93.75 % for 5 trials) per call and per byte', () => {
    // Trial means 3100, 3000, 3200, 3050, 2950 ticks per call at 32 B: median 3050, interval 2950..3200.
    const trials = [3100, 3000, 3200, 3050, 2950].map((mean) => ({
      trial: { iterations: 100, seconds: 0.001, ticks: mean * 100 },
      baselineRssBytes: null,
      peakRssBytes: null,
    }));
    expect(deriveStatistics(trials, 32).headline).toEqual({
      medianCycles: 3050,
      lowCycles: 2950,
      highCycles: 3200,
      coverage: 0.9375,
      trialsCount: 5,
      medianCyclesPerByte: 95.3125,
      lowCyclesPerByte: 92.1875,
      highCyclesPerByte: 100,
    });
  });

  describe('CV warning', () => {
    // Trial means m − d, m, m + d have s = d exactly, so CV = d / m with no rounding: 98, 100, 102 is 2 %.
    const trials = (...means: number[]): DerivationTrial[] =>
      means.map((mean) => ({
        trial: { iterations: 1000, seconds: 0.01, ticks: mean * 1000 },
        baselineRssBytes: null,
        peakRssBytes: null,
      }));
    const warningsAt = (bytes: number, ...means: number[]) => deriveStatistics(trials(...means), bytes).warnings;

    it('accepts exactly 2 % from 4096 B on, and warns above it', () => {
      expect(deriveStatistics(trials(98, 100, 102), 4096).cv).toBe(0.02);
      expect(warningsAt(4096, 98, 100, 102)).toEqual([]);
      expect(warningsAt(4096, 97.9, 100, 102.1)).toEqual([
        'CV of the trial means is 2.10 %, above the 2.00 % limit for messages of 4096 B or more: the trials disagree; measure on a quieter host or with longer trials',
      ]);
    });

    it('allows 5 % below 4096 B: 2.1 % passes at 4095 B; exactly 5 % passes, 5.1 % warns', () => {
      expect(warningsAt(4095, 97.9, 100, 102.1)).toEqual([]);
      expect(deriveStatistics(trials(95, 100, 105), 4095).cv).toBe(0.05);
      expect(warningsAt(4095, 95, 100, 105)).toEqual([]);
      expect(warningsAt(4095, 94.9, 100, 105.1)).toEqual([
        'CV of the trial means is 5.10 %, above the 5.00 % limit for messages under 4096 B: the trials disagree; measure on a quieter host or with longer trials',
      ]);
      expect(warningsAt(32, 95, 100, 105)).toEqual([]);
    });

    it('takes other limits when given', () => {
      const strict = { longMessageBytes: 1024, longMessageCv: 0.01, shortMessageCv: 0.01 };
      expect(deriveStatistics(trials(98, 100, 102), 32, { cvWarningLimits: strict }).warnings[0]).toMatch(
        /above the 1.00 % limit for messages under 1024 B/,
      );
    });
  });

  it('aggregates per-call quartiles only when every trial has them', () => {
    const perCall = (medianTicks: number) => ({
      count: 100,
      rawMedianTicks: medianTicks + 40,
      rawQ1Ticks: medianTicks + 30,
      rawQ3Ticks: medianTicks + 60,
      rawMinTicks: medianTicks + 10,
      overheadTicks: 40,
      medianTicks,
      q1Ticks: medianTicks - 10,
      q3Ticks: medianTicks + 20,
    });
    const timed = (medianTicks: number, withPerCall = true): DerivationTrial => ({
      trial: {
        iterations: 100,
        seconds: 0.001,
        ticks: 100 * (medianTicks + 45),
        ...(withPerCall ? { perCall: perCall(medianTicks) } : {}),
      },
      baselineRssBytes: null,
      peakRssBytes: null,
    });
    // Trial medians 1000, 1010, 1200 → median 1010; q1s 990, 1000, 1190 → 1000; q3s → 1030; raw minima → 1010.
    expect(deriveStatistics([timed(1000), timed(1010), timed(1200)], 64).perCall).toEqual({
      source: 'trials',
      calls: 300,
      medianCycles: 1010,
      q1Cycles: 1000,
      q3Cycles: 1030,
      rawMedianCycles: 1050,
      rawMinCycles: 1010,
      overheadCycles: 40,
    });
    expect(deriveStatistics([timed(1000), timed(1010, false)], 64).perCall).toBeNull();
  });

  it('refuses no trials (NO_TRIALS) and a trial without time (INVALID_OPTIONS)', () => {
    expect(() => deriveStatistics([], 32)).toThrow(expect.objectContaining({ code: 'NO_TRIALS' }));
    expect(() =>
      deriveStatistics(
        [{ trial: { iterations: 10, seconds: 0, ticks: 5 }, baselineRssBytes: null, peakRssBytes: null }],
        32,
      ),
    ).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
  });
});
