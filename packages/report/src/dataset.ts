import type { BuildManifest } from '@ngcc-perf/record';
import type { Campaign } from '@ngcc-perf/record';
import type { TimingRecord } from '@ngcc-perf/record';

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

/**
 * Everything a report is rendered from: one run directory (one system), validated. Holds no
 * absolute path, so a report does not depend on where the directory lives.
 */
export interface Dataset {
  campaign: Campaign;
  build: BuildManifest;
  /** Sorted by `file` (code-unit order). */
  records: DatasetRecord[];
}
