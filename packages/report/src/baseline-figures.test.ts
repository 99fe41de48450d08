import { describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { formatRecordBaselineMultiple, recordBaselineMultiple } from './baseline-figures.js';
import { loadRunDirectory } from './load-run-directory.js';
import type { Dataset } from './dataset.js';

const REAL_RUN = fileURLToPath(new URL('../test/fixtures/run-real', import.meta.url));

/** The real run with SHA-512's records copied as the baseline's pseudoxof_512, the host swinging round by round. */
async function candidateAndBaseline(swings: number[]): Promise<Dataset> {
  const dataset = await loadRunDirectory(REAL_RUN);
  const sha512 = dataset.records.filter(({ record }) => record.instance === 'sha512');
  for (const { record } of sha512)
    record.processes.forEach((entry, round) => {
      if (entry.trial !== null) entry.trial.ticks = Math.round(entry.trial.iterations * 1000 * swings[round]!);
    });
  const copies = sha512.map(({ file, record }) => ({
    file: file.replace('example-sha512/sha512__', 'iccs-baseline/pseudoxof_512__'),
    record: { ...structuredClone(record), candidate: 'iccs-baseline', instance: 'pseudoxof_512' },
  }));
  // the baseline's round k ran 2 % faster than the candidate's round k in every round
  for (const { record } of copies)
    record.processes.forEach((entry) => {
      if (entry.trial !== null) entry.trial.ticks = Math.round(entry.trial.ticks / 1.02);
    });
  dataset.records = [...dataset.records, ...copies];
  dataset.build.instances.push({
    ...structuredClone(dataset.build.instances.find((entry) => entry.instance === 'sha512')!),
    candidate: 'iccs-baseline',
    instance: 'pseudoxof_512',
  });
  dataset.campaign.baseline = {
    candidate: 'iccs-baseline',
    instances: [{ instance: 'pseudoxof_512', helper: 'pseudoXOF', digestBits: 512 }],
  };
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
