import { describe, expect, it } from '@jest/globals';
import { makeDataset } from '../test/make-dataset.js';
import { compareRuns } from './compare-runs.js';
import { describeComparison } from './describe-comparison.js';

/** One instance at the given sizes; each trial 1000 calls with the given mean cycles. */
function run(trialCycles: number[], sizes: number[] = [1024]) {
  return makeDataset({
    candidate: 'example-sm3',
    algorithm: 'SM3',
    instances: [{ instance: 'sm3', katLogSha256: 'd'.repeat(64), imageBytes: 5225 }],
    records: sizes.map((messageBytes) => ({
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
  });
}

const BASE = [1000, 1004, 996, 1002, 998];

describe('describeComparison', () => {
  it('gives one row per instance × size and the counts: a 10 % slower B is one significant regression', () => {
    const text = describeComparison(compareRuns(run(BASE), run(BASE.map((value) => value + 100))), {
      allowIncomparable: false,
    });
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^instance\s+message\s+headline A\s+headline B\s+B vs A\s+p \(Welch\)\s+verdict$/);
    expect(lines[1]).toMatch(/^example-sm3\/sm3\s+1024 B\s+.*\+10\.0 %\s+<0\.0001\s+regression$/);
    expect(text).toContain(
      '1 significant regression(s) beyond 2.0 % (p < 0.05), 0 improvement(s), 0 within noise, of 1 compared.',
    );
  });

  it('ends with the sizes of A missing from B and what they do to the exit code', () => {
    const comparison = compareRuns(run(BASE, [64, 1024]), run(BASE, [1024]));
    expect(describeComparison(comparison, { allowIncomparable: false })).toContain(
      'cannot vouch for B at 1 instance × size(s) (exit 3; --allow-incomparable lets them pass):\n',
    );
    expect(describeComparison(comparison, { allowIncomparable: true })).toContain(
      'cannot vouch for B at 1 instance × size(s) (allowed by --allow-incomparable):\n',
    );
    expect(describeComparison(comparison, { allowIncomparable: true })).toContain('only in A: example-sm3/sm3 64 B');
  });
});
