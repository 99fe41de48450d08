// The `pk-kat` branch of runCategoryKat: a KEM, signature or key-exchange instance's official KAT
// file by runPublicKeyKat, returned as a CategoryKatResult with report item (6) beside it.
import { readFile } from 'node:fs/promises';
import { canonicalDigest } from '../canonical-digest.js';
import { findManifestEntry } from '../find-manifest-entry.js';
import type { AlgorithmCategory, MeasuredSize } from '@ngcc-perf/category';
import type { KatManifest, KatManifestEntry } from '../parse-manifest.js';
import { measuredSizes } from './measured-sizes.js';
import { runPublicKeyKat, type PublicKeyCategory } from './run-public-key-kat.js';

/** What runCategoryKat's options give this branch (the same fields, named here to keep the two modules acyclic). */
export interface CategoryPkKatOptions {
  library: string;
  category: Pick<AlgorithmCategory, 'id' | 'kat'>;
  kind: string;
  instance: string;
  manifest: KatManifest | null;
  outputDirectory: string;
  timeoutSeconds?: number;
  driverPath?: string;
  blankLengths?: boolean;
}

/** The branch's result: a member of runCategoryKat's CategoryKatResult. */
export type CategoryPkKatResult =
  | {
      verdict: 'PASS' | 'MISMATCH' | 'NOKAT';
      katFilePath: string;
      file: string;
      records: number;
      canonicalSha256: string;
      comparedSha256: string | null;
      manifestEntry: KatManifestEntry | null;
      failedChecks: readonly { record: number; name: string; failure: string }[];
      sizes: readonly MeasuredSize[];
      /** The getters' figures by function name (`kex_get_passes_num`), as the pk-kat meta line gave them. */
      getters: Readonly<Record<string, number>> | null;
    }
  | {
      verdict: 'CRYPTOFAIL' | 'OVERFLOW' | 'LOADFAIL' | 'TIMEOUT' | 'CRASH';
      file: string;
      records: number;
      message: string;
      sizes: readonly MeasuredSize[];
      /** The getters' figures by function name; null when the run stopped before them. */
      getters: Readonly<Record<string, number>> | null;
    };

const PUBLIC_KEY_CATEGORIES: readonly string[] = ['kem', 'sig', 'kex'];

/**
 * Runs `pk-kat` for an instance of a category whose `kat.producedBy` is `pk-kat` and judges the
 * file as runCategoryKat does: PASS, MISMATCH or NOKAT with the failed functional checks beside
 * it, or the verdict that stopped the run; `sizes` from the getters and what the calls wrote.
 *
 * @throws {@link KatError} as runPublicKeyKat (`DRIVER_NOT_FOUND`, `DRIVER_FAILED`, `DRIVER_VERSION`,
 *   `DRIVER_PROTOCOL`, `OUTPUT_UNWRITABLE`)
 */
export async function runCategoryPkKat(options: CategoryPkKatOptions): Promise<CategoryPkKatResult> {
  const id = options.category.id;
  const run = await runPublicKeyKat({
    library: options.library,
    instance: options.instance,
    outDir: options.outputDirectory,
    ...(options.manifest === null ? {} : { manifest: options.manifest }),
    ...(PUBLIC_KEY_CATEGORIES.includes(id) ? { category: id as PublicKeyCategory } : {}),
    ...(options.blankLengths === true ? { blankLengths: true } : {}),
    ...(options.timeoutSeconds === undefined ? {} : { timeoutSeconds: options.timeoutSeconds }),
    ...(options.driverPath === undefined ? {} : { driverPath: options.driverPath }),
  });
  const sizes = measuredSizes(options.category.kat.sizeSources ?? [], run.getters, run.written);
  const kind = options.category.kat.kinds.find((candidate) => candidate.kind === options.kind);
  const file = run.file ?? kind?.fileName(options.instance) ?? `${options.kind}_${options.instance}.txt`;
  if ((run.verdict !== 'PASS' && run.verdict !== 'MISMATCH' && run.verdict !== 'NOKAT') || run.path === null) {
    const verdict =
      run.verdict === 'CRYPTOFAIL' ||
      run.verdict === 'OVERFLOW' ||
      run.verdict === 'LOADFAIL' ||
      run.verdict === 'TIMEOUT'
        ? run.verdict
        : 'CRASH';
    return { verdict, file, records: run.records, message: run.detail, sizes, getters: run.getters };
  }
  const text = await readFile(run.path, 'utf8');
  const entry = options.manifest === null ? undefined : findManifestEntry(options.manifest, options.instance, file);
  return {
    verdict: run.verdict,
    katFilePath: run.path,
    file,
    records: run.records,
    canonicalSha256: canonicalDigest(text, { mode: 'strict' }),
    comparedSha256: entry === undefined ? null : run.canonicalSha256,
    manifestEntry: entry ?? null,
    failedChecks: run.failedChecks,
    sizes,
    getters: run.getters,
  };
}
