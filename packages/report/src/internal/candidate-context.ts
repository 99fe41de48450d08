// What every section of one candidate's report needs: its build entries and records, in the
// order the tables list them (build.json order, then message length).
import { ReportError } from '../report-error.js';
import type { BuildInstance } from '@ngcc-perf/record';
import type { Dataset, DatasetRecord } from '../dataset.js';

export interface CandidateContext {
  dataset: Dataset;
  candidateId: string;
  /** build.json entries of this candidate, in build.json order. */
  instances: BuildInstance[];
  /** This candidate's records: instances in build.json order, each by message length ascending. */
  records: DatasetRecord[];
}

export function createCandidateContext(dataset: Dataset, candidateId: string): CandidateContext {
  const instances = dataset.build.instances.filter((entry) => entry.candidate === candidateId);
  if (instances.length === 0) {
    const known = [...new Set(dataset.build.instances.map((entry) => entry.candidate))];
    throw new ReportError(
      'UNKNOWN_CANDIDATE',
      `candidate "${candidateId}" has no instance in build.json (it lists: ${known.length > 0 ? known.join(', ') : 'nothing'}). Pass one of those ids.`,
    );
  }
  const order = new Map(instances.map((entry, index) => [entry.instance, index]));
  const records = dataset.records
    .filter(({ record }) => record.candidate === candidateId)
    .sort(
      (a, b) =>
        (order.get(a.record.instance) ?? Infinity) - (order.get(b.record.instance) ?? Infinity) ||
        a.record.messageBytes - b.record.messageBytes,
    );
  return { dataset, candidateId, instances, records };
}

/** `x86_64` → `x86-64`, `aarch64` → `AArch64` (the seeds' spelling); any other machine name as the kernel gives it. */
export function describeArchitecture(architecture: string | null): string {
  if (architecture === 'x86_64') return 'x86-64';
  if (architecture === 'aarch64') return 'AArch64';
  return architecture ?? 'an unknown architecture';
}

/** `2026-09-25T10:02:21.5Z` → `2026-09-25T10:02:21` (UTC, fraction dropped, guide §3.5). */
export function formatUtcSeconds(timestamp: string): string {
  return new Date(timestamp).toISOString().slice(0, 19);
}

/** Hz → `2.10 GHz`. */
export function formatGigahertz(hz: number): string {
  return `${(hz / 1e9).toFixed(2)} GHz`;
}
