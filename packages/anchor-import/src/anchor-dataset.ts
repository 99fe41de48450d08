import type { AnchorBuild, AnchorCampaign } from './anchor-campaign-schema.js';
import type { AnchorRecord } from './anchor-record-schema.js';
import type { AnchorJson } from './read-anchor-json.js';
import type { KatLogHeader } from './kat-log-header.js';

/** One record file of the dataset. */
export interface AnchorDatasetRecord {
  /** Path inside the dataset, `records/<id>/<label>__<op>.json`. */
  file: string;
  raw: Record<string, unknown>;
  record: AnchorRecord;
}

/** One file under the dataset's `kat/` folder. */
export interface AnchorKatFile {
  bytes: Buffer;
  sha256: string;
  /** Parsed header of a `.log` file; null for other files. */
  header: KatLogHeader | null;
}

/** An anchor dataset read into memory and checked. */
export interface AnchorDataset {
  sourceDirectory: string;
  campaign: AnchorJson<AnchorCampaign>;
  build: AnchorJson<AnchorBuild>;
  /** Sorted by `file`. */
  records: AnchorDatasetRecord[];
  /** Every file under `kat/`, by its path inside the dataset. */
  katFiles: Map<string, AnchorKatFile>;
  /** Candidates with records or KAT files in the dataset. */
  candidatesWithEvidence: Set<string>;
}
