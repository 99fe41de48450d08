import type { BuildManifest } from '@ngcc-perf/record';
import type { Campaign } from '@ngcc-perf/record';
import type { OperationRecord, TimingRecord } from '@ngcc-perf/record';

/** One record of a run directory with the path it was read from. */
export interface DatasetRecord {
  /** Path relative to the run directory, `/`-separated: `records/<candidate>/<instance>__hash_<L>.json`. */
  file: string;
  record: TimingRecord;
  /**
   * The record's JSON as read from the file, every field kept (the schema drops fields it does
   * not know); absent when the dataset was built in memory. The JSON export writes this.
   */
  json?: unknown;
}

/** One record of the generic form (an operation of a category other than hash) with the path it was read from. */
export interface DatasetOperationRecord {
  /** Path relative to the run directory: `records/<candidate>/<instance>__<file stem>.json`. */
  file: string;
  record: OperationRecord;
  /** The record's JSON as read. */
  json?: unknown;
}

/**
 * Everything a report is rendered from: one run directory (one system), validated. Holds no
 * absolute path, so a report does not depend on where the directory lives.
 */
export interface Dataset {
  campaign: Campaign;
  build: BuildManifest;
  /** The hash-form records, sorted by `file` (code-unit order). */
  records: DatasetRecord[];
  /**
   * The generic-form records (https://github.com/ngcc-perf/ngcc-perf/blob/main/docs/ARCHITECTURE.md#categories), sorted by `file`; absent or
   * empty when the run measured hash instances only.
   */
  operationRecords?: DatasetOperationRecord[];
}
