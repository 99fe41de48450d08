// Records with a `memory` field (@ngcc-perf/record/docs/RUN-DIRECTORY.md) for tests of the per-call memory figures.
import { makeDataset } from './make-dataset.js';
import type { Dataset } from '../src/dataset.js';
import type { TimingRecord } from '@ngcc-perf/record';

export interface MemoryFacts {
  messageBytes: number;
  stack: number;
  heap: number | null;
  operation: number | null;
  allocations?: number;
}

export function memoryDataset(rows: MemoryFacts[]): Dataset {
  const dataset = makeDataset({
    candidate: 'example-sm3',
    algorithm: 'SM3',
    instances: [{ instance: 'sm3', katLogSha256: 'd'.repeat(64), imageBytes: 5225 }],
    records: rows.map((row) => ({
      instance: 'sm3',
      messageBytes: row.messageBytes,
      imageBytes: 5225,
      processes: [1, 2].map(() => ({
        cpu: 1,
        baselineRssBytes: 1720 * 1024,
        peakRssBytes: 1852 * 1024,
        trial: { iterations: 1000, seconds: 0.001, ticks: 2_000_000 },
      })),
    })),
  });
  for (const { record } of dataset.records) {
    const row = rows.find((candidate) => candidate.messageBytes === record.messageBytes)!;
    record.memory = {
      stackHighWaterBytes: row.stack,
      stackOverheadBytes: 40,
      heapPeakBytes: row.heap,
      heapAllocations: row.heap === null ? null : (row.allocations ?? (row.heap > 0 ? 1 : 0)),
      operationPeakBytes: row.operation,
      clearRefs: row.operation === null ? 'unsupported: /proc/self/clear_refs is read-only' : 'supported',
    };
  }
  return dataset;
}

export function withMemory(rows: MemoryFacts[]): TimingRecord[] {
  return memoryDataset(rows).records.map(({ record }) => record);
}
