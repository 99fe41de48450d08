import { describe, expect, it } from '@jest/globals';
import { makeDataset } from '../test/make-dataset.js';
import { compareRuns } from './compare-runs.js';
import { COMPARISON_VERDICT_EXIT_CODES, comparisonExitCode, unvouchedRows } from './comparison-exit-code.js';
import type { Dataset } from './dataset.js';
import type { CounterInfo, TimingRecord } from '@ngcc-perf/record';

/** One instance (example-sm3/sm3) at the given sizes; each trial 1000 calls with the given mean cycles. */
function run(trialCycles: number[], options: { counter?: CounterInfo; sizes?: number[] } = {}): Dataset {
  return makeDataset({
    candidate: 'example-sm3',
    algorithm: 'SM3',
    instances: [{ instance: 'sm3', katLogSha256: 'd'.repeat(64), imageBytes: 5225 }],
    records: (options.sizes ?? [1024]).map((messageBytes) => ({
      instance: 'sm3',
      messageBytes,
      imageBytes: 5225,
      processes: trialCycles.map((cycles) => ({
        cpu: 1,
        baselineRssBytes: 1,
        peakRssBytes: 1,
        trial: { iterations: 1000, ticks: cycles * 1000, seconds: (cycles * 1000) / 2e9 },
      })),
    })),
    campaign: { systemId: 'x86_1' },
    ...(options.counter === undefined ? {} : { counter: options.counter }),
  });
}

/** The same run with its records marked failed (B crashed at every compared size). */
function crashed(dataset: Dataset): Dataset {
  const failed = (record: TimingRecord): TimingRecord =>
    ({ ...record, status: 'failed', failure: 'CRASH — signal 11 (SIGSEGV) in CryptHash' }) as unknown as TimingRecord;
  return { ...dataset, records: dataset.records.map((entry) => ({ ...entry, record: failed(entry.record) })) };
}

const BASE = [1000, 1004, 996, 1002, 998];

describe('comparisonExitCode (a CI gate must not pass what it cannot vouch for)', () => {
  it('maps each verdict: regression 1; not-comparable and insufficient-trials 3; the rest 0', () => {
    expect(COMPARISON_VERDICT_EXIT_CODES).toEqual({
      regression: 1,
      improvement: 0,
      'within-noise': 0,
      'not-significant': 0,
      'insufficient-trials': 3,
      'not-comparable': 3,
    });
  });

  it('B crashed at the compared size: exit 3 (was 0), naming the row; 0 with allowIncomparable', () => {
    const comparison = compareRuns(run(BASE), crashed(run(BASE)));
    expect(comparison.rows[0]!.verdict).toBe('not-comparable');
    expect(comparisonExitCode(comparison)).toBe(3);
    expect(comparisonExitCode(comparison, { allowIncomparable: true })).toBe(0);
    expect(unvouchedRows(comparison)).toEqual(['example-sm3/sm3 1024 B: not-comparable (a record failed)']);
  });

  it('B 29.5 % slower on one trial (insufficient-trials): exit 3, not 0', () => {
    const comparison = compareRuns(run([1000]), run([1295]));
    expect(comparison.rows[0]!.verdict).toBe('insufficient-trials');
    expect(comparisonExitCode(comparison)).toBe(3);
  });

  it('counters differ: exit 3', () => {
    const comparison = compareRuns(run(BASE), run(BASE, { counter: { name: 'tsc', kind: 'fixed-rate', hz: 2e9 } }));
    expect(comparisonExitCode(comparison)).toBe(3);
  });

  it('a size of A missing from B: exit 3 naming it; identical runs: 0', () => {
    const comparison = compareRuns(run(BASE, { sizes: [64, 1024] }), run(BASE, { sizes: [1024] }));
    expect(comparisonExitCode(comparison)).toBe(3);
    expect(unvouchedRows(comparison)).toEqual(['example-sm3/sm3 64 B: missing from B']);
    expect(comparisonExitCode(compareRuns(run(BASE), run(BASE)))).toBe(0);
  });

  it('a regression beside an unvouched row is 1, with or without allowIncomparable', () => {
    const slower = compareRuns(
      run(BASE, { sizes: [64, 1024] }),
      run(
        BASE.map((cycles) => cycles + 100),
        { sizes: [1024] },
      ),
    );
    expect(comparisonExitCode(slower)).toBe(1);
    expect(comparisonExitCode(slower, { allowIncomparable: true })).toBe(1);
  });
});
