import type { BuildInstance } from '@ngcc-perf/record';

/** The tool whose published datasets `ngcc-perf import` reads.
 *
 * @example
 * ```ts
 * origin.tool === ANCHOR_TOOL; // 'ngcc-harness'
 * ```
 */
export const ANCHOR_TOOL = 'ngcc-harness' as const;

/** The anchor record schema this importer reads.
 *
 * @example
 * ```ts
 * record.schema === ANCHOR_RECORD_SCHEMA; // 2
 * ```
 */
export const ANCHOR_RECORD_SCHEMA = 2 as const;

/** ngcc-perf's version, recorded in `campaign.json` `origin.importer` of every imported run.
 *
 * @example
 * ```ts
 * origin.importer.version === IMPORTER_VERSION;
 * ```
 */
export const IMPORTER_VERSION = '0.1.0';

/** Where one imported file came from: `file` is its path inside the anchor dataset. */
export interface FileOrigin {
  tool: typeof ANCHOR_TOOL;
  schema: typeof ANCHOR_RECORD_SCHEMA;
  file: string;
}

/** A source file (or build entry) the import could not represent in format 1, and why. */
export interface UnimportedItem {
  /** Path inside the anchor dataset (`records/…`), or `build.json#<candidate>/<label>`. */
  file: string;
  reason: string;
}

/** `origin` of an imported `campaign.json`: the dataset, when, by which ngcc-perf, what was left out. */
export interface CampaignOrigin extends FileOrigin {
  /** The dataset folder, relative to the run directory. */
  source: string;
  importedUtc: string;
  importer: { name: 'ngcc-perf'; version: string };
  /** Source records and build entries not in the run's records/build.json (copied under `unimported/`). */
  unimported: UnimportedItem[];
}

/** One `build.json` instance of an imported run: a hash instance of the public harness, its digest length always known. */
export type ImportedBuildInstance = BuildInstance & {
  digestBits: number;
  origin: FileOrigin & { key: string };
  extra: Record<string, unknown>;
};

/** Options of `importAnchorDataset`. */
export interface ImportAnchorDatasetOptions {
  /** The anchor dataset folder (`campaign.json`, `build.json`, `records/`, `kat/`). */
  sourceDirectory: string;
  /** The system id of the run (`campaign.json` `systemId`, report file names). */
  systemId: string;
  /** The run directory to write; must not exist or be empty unless `replace`. */
  outDirectory: string;
  /** Delete an existing run directory (one holding campaign.json) at `outDirectory` first. */
  replace?: boolean;
  /** The import time (ISO 8601 UTC); tests fix it. Default: now. */
  importedUtc?: string;
}

/** What `importAnchorDataset` wrote. */
export interface ImportAnchorDatasetResult {
  outDirectory: string;
  systemId: string;
  /** Candidates whose instances went into build.json, in build.json order. */
  candidates: string[];
  instances: number;
  /** Record files written under records/. */
  records: number;
  /** KAT logs copied byte for byte under kat/. */
  katLogs: number;
  /** What could not be represented in format 1 (kept verbatim under `unimported/` or in build.json `extra`). */
  unimported: UnimportedItem[];
}
