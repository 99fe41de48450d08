/**
 * Which check of {@link validateRunDirectory} found a difference:
 * - `schema`: a file of the run directory is not valid format 1 (field named);
 * - `library`: a library's SHA-256 is not the one in `build.json`;
 * - `kat-log`: a KAT log's SHA-256 or header disagrees with `build.json`;
 * - `kat-file`: a KAT file's canonical digest disagrees with its log, or with the manifest digest the log says matched;
 * - `kat-verdict`: the log's `RESULT` line or its per-file results contradict the verdict in `build.json`;
 * - `record-build`: a record's KAT, library or build fields differ from its `build.json` entry;
 * - `derived`: a derived statistic does not follow from the record's raw trials;
 * - `absolute-path`: an absolute home or temp path in the evidence (the run-directory layout);
 * - `export`: a record differs from its copy in the JSON export, or an export is missing or altered;
 * - `report`: a page differs from the one the records give, or is missing.
 */
export type ValidationCheck =
  | 'schema'
  | 'library'
  | 'kat-log'
  | 'kat-file'
  | 'kat-verdict'
  | 'record-build'
  | 'derived'
  | 'absolute-path'
  | 'export'
  | 'report';

/** The first difference {@link validateRunDirectory} found. */
export interface ValidationDifference {
  check: ValidationCheck;
  /** The file, relative to the run directory (`/`-separated). */
  file: string;
  /** Field path inside a JSON file (`derived.meanCycles`, `instances[0].katLogSha256`), or null. */
  field: string | null;
  /** 1-based line in a text file, or null. */
  line: number | null;
  /** One sentence: file, field or line, found vs. expected, and what to do. */
  message: string;
}

/** What {@link validateRunDirectory} returns. */
export type RunValidation =
  | {
      valid: true;
      /** Records whose derived statistics were recomputed. */
      records: number;
      /** KAT logs and KAT files whose digests were checked. */
      katFiles: number;
      /** Pages and exports regenerated and compared byte for byte. */
      reports: number;
    }
  | { valid: false; difference: ValidationDifference };
