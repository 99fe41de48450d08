import { createHash } from 'node:crypto';
import path from 'node:path';
import { writeFileAtomic } from '@ngcc-perf/atomic-file';
import type { DriverKatOptions, DriverRunner, KatTestSizes } from './driver-runner.js';
import { formatKatFile } from './format-kat-file.js';
import { checkRunOptionsShape } from './internal/run-kat-options-schema.js';
import { checkRunOptions } from './internal/check-run-options.js';
import { judgeKatFile } from './internal/judge-kat-file.js';
import { checkKatDir, loadManifest } from './internal/load-references.js';
import { createPathShower } from './internal/shown-paths.js';
import { createSpawnDriverRunner, resolveDriverPath } from './internal/spawn-driver.js';
import { failureFields, mismatchDetail } from './internal/verdict-fields.js';
import { KatError } from './kat-error.js';
import { DEFAULT_KAT_FILES, katFileName, type KatFileKind } from './kat-messages.js';
import type { KatFileResult, KatResult, KatVerdictFields } from './kat-result.js';
import type { KatManifest } from './parse-manifest.js';
import { renderKatLog, type KatLogHeader } from './render-kat-log.js';

/** Options of {@link runKat}. */
export interface RunKatOptions {
  /** Path of the shared library exporting `CryptHash`. */
  library: string;
  /** Digest length in bits (a multiple of 8). */
  digestBits: number;
  /** Instance name; the KAT files are `<kind>_<name>.txt`. */
  name: string;
  /**
   * Candidate id, e.g. `hash-15`: the `id` line of the KAT log and `candidateId` of the result, so
   * that a campaign's logs say which submission an instance belongs to. Default: `name` (a library
   * studied on its own belongs to no candidate).
   */
  candidateId?: string;
  /** The `kat.sha256` manifest, parsed or as a path. */
  manifest?: KatManifest | string;
  /** Label to look up in the manifest (`<label>/<file>`); default: `name`. */
  label?: string;
  /**
   * Label of the reference twin (same candidate, same digest length) whose entries judge this
   * instance when the manifest has none for `label` and none its files' digests reproduce.
   */
  twinLabel?: string;
  /** Directory of submitted KAT files, compared when the manifest has no entry for a file. */
  katDir?: string;
  /** Write the generated KAT files here (created if needed). */
  outDir?: string;
  /**
   * Which files to generate, in this order; default {@link RUN_KAT_DEFAULTS}.files (`KAT_2_12`,
   * `KAT_2_23`). {@link ALL_KAT_FILES} adds `KAT_2_33` (three 1 GiB messages) and `KAT_Loop`.
   */
  files?: readonly KatFileKind[];
  /**
   * Address-space limit (RLIMIT_AS) of each driver process, in bytes; 0 for none. Default: the
   * driver's (2 GiB plus twice the file's longest message, so 4 GiB for `KAT_2_33`).
   */
  maxMemoryBytes?: number;
  /** Test-only smaller `KAT_2_33`/`KAT_Loop`; the files then match no official manifest. */
  testSizes?: KatTestSizes;
  /** The driver; default: `driverPath()` of @ngcc-perf/native. Ignored when `runner` is given. */
  driverPath?: string;
  /** Runs CryptHash; default: spawns the driver. Inject a fake in tests. */
  runner?: DriverRunner;
  /** Seconds one driver process (one KAT file) may take before it is killed (TIMEOUT); default 900. */
  timeoutSeconds?: number;
  /** Build facts for the KAT log header. */
  logHeader?: KatLogHeader;
  /**
   * Absolute paths in the log are written relative to this directory (the run directory), and so
   * is every mention of it in `detail` (the driver's messages name the library as given). With it
   * or with `logHeader.library`, the absolute library path in `detail` becomes its shown name.
   */
  logPathsRelativeTo?: string;
  /** Called with one line before and after each KAT file (e.g. to print progress on stderr). */
  onProgress?: (message: string) => void;
}

const WORK: Record<KatFileKind, string> = {
  KAT_2_12: '4097 messages of 0 … 4096 bits',
  KAT_2_23: 'three 2^23-bit messages',
  KAT_2_33: 'three 1 GiB messages',
  KAT_Loop: '10^6 chained hashes',
};

/**
 * Defaults of {@link runKat}: `timeoutSeconds` 900 (the guide §3.4 budget, per driver process) and
 * `files` = {@link DEFAULT_KAT_FILES}.
 *
 * @example
 * ```ts
 * await runKat({ ...options, timeoutSeconds: RUN_KAT_DEFAULTS.timeoutSeconds * 2 });
 * ```
 */
export const RUN_KAT_DEFAULTS = Object.freeze({ timeoutSeconds: 900, files: DEFAULT_KAT_FILES });

function driverOptionsOf(options: RunKatOptions, timeoutSeconds: number): DriverKatOptions {
  const chosen: DriverKatOptions = { timeoutSeconds };
  if (options.maxMemoryBytes !== undefined) chosen.maxMemoryBytes = options.maxMemoryBytes;
  if (options.testSizes !== undefined) chosen.testSizes = options.testSizes;
  return chosen;
}

async function writeKatFile(outDir: string | undefined, file: string, text: string): Promise<string | null> {
  if (outDir === undefined) return null;
  const target = path.join(outDir, file);
  // Atomic, so a full disk or a kill never leaves half a KAT file.
  try {
    await writeFileAtomic(target, text);
  } catch (error) {
    throw new KatError(
      'OUTPUT_UNWRITABLE',
      `Cannot write ${target}: ${(error as Error).message}. Choose a writable outDir with free space.`,
      { cause: error },
    );
  }
  return target;
}

/**
 * Runs the NGCC KATs of one instance (the ICCS KAT rules): for each file kind, one `ngcc-perf-driver kat`
 * process generates the messages with its SM3 DRNG, hashes them with the library (checking
 * guard bytes, the const message, the return value, and — for KAT_2_12 and KAT_2_23, the first
 * and last KAT_Loop step — that a second call gives the same digest), and reports the records;
 * here they become the KAT text, byte-exact, which is optionally written and compared with the
 * manifest entry (or else, record by record, with the submitted KAT file). The library's
 * misbehaviour is a verdict, never an exception; a failing driver run stops the remaining
 * files. A nondeterministic library is a MISMATCH (`reference: 'repeat'`). Verdict order: the
 * run failure, else the first MISMATCH, else NOKAT when a file had no reference, else PASS.
 *
 * @param options - see {@link RunKatOptions}; `timeoutSeconds` is per driver process
 * @returns the verdict, per-file facts, the KAT log and its SHA-256
 * @throws {KatError} `INVALID_ARGUMENT`, `MANIFEST_*`, `KAT_FILE_UNREADABLE`, `KAT_FILE_MALFORMED`,
 *   `KAT_FILE_BAD_HEX`, `OUTPUT_UNWRITABLE`, `DRIVER_NOT_FOUND`, `DRIVER_VERSION`,
 *   `DRIVER_PROTOCOL`, `DRIVER_FAILED`
 * @example
 * ```ts
 * const result = await runKat({ library: 'libsm3.so', digestBits: 256, name: 'sm3',
 *   candidateId: 'example-sm3', manifest: 'sm3/kat.sha256', outDir: 'runs/x/kat/example-sm3/sm3' });
 * if (result.verdict !== 'PASS') console.error(result.detail);
 * ```
 */
export async function runKat(options: RunKatOptions): Promise<KatResult> {
  checkRunOptionsShape(options);
  const timeoutSeconds = options.timeoutSeconds ?? RUN_KAT_DEFAULTS.timeoutSeconds;
  const kinds = options.files ?? RUN_KAT_DEFAULTS.files;
  checkRunOptions({ ...options, timeoutSeconds, files: kinds });
  const { library, digestBits, name } = options;
  const candidateId = options.candidateId ?? name;
  const manifest = await loadManifest(options.manifest);
  await checkKatDir(options.katDir);
  const label = options.label ?? name;
  const runner = options.runner ?? createSpawnDriverRunner(await resolveDriverPath(options.driverPath));
  const shower = createPathShower(options.logPathsRelativeTo, library, options.logHeader?.library);
  const shown = shower.path;
  const manifestName = manifest === null ? null : shown(manifest.sourceName);

  const files: KatFileResult[] = [];
  let failure: KatVerdictFields | null = null;
  let failureDetail = '';
  let mismatch: Extract<KatVerdictFields, { verdict: 'MISMATCH' }> | null = null;
  for (const kind of kinds) {
    const file = katFileName(kind, name);
    const startedMs = performance.now();
    options.onProgress?.(`${file}: ${WORK[kind]}${options.testSizes === undefined ? '' : ' (test-only sizes)'}`);
    const outcome = await runner.kat(library, digestBits, kind, driverOptionsOf(options, timeoutSeconds));
    if (outcome.status !== 'ok') {
      failure = failureFields(file, outcome);
      failureDetail =
        failure.verdict === 'MISMATCH'
          ? mismatchDetail(failure, manifestName ?? 'manifest')
          : `${file}: ${shower.text(outcome.detail)}`;
      options.onProgress?.(`${file}: ${failure.verdict}`);
      break;
    }
    const { run } = outcome;
    const text = formatKatFile(kind, run.records, digestBits, run.seedHex);
    const written = await writeKatFile(options.outDir, file, text);
    const judged = await judgeKatFile(text, file, manifest, label, options.katDir, options.twinLabel);
    mismatch ??= judged.mismatch;
    files.push({
      kind,
      file,
      path: written,
      bytes: Buffer.byteLength(text),
      seconds: (performance.now() - startedMs) / 1000,
      cryptHashCalls: run.cryptHashCalls,
      cryptHashSeconds: run.cryptHashSeconds,
      drbgSeconds: run.drbgSeconds,
      repeat: run.repeat,
      peakRssBytes: run.peakRssBytes,
      testSizes: run.testSizes,
      canonicalSha256: judged.canonicalSha256,
      manifestEntry: judged.manifestEntry,
      comparedSha256: judged.comparedSha256,
      katFilePath: judged.katFilePath,
      matched: judged.matched,
    });
    const said = judged.matched === null ? 'no reference' : judged.matched ? 'match' : 'MISMATCH';
    options.onProgress?.(`${file}: ${said} (${run.cryptHashSeconds.toFixed(3)} s inside CryptHash)`);
  }

  const missing = files.filter((file) => file.matched === null).map((file) => file.file);
  let fields: KatVerdictFields;
  let detail: string | null;
  if (failure !== null) [fields, detail] = [failure, failureDetail];
  else if (mismatch !== null) [fields, detail] = [mismatch, mismatchDetail(mismatch, manifestName ?? 'manifest')];
  else if (missing.length > 0) {
    fields = { verdict: 'NOKAT', missing };
    detail = `no manifest entry and no submitted KAT file for ${missing.join(', ')}`;
  } else [fields, detail] = [{ verdict: 'PASS' }, null];

  const logText = renderKatLog({
    library: shown(library),
    candidateId,
    instance: name,
    digestBits,
    header: options.logHeader ?? {},
    manifestName,
    files: files.map((file) => ({
      ...file,
      path: file.path === null ? null : shown(file.path),
      katFilePath: file.katFilePath === null ? null : shown(file.katFilePath),
    })),
    verdict: fields.verdict,
    detail,
  });
  const logSha256 = createHash('sha256').update(logText, 'utf8').digest('hex');
  return { candidateId, instance: name, library, digestBits, detail, files, logText, logSha256, ...fields };
}
