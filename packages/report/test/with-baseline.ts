// A run with the ICCS baseline made from run-real, for tests of the pages that show × pseudoXOF.
import { loadRunDirectory } from '../src/load-run-directory.js';
import type { Dataset } from '../src/dataset.js';
import type { TimingRecord } from '@ngcc-perf/record';

export const BASELINE_CANDIDATE = 'iccs-baseline';

/**
 * A run directory (test/fixtures/run-real) with a baseline added: SHA-512's own records as
 * `pseudoxof_512` (the candidate IS its baseline at 512 bits) and SM3's with every trial's ticks
 * doubled as `pseudoxof_256`.
 */
export async function withBaseline(runDirectory: string): Promise<Dataset> {
  const dataset = await loadRunDirectory(runDirectory);
  const copies = dataset.records.flatMap(({ file, record }) => {
    const instance = record.instance === 'sha512' ? 'pseudoxof_512' : 'pseudoxof_256';
    const scale = record.instance === 'sha512' ? 1 : 2;
    const copy = structuredClone({
      ...record,
      candidate: BASELINE_CANDIDATE,
      instance,
      json: undefined,
    }) as TimingRecord;
    for (const process of copy.processes) if (process.trial !== null) process.trial.ticks *= scale;
    return [{ file: file.replace(/example-\w+\/\w+__/, `${BASELINE_CANDIDATE}/${instance}__`), record: copy }];
  });
  dataset.records = [...dataset.records.map(({ file, record }) => ({ file, record })), ...copies];
  dataset.build.instances.push(
    ...['pseudoxof_256', 'pseudoxof_512'].map((instance, index) => ({
      ...structuredClone(dataset.build.instances[index]!),
      candidate: BASELINE_CANDIDATE,
      instance,
    })),
  );
  dataset.campaign.baseline = {
    candidate: BASELINE_CANDIDATE,
    instances: [
      { instance: 'pseudoxof_256', helper: 'pseudoXOF', digestBits: 256 },
      { instance: 'pseudoxof_512', helper: 'pseudoXOF', digestBits: 512 },
    ],
  };
  return dataset;
}
