import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { CategoryKatResult, RunCategoryKatOptions } from './category-kat-types.js';
import { renderCategoryKatLog } from './render-category-kat-log.js';
import type { KatLogHeader } from './render-kat-log.js';
import { runCategoryKat } from './run-category-kat.js';
import type { KatVerdict } from './verdicts.js';

/** Options of {@link runCategoryInstanceKat}: those of `runCategoryKat` but the kind, and the log's facts. */
export interface RunCategoryInstanceKatOptions extends Omit<RunCategoryKatOptions, 'kind'> {
  /** The candidate's id (the log's `id` and RESULT line). */
  candidateId: string;
  /** The log shows paths relative to this folder (a run directory); default: as they are. */
  logPathsRelativeTo?: string;
  /** Build facts for the log's header. */
  logHeader?: KatLogHeader;
  /** The manifest's name in the log (`kat.sha256`); default `manifest`. */
  manifestName?: string | null;
}

/** What {@link runCategoryInstanceKat} found: the instance's verdict, each file's result, and its KAT log. */
export interface CategoryInstanceKatResult {
  verdict: KatVerdict;
  /** The failing file and the driver's sentence, or why there is no verdict; null for PASS. */
  detail: string | null;
  files: CategoryKatResult[];
  /** The KAT log ({@link renderCategoryKatLog}) and its SHA-256. */
  logText: string;
  logSha256: string;
}

/** The instance's verdict from its files': the first failure, else MISMATCH, else NOKAT, else PASS (the ICCS KAT rules). */
function verdictOf(results: readonly CategoryKatResult[]): KatVerdict {
  const failed = results.find((result) => !['PASS', 'MISMATCH', 'NOKAT'].includes(result.verdict));
  if (failed !== undefined) return failed.verdict;
  for (const verdict of ['MISMATCH', 'NOKAT'] as const)
    if (results.some((result) => result.verdict === verdict)) return verdict;
  return results.length === 0 ? 'NOKAT' : 'PASS';
}

/**
 * Every default KAT kind of an instance of any category (`category.kat.kinds`, `byDefault`),
 * each through {@link runCategoryKat} (the category's producer), the instance's verdict from them
 * and its KAT log in the one layout (`renderCategoryKatLog`; `ngcc-perf validate` reads it). The
 * caller writes the log where it keeps evidence.
 *
 * @returns the {@link CategoryInstanceKatResult}
 * @throws the errors of {@link runCategoryKat}; a library that misbehaves is a verdict
 * @example
 * ```ts
 * const kat = await runCategoryInstanceKat({ library, category: toy, candidateId: 'toy-01', instance: 'toy', manifest, outputDirectory: 'kat/toy-01/toy' });
 * kat.verdict; // 'PASS'
 * ```
 */
export async function runCategoryInstanceKat(
  options: RunCategoryInstanceKatOptions,
): Promise<CategoryInstanceKatResult> {
  const { candidateId, logPathsRelativeTo, logHeader, manifestName, ...common } = options;
  const results: CategoryKatResult[] = [];
  for (const kind of options.category.kat.kinds.filter((candidate) => candidate.byDefault))
    results.push(await runCategoryKat({ ...common, kind: kind.kind }));
  const verdict = verdictOf(results);
  const failure = results.find((result) => result.verdict === verdict && 'message' in result);
  const detail =
    verdict === 'PASS'
      ? null
      : failure !== undefined && 'message' in failure
        ? `${failure.file}: ${failure.message}`
        : verdict === 'NOKAT'
          ? 'no manifest entry for a KAT file'
          : null;
  const shown = (file: string) =>
    logPathsRelativeTo === undefined ? file : path.relative(logPathsRelativeTo, file).split(path.sep).join('/');
  const files = await Promise.all(
    results.map(async (result) =>
      'katFilePath' in result
        ? { result, shownPath: shown(result.katFilePath), bytes: (await stat(result.katFilePath)).size }
        : { result, shownPath: null, bytes: 0 },
    ),
  );
  const logText = renderCategoryKatLog({
    library: shown(options.library),
    candidateId,
    instance: options.instance,
    category: options.category.id,
    parameters: options.parameters ?? {},
    header: logHeader ?? {},
    files,
    manifestName: manifestName ?? null,
    verdict,
    detail,
  });
  return { verdict, detail, files: results, logText, logSha256: createHash('sha256').update(logText).digest('hex') };
}
