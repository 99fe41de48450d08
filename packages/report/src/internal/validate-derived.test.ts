import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { timingRecordSchema } from '@ngcc-perf/record';
import { findDerivedDifference } from './validate-derived.js';

// A loop-scope record of the bundled SHA-512 at 4096 B (test/fixtures/run-real), given a per-call
// sample process whose quartiles (hand-made figures) must be the record's derived.perCall.
const here = path.dirname(fileURLToPath(import.meta.url));
const FILE = 'records/example-sha512/sha512__hash_4096.json';
const base = JSON.parse(
  readFileSync(path.join(here, '..', '..', 'test', 'fixtures', 'run-real', FILE), 'utf8'),
) as Record<string, unknown>;
const FIGURES = {
  count: 2001,
  rawMedianTicks: 40120,
  rawQ1Ticks: 40010,
  rawQ3Ticks: 40400,
  rawMinTicks: 39800,
  overheadTicks: 74,
  medianTicks: 40046,
  q1Ticks: 39936,
  q3Ticks: 40326,
};
const SAMPLE = {
  command: [
    'ngcc-perf-driver',
    'time',
    'lib/example-sha512/libsha512.so',
    '512',
    '4096',
    '2001',
    '3',
    '--scope',
    'per-call',
  ],
  cpu: 1,
  exitCode: 0,
  wallSeconds: 0.1,
  attempts: 1,
  baselineRssBytes: 1437696,
  peakRssBytes: 1503232,
  trial: { iterations: 2001, seconds: 0.034, ticks: 80_300_000, perCall: FIGURES },
};
const SUMMARY = {
  source: 'sample',
  calls: 2001,
  medianCycles: 40046,
  q1Cycles: 39936,
  q3Cycles: 40326,
  rawMedianCycles: 40120,
  rawMinCycles: 39800,
  overheadCycles: 74,
};
const withSample = (perCall: unknown, sample: unknown = SAMPLE) => {
  // sample null: the record has no per-call sample process.
  const derived = { ...(base.derived as Record<string, unknown>), perCall };
  return timingRecordSchema.parse({ ...base, derived, ...(sample === null ? {} : { perCallSample: sample }) });
};

describe('findDerivedDifference with a per-call sample', () => {
  it('accepts quartiles equal to the sample process, which keeps its own trial out of the loop figures', () => {
    expect(findDerivedDifference(FILE, withSample(SUMMARY))).toBeNull();
  });

  it('names derived.perCall.medianCycles when it differs from the sample', () => {
    expect(findDerivedDifference(FILE, withSample({ ...SUMMARY, medianCycles: 40047 }))).toMatchObject({
      field: 'derived.perCall.medianCycles',
    });
  });

  it('wants no per-call figures without a sample, and some with one', () => {
    expect(findDerivedDifference(FILE, withSample(SUMMARY, null))).toMatchObject({ field: 'derived.perCall' });
    expect(findDerivedDifference(FILE, withSample(null))).toMatchObject({ field: 'derived.perCall' });
  });
});

describe('findDerivedDifference on the per-call figures themselves', () => {
  const sampleWith = (figures: Record<string, number>, iterations = 2001) => ({
    ...SAMPLE,
    trial: { ...SAMPLE.trial, iterations, perCall: { ...FIGURES, ...figures } },
  });

  it('wants derived.perCall back when it was deleted but the sample is there', () => {
    const derived = { ...(base.derived as Record<string, unknown>) };
    delete derived.perCall;
    const record = timingRecordSchema.parse({ ...base, derived, perCallSample: SAMPLE });
    expect(findDerivedDifference(FILE, record)).toMatchObject({ field: 'derived.perCall' });
  });

  it("names the sample's own figure when only it was edited (median ≠ raw median − overhead)", () => {
    // 40120 − 74 = 40046; 40045 cannot come from the driver.
    expect(findDerivedDifference(FILE, withSample(SUMMARY, sampleWith({ medianTicks: 40045 })))).toMatchObject({
      field: 'perCallSample.trial.perCall.medianTicks',
      message: expect.stringContaining('max(0, raw − overhead) = 40046'),
    });
  });

  it('catches a call count that is not the iterations, and quartiles out of order', () => {
    expect(findDerivedDifference(FILE, withSample(SUMMARY, sampleWith({}, 7)))).toMatchObject({
      field: 'perCallSample.trial.perCall.count',
    });
    // Raw median below the raw minimum (and the corrected median moved with it, so only the order is wrong).
    expect(
      findDerivedDifference(FILE, withSample(SUMMARY, sampleWith({ rawMedianTicks: 39700, medianTicks: 39626 }))),
    ).toMatchObject({
      field: 'perCallSample.trial.perCall.rawMedianTicks',
    });
    // An overhead of 0 with the corrected figures unchanged.
    expect(findDerivedDifference(FILE, withSample(SUMMARY, sampleWith({ overheadTicks: 0 })))).toMatchObject({
      field: 'perCallSample.trial.perCall.medianTicks',
    });
  });
});
