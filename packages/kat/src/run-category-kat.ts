import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '@ngcc-perf/atomic-file';
import type { AlgorithmCategory, MeasuredSize } from '@ngcc-perf/category';
import { canonicalDigest } from './canonical-digest.js';
import { findManifestEntry } from './find-manifest-entry.js';
import { runOpKat } from './internal/category-kat-driver.js';
import { KatError } from './kat-error.js';
import { resolveDriverPath } from './internal/spawn-driver.js';
import { runCategoryPkKat } from './public-key/run-category-pk-kat.js';
import type { KatManifest, KatManifestEntry } from './parse-manifest.js';
import type { KatVerdict } from './verdicts.js';

/** Options of {@link runCategoryKat}. */
export interface RunCategoryKatOptions {
  /** The shared library of the instance. */
  library: string;
  /** The category: its id, where the driver finds its C table, and how its KAT files are written. */
  category: Pick<AlgorithmCategory, 'id' | 'driver' | 'kat'>;
  /** One of the category's KAT kinds (`category.kat.kinds`). */
  kind: string;
  /** The instance's name: the file name (`kind.fileName`) and the manifest label. */
  instance: string;
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

/** The outcome of {@link runCategoryKat}: a tagged union on `verdict`. */
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
    };

type FailedVerdict = Extract<KatVerdict, 'CRYPTOFAIL' | 'OVERFLOW' | 'LOADFAIL' | 'TIMEOUT' | 'CRASH' | 'MISMATCH'>;

const VERDICT_OF_CODE: Readonly<Record<string, FailedVerdict>> = {
  CRYPTOFAIL: 'CRYPTOFAIL',
  OVERFLOW: 'OVERFLOW',
  LOADFAIL: 'LOADFAIL',
  TIMEOUT: 'TIMEOUT',
  CRASH: 'CRASH',
  CHECKFAIL: 'MISMATCH',
};

/**
 * One KAT file of an instance of any category (https://github.com/ngcc-perf/ngcc-perf/blob/main/docs/ARCHITECTURE.md#categories): the driver's
 * `pk-kat` writes it for a category whose `kat.producedBy` is `pk-kat` (KEM, signature, key
 * exchange: the official file, its failed functional checks and report item (6) `sizes` in the
 * result); otherwise the driver's `op-kat` produces its records with the category's C table, the category formats the text
 * (`kat.formatFile`), the file is written, and its canonical digest (the ICCS KAT rules) is judged against the
 * manifest entry `<instance>/<file>` by the entry's mode — PASS, MISMATCH, or NOKAT without one. A
 * library that misbehaves is a verdict (CRYPTOFAIL, OVERFLOW, LOADFAIL, TIMEOUT, CRASH; a failed
 * functional check of the category — driver CHECKFAIL — is MISMATCH with its sentence), never an exception.
 *
 * @returns the {@link CategoryKatResult}
 * @throws {@link KatError} `DRIVER_NOT_FOUND`, `DRIVER_FAILED` (the driver refused the arguments:
 *   unknown category or kind, an adapter that cannot be loaded), `DRIVER_VERSION`,
 *   `DRIVER_PROTOCOL`; `OUTPUT_UNWRITABLE` when the file cannot be written
 * @example
 * ```ts
 * const result = await runCategoryKat({ library: 'libtoy_fof.so', category: toy, kind: 'KAT_FOF', instance: 'toy', manifest: null, outputDirectory: 'kat' });
 * console.log(result.verdict); // NOKAT
 * ```
 */
export async function runCategoryKat(options: RunCategoryKatOptions): Promise<CategoryKatResult> {
  if (options.category.kat.producedBy === 'pk-kat') return runCategoryPkKat(options);
  const kind = options.category.kat.kinds.find((candidate) => candidate.kind === options.kind);
  const file = kind === undefined ? `${options.kind}_${options.instance}.txt` : kind.fileName(options.instance);
  const driver = options.category.driver;
  const args = [
    'op-kat',
    options.library,
    options.category.id,
    options.kind,
    ...(driver.kind === 'adapter' ? ['--adapter', driver.adapterPath] : []),
  ];
  const run = await runOpKat(await resolveDriverPath(options.driverPath), args, options.timeoutSeconds ?? 600);
  if (run.outcome === 'failed') {
    return { verdict: VERDICT_OF_CODE[run.code] ?? 'CRASH', file, records: run.records.length, message: run.message };
  }
  const text = options.category.kat.formatFile(options.kind, run.records);
  const katFilePath = path.join(options.outputDirectory, file);
  try {
    await mkdir(options.outputDirectory, { recursive: true });
    await writeFileAtomic(katFilePath, text);
  } catch (error) {
    throw new KatError(
      'OUTPUT_UNWRITABLE',
      `Cannot write ${katFilePath}: ${(error as Error).message}. Choose a writable outputDirectory with free space.`,
      { cause: error },
    );
  }
  const canonicalSha256 = canonicalDigest(text, { mode: 'strict' });
  const entry = options.manifest === null ? undefined : findManifestEntry(options.manifest, options.instance, file);
  if (entry === undefined) {
    return {
      verdict: 'NOKAT',
      katFilePath,
      file,
      records: run.records.length,
      canonicalSha256,
      comparedSha256: null,
      manifestEntry: null,
    };
  }
  const comparedSha256 =
    entry.mode === 'strict' && entry.recordLimit === undefined
      ? canonicalSha256
      : canonicalDigest(text, { mode: entry.mode, recordLimit: entry.recordLimit });
  return {
    verdict: comparedSha256 === entry.digest ? 'PASS' : 'MISMATCH',
    katFilePath,
    file,
    records: run.records.length,
    canonicalSha256,
    comparedSha256,
    manifestEntry: entry,
  };
}
