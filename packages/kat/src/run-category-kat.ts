import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '@ngcc-perf/atomic-file';
import { runCategoryPkKat } from './public-key/run-category-pk-kat.js';
import { canonicalDigest } from './canonical-digest.js';
import { findManifestEntry } from './find-manifest-entry.js';
import { runOpKat } from './internal/category-kat-driver.js';
import { KatError } from './kat-error.js';
import type { CategoryKatResult, FailedVerdict, RunCategoryKatOptions } from './category-kat-types.js';
import { katPackageFile } from './internal/kat-package-file.js';
import { resolveDriverPath } from './internal/spawn-driver.js';

const VERDICT_OF_CODE: Readonly<Record<string, FailedVerdict>> = {
  CRYPTOFAIL: 'CRYPTOFAIL',
  OVERFLOW: 'OVERFLOW',
  LOADFAIL: 'LOADFAIL',
  TIMEOUT: 'TIMEOUT',
  CRASH: 'CRASH',
  CHECKFAIL: 'MISMATCH',
};

/**
 * One KAT file of an instance of any category (https://github.com/ngcc-perf/ngcc-perf/blob/main/docs/ARCHITECTURE.md#categories), produced as
 * the category's `kat.producedBy` says: `op-kat`, the driver's `op-kat` with the category's C
 * table (the category formats the text); `pk-kat`, the driver's `pk-kat` (KEM, signature, key
 * exchange: the official file, its failed functional checks and report item (6) `sizes` in the
 * result); `kat-package`, this package's own generator ({@link runKat},
 * the instance's `parameters.digestBits`). The file is written, and its canonical digest (the ICCS KAT rules) is judged against the
 * manifest entry `<instance>/<file>` by the entry's mode — PASS, MISMATCH, or NOKAT without one. A
 * library that misbehaves is a verdict (CRYPTOFAIL, OVERFLOW, LOADFAIL, TIMEOUT, CRASH; a failed
 * functional check of the category — driver CHECKFAIL — is MISMATCH with its sentence), never an exception.
 *
 * @returns the {@link CategoryKatResult}
 * @throws {@link KatError} `DRIVER_NOT_FOUND`, `DRIVER_FAILED` (the driver refused the arguments:
 *   unknown category or kind, an adapter that cannot be loaded), `DRIVER_VERSION`,
 *   `DRIVER_PROTOCOL`; `OUTPUT_UNWRITABLE` when the file cannot be written; `INVALID_ARGUMENT`
 *   for a producer this version does not know, or a `kat-package` kind or `digestBits` it cannot make
 * @example
 * ```ts
 * const result = await runCategoryKat({ library: 'libtoy_fof.so', category: toy, kind: 'KAT_FOF', instance: 'toy', manifest: null, outputDirectory: 'kat' });
 * console.log(result.verdict); // NOKAT
 * ```
 */
export async function runCategoryKat(options: RunCategoryKatOptions): Promise<CategoryKatResult> {
  const producedBy = options.category.kat.producedBy;
  switch (producedBy) {
    case 'op-kat':
      return opKatFile(options);
    case 'kat-package':
      return katPackageFile(options);
    case 'pk-kat':
      return runCategoryPkKat(options);
    default:
      throw new KatError(
        'INVALID_ARGUMENT',
        `runCategoryKat: category ${options.category.id} has kat.producedBy "${String(producedBy)}", which this version does not know. Use "op-kat", "pk-kat" or "kat-package".`,
      );
  }
}

/** One KAT file produced by the driver's `op-kat` through the category's C table. */
async function opKatFile(options: RunCategoryKatOptions): Promise<CategoryKatResult> {
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
