import type { AlgorithmCategory, MeasuredSize } from '@ngcc-perf/category';
import type { KatManifest, KatManifestEntry } from './parse-manifest.js';
import type { KatVerdict } from './verdicts.js';

/** Options of `runCategoryKat`. */
export interface RunCategoryKatOptions {
  /** The shared library of the instance. */
  library: string;
  /** The category: its id, where the driver finds its C table, and how its KAT files are written. */
  category: Pick<AlgorithmCategory, 'id' | 'driver' | 'kat'>;
  /** One of the category's KAT kinds (`category.kat.kinds`). */
  kind: string;
  /** The instance's name: the file name (`kind.fileName`) and the manifest label. */
  instance: string;
  /** The instance's parameters (build.json `parameters`; hash: `{ digestBits }`), for producers that need them. */
  parameters?: Readonly<Record<string, number | string | boolean>>;
  /** The manifest to judge against (`parseManifest`), or null: NOKAT. */
  manifest: KatManifest | null;
  /** Folder the KAT file is written to (created when missing). */
  outputDirectory: string;
  /** Kill the driver after this many seconds (default 600). */
  timeoutSeconds?: number;
  /** Driver path; default: `driverPath()` of @ngcc-perf/native. */
  driverPath?: string;
  /** `pk-kat` only: the instance header's `OUTPUT_BLANK_TEST_VECTORS 1` (length lines written blank). */
  blankLengths?: boolean;
}

/** The outcome of `runCategoryKat`: a tagged union on `verdict`. */
export type CategoryKatResult =
  | {
      verdict: Extract<KatVerdict, 'PASS' | 'MISMATCH' | 'NOKAT'>;
      /** The KAT file written, and its name. */
      katFilePath: string;
      file: string;
      records: number;
      /** SHA-256 of the canonical text (the ICCS KAT rules), and the digest compared with the manifest's (by its mode). */
      canonicalSha256: string;
      comparedSha256: string | null;
      manifestEntry: KatManifestEntry | null;
      /** `pk-kat` only: functional checks that failed, by record (the official program stops at the first). */
      failedChecks?: readonly { record: number; name: string; failure: string }[];
      /** `pk-kat` only: report item (6), the getters beside what the calls wrote. */
      sizes?: readonly MeasuredSize[];
      /** `pk-kat` only: the getters' figures by function name (null when the run gave none). */
      getters?: Readonly<Record<string, number>> | null;
    }
  | {
      verdict: FailedVerdict;
      file: string;
      /** Records produced before the failure. */
      records: number;
      /** The driver's sentence; for MISMATCH a functional check of the category that failed (driver CHECKFAIL). */
      message: string;
      /** `pk-kat` only: report item (6) as far as the run got (the getters). */
      sizes?: readonly MeasuredSize[];
      /** `pk-kat` only: the getters' figures by function name (null when the run stopped before them). */
      getters?: Readonly<Record<string, number>> | null;
    };

export type FailedVerdict = Extract<
  KatVerdict,
  'CRYPTOFAIL' | 'OVERFLOW' | 'LOADFAIL' | 'TIMEOUT' | 'CRASH' | 'MISMATCH'
>;
