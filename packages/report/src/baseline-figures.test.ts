import { describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { formatRecordBaselineMultiple, recordBaselineMultiple } from './baseline-figures.js';
import { withBaseline } from '../test/with-baseline.js';
import type { Dataset } from './dataset.js';

const REAL_RUN = fileURLToPath(new URL('../test/fixtures/run-real', import.meta.url));

/**
 * The real run with SHA-512's records copied as the baseline's pseudoxof_512 (test/with-baseline.ts),
 * the host swinging round by round, the baseline's round k 2 % faster than the candidate's round k.
 */
async function candidateAndBaseline(swings: number[]): Promise<Dataset> {
  const dataset = await withBaseline(REAL_RUN);
  for (const { record } of dataset.records) {
    if (record.instance !== 'sha512' && record.instance !== 'pseudoxof_512') continue;
    const scale = record.instance === 'pseudoxof_512' ? 1 / 1.02 : 1;
    record.processes.forEach((entry, round) => {
      if (entry.trial !== null) entry.trial.ticks = Math.round(entry.trial.iterations * 1000 * swings[round]! * scale);
    });
  }
  return dataset;
}

describe('× pseudoXOF', () => {
  const swings = [1, 1.3, 0.8, 1.15, 0.7];

  it('of two records measured apart is the ratio of the headlines with the Bonferroni interval', async () => {
    const dataset = await candidateAndBaseline(swings);
    const record = dataset.records.find(({ record }) => record.instance === 'sha512')!.record;
    expect(record.processes.filter((entry) => entry.trial !== null)).toHaveLength(5);
    const multiple = recordBaselineMultiple(dataset, record)!;
    expect(multiple.ratio).toBeCloseTo(1.02, 2);
    // the host's ±30 % swings widen both intervals: 0.7 / 1.3 … 1.3 / 0.7 around 1.02
    expect(multiple.low!).toBeLessThan(0.6);
    expect(multiple.high!).toBeGreaterThan(1.8);
    expect(multiple.coverage).toBeCloseTo(0.875, 12);
  });

  it('of two records measured in turns in one batch is their paired ratio: the swings cancel', async () => {
    const dataset = await candidateAndBaseline(swings);
    for (const { record } of dataset.records)
      if (record.instance === 'sha512' || record.instance === 'pseudoxof_512')
        record.interleaving = { operations: 2, batch: `batch-${record.messageBytes}` };
    const record = dataset.records.find(({ record }) => record.instance === 'sha512')!.record;
    const multiple = recordBaselineMultiple(dataset, record)!;
    expect(multiple.ratio).toBeCloseTo(1.02, 3);
    expect(multiple.low!).toBeGreaterThan(1.015);
    expect(multiple.high!).toBeLessThan(1.025);
    expect(multiple.coverage).toBeCloseTo(0.9375, 12);
    expect(formatRecordBaselineMultiple(dataset, record)).toBe('1.02× (1.02–1.02)');
  });
});
