import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DriverHashOutcome, DriverRunner } from './driver-runner.js';
import { checkRunOptions } from './internal/check-run-options.js';
import { judgeKatFile } from './internal/judge-kat-file.js';
import { loadManifest } from './internal/load-references.js';
import { createSpawnDriverRunner, resolveDriverPath } from './internal/spawn-driver.js';
import { KatError } from './kat-error.js';
import { DEFAULT_KAT_FILES, generateKatMessages, katFileName, type KatFileKind, type KatMessage } from './kat-messages.js';
import { describeKatMessage, formatKatRecords } from './kat-records.js';
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
  /** Candidate id, e.g. `hash-15`. */
  candidateId: string;
  /** The `kat.sha256` manifest, parsed or as a path. */
  manifest?: KatManifest | string;
  /** Label to look up in the manifest (`<label>/<file>`); default: `name`. */
  label?: string;
  /** Directory of submitted KAT files, compared when the manifest has no entry for a file. */
  katDir?: string;
  /** Write the generated KAT files here (created if needed). */
  outDir?: string;
  /** Which files to generate; default {@link RUN_KAT_DEFAULTS}.files (`KAT_2_12`, `KAT_2_23`). */
  files?: readonly KatFileKind[];
  /** The driver; default `NGCC_PERF_DRIVER`. Ignored when `runner` is given. */
  driverPath?: string;
  /** Runs CryptHash; default: spawns the driver. Inject a fake in tests. */
  runner?: DriverRunner;
  /** Seconds one driver process (one KAT file) may take; default 900. */
  timeoutSeconds?: number;
  /** Build facts for the KAT log header. */
  logHeader?: KatLogHeader;
  /** Absolute paths in the log are written relative to this directory (the run directory). */
  logPathsRelativeTo?: string;
}

/**
 * Defaults of {@link runKat}: `timeoutSeconds` 900 (the SPEC §5 budget, per driver process) and
 * `files` = {@link DEFAULT_KAT_FILES}.
 *
 * @example
 * ```ts
 * await runKat({ ...options, timeoutSeconds: RUN_KAT_DEFAULTS.timeoutSeconds * 2 });
 * ```
 */
export const RUN_KAT_DEFAULTS = Object.freeze({ timeoutSeconds: 900, files: DEFAULT_KAT_FILES });

function* describing(kind: KatFileKind, lines: string[]): Generator<KatMessage> {
  for (const message of generateKatMessages(kind)) {
    lines.push(describeKatMessage(kind, message));
    yield message;
  }
}

function failureFields(file: string, outcome: Exclude<DriverHashOutcome, { status: 'ok' }>): KatVerdictFields {
  switch (outcome.status) {
    case 'CRYPTOFAIL': return { verdict: 'CRYPTOFAIL', file, messageBits: outcome.messageBits, returnCode: outcome.returnCode };
    case 'OVERFLOW': return { verdict: 'OVERFLOW', file, messageBits: outcome.messageBits, buffer: outcome.buffer };
    case 'LOADFAIL': return { verdict: 'LOADFAIL', file };
    case 'TIMEOUT': return { verdict: 'TIMEOUT', file, timeoutSeconds: outcome.timeoutSeconds };
    case 'CRASH': return { verdict: 'CRASH', file, signal: outcome.signal, processExitCode: outcome.exitCode, messageBits: outcome.messageBits };
  }
}

function mismatchDetail(fields: Extract<KatVerdictFields, { verdict: 'MISMATCH' }>, manifestName: string): string {
  if (fields.reference === 'manifest') {
    return `${fields.file}: canonical SHA-256 ${fields.actual} differs from ${fields.expected} (${manifestName} line ${fields.manifestLine})`;
  }
  const clip = (text: string): string => (text.length > 80 ? `${text.slice(0, 80)}…` : text);
  return `${fields.file} line ${fields.line} differs from the submitted file's line ${fields.expectedLine}: expected "${clip(fields.expected)}", got "${clip(fields.actual)}"`;
}

async function writeKatFile(outDir: string | undefined, file: string, text: string): Promise<string | null> {
  if (outDir === undefined) return null;
  const target = path.join(outDir, file);
  try {
    await mkdir(outDir, { recursive: true });
    await writeFile(target, text);
  } catch (error) {
    throw new KatError('OUTPUT_UNWRITABLE', `Cannot write ${target}: ${(error as Error).message}. Choose a writable outDir.`, { cause: error });
  }
  return target;
}

/**
 * Runs the NGCC KATs of one instance (SPEC §4): for each file kind, generates the messages with
 * the SM3 DRNG, hashes them with the library in the driver, formats the KAT text byte-exactly,
 * optionally writes it, and compares it with the manifest entry (or else the submitted KAT
 * file). The library's misbehaviour is a verdict, never an exception; a failing driver run
 * stops the remaining files. Verdict order: the run failure, else the first MISMATCH, else
 * NOKAT when a file had no reference, else PASS.
 *
 * @param options - see {@link RunKatOptions}; `timeoutSeconds` is per driver process
 * @returns the verdict, per-file facts, the KAT log and its SHA-256
 * @throws {KatError} `INVALID_ARGUMENT`, `MANIFEST_*`, `KAT_FILE_UNREADABLE`, `OUTPUT_UNWRITABLE`,
 *   `DRIVER_NOT_FOUND`, `DRIVER_VERSION`, `DRIVER_PROTOCOL`, `DRIVER_FAILED`
 * @example
 * ```ts
 * const result = await runKat({ library: 'native/build/examples/libsm3.so', digestBits: 256, name: 'sm3',
 *   candidateId: 'example-sm3', manifest: 'native/examples/sm3/kat.sha256', outDir: 'runs/x/kat/example-sm3/sm3' });
 * if (result.verdict !== 'PASS') console.error(result.detail);
 * ```
 */
export async function runKat(options: RunKatOptions): Promise<KatResult> {
  const timeoutSeconds = options.timeoutSeconds ?? RUN_KAT_DEFAULTS.timeoutSeconds;
  const kinds = options.files ?? RUN_KAT_DEFAULTS.files;
  checkRunOptions({ ...options, timeoutSeconds, files: kinds });
  const { library, digestBits, name, candidateId } = options;
  const manifest = await loadManifest(options.manifest);
  const label = options.label ?? name;
  const runner = options.runner ?? createSpawnDriverRunner(resolveDriverPath(options.driverPath));
  const shown = (p: string): string =>
    options.logPathsRelativeTo !== undefined && path.isAbsolute(p) ? path.relative(options.logPathsRelativeTo, p) : p;
  const manifestName = manifest === null ? null : shown(manifest.sourceName);

  const files: KatFileResult[] = [];
  let failure: KatVerdictFields | null = null;
  let failureDetail = '';
  let mismatch: Extract<KatVerdictFields, { verdict: 'MISMATCH' }> | null = null;
  for (const kind of kinds) {
    const file = katFileName(kind, name);
    const startedMs = performance.now();
    const messageLines: string[] = [];
    const outcome = await runner.hash(library, digestBits, describing(kind, messageLines), { timeoutSeconds });
    if (outcome.status !== 'ok') {
      failure = failureFields(file, outcome);
      failureDetail = `${file}: ${outcome.detail}`;
      break;
    }
    const text = formatKatRecords(messageLines, outcome.digestsHex, digestBits);
    const seconds = (performance.now() - startedMs) / 1000;
    const written = await writeKatFile(options.outDir, file, text);
    const judged = await judgeKatFile(text, file, manifest, label, options.katDir);
    mismatch ??= judged.mismatch;
    files.push({
      kind, file, path: written, bytes: Buffer.byteLength(text), seconds,
      canonicalSha256: judged.canonicalSha256, manifestEntry: judged.manifestEntry,
      comparedSha256: judged.comparedSha256, katFilePath: judged.katFilePath, matched: judged.matched,
    });
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
    library: shown(library), candidateId, instance: name, digestBits, header: options.logHeader ?? {}, manifestName,
    files: files.map((file) => ({ ...file, path: file.path === null ? null : shown(file.path), katFilePath: file.katFilePath === null ? null : shown(file.katFilePath) })),
    verdict: fields.verdict, detail,
  });
  const logSha256 = createHash('sha256').update(logText, 'utf8').digest('hex');
  return { candidateId, instance: name, library, digestBits, detail, files, logText, logSha256, ...fields };
}
