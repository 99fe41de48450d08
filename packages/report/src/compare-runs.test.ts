import { describe, expect, it } from '@jest/globals';
import { makeDataset } from '../test/make-dataset.js';
import { compareRuns } from './compare-runs.js';
import type { CounterInfo } from '@ngcc-perf/record';

/** One instance at 1024 B; each trial 1000 calls with the given mean cycles. */
function run(systemId: string, trialCycles: number[], counter?: CounterInfo) {
  return makeDataset({
    candidate: 'example-sm3',
    algorithm: 'SM3',
    instances: [{ instance: 'sm3', katLogSha256: 'd'.repeat(64), imageBytes: 5225 }],
    records: [
      {
        instance: 'sm3',
        messageBytes: 1024,
        imageBytes: 5225,
        processes: trialCycles.map((cycles) => ({
          cpu: 1,
          baselineRssBytes: 1,
          peakRssBytes: 1,
          trial: { iterations: 1000, ticks: cycles * 1000, seconds: (cycles * 1000) / 2e9 },
        })),
      },
    ],
    campaign: { systemId },
    ...(counter === undefined ? {} : { counter }),
  });
}

const BASE = [1000, 1004, 996, 1002, 998]; // mean 1000, sample variance 10

describe('compareRuns', () => {
  it('10 % slower with tight trials is a significant regression (t = 100 / 2 = 50, ν = 8)', () => {
    const result = compareRuns(
      run('x86_1', BASE),
      run(
        'x86_1',
        BASE.map((value) => value + 100),
      ),
    );
    const row = result.rows[0]!;
    expect(row.ratio).toBeCloseTo(1.1, 12);
    expect(row.test!.t).toBeCloseTo(50, 10);
    expect(row.test!.degreesOfFreedom).toBeCloseTo(8, 10);
    expect(row.verdict).toBe('regression');
    expect(result.regressions).toBe(1);
  });

  it('1 % slower is within the 2 % noise threshold; a 0.5 % threshold makes it a regression', () => {
    const slower = run(
      'x86_1',
      BASE.map((value) => value + 10),
    );
    expect(compareRuns(run('x86_1', BASE), slower).rows[0]!.verdict).toBe('within-noise');
    expect(compareRuns(run('x86_1', BASE), slower, { threshold: 0.005 }).rows[0]!.verdict).toBe('regression');
  });

  it('10 % slower but with spread too large to tell is not significant (p ≈ 0.23)', () => {
    const row = compareRuns(run('x86_1', BASE), run('x86_1', [900, 1300, 1000, 1200, 1100])).rows[0]!;
    expect(row.verdict).toBe('not-significant');
    expect(row.test!.pValue).toBeGreaterThan(0.2);
  });

  it('10 % faster is an improvement, not a regression', () => {
    const result = compareRuns(
      run('x86_1', BASE),
      run(
        'x86_1',
        BASE.map((value) => value - 100),
      ),
    );
    expect(result.rows[0]!.verdict).toBe('improvement');
    expect([result.regressions, result.improvements]).toEqual([0, 1]);
  });

  it('ticks of different counters are not comparable; one trial is too few', () => {
    const tsc: CounterInfo = { name: 'tsc', kind: 'fixed-rate', hz: 2e9 };
    expect(compareRuns(run('x86_1', BASE), run('x86_1', BASE, tsc)).rows[0]).toMatchObject({
      verdict: 'not-comparable',
      reason: expect.stringContaining('counters differ'),
    });
    expect(compareRuns(run('x86_1', [1000]), run('x86_1', [1100])).rows[0]!.verdict).toBe('insufficient-trials');
  });

  it('rejects a threshold outside (0, 1)', () => {
    expect(() => compareRuns(run('x86_1', BASE), run('x86_1', BASE), { threshold: 2 })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION' }),
    );
  });
});
