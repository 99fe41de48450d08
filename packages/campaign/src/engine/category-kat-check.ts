import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { AlgorithmCategory } from '@ngcc-perf/category';
import { renderCategoryKatLog, runCategoryKat, type CategoryKatResult, type KatVerdict } from '@ngcc-perf/kat';
import type { InstanceSize } from '@ngcc-perf/record';
import { runPaths, writeFileAtomic } from '../run-directory.js';
import { categoryInstance } from './campaign-candidate.js';
import type { CampaignContext, CampaignUnit } from './campaign-context.js';
import type { BuildEntry } from './campaign-types.js';
import { displayPath } from './build-evidence.js';

/** The instance's verdict from its files' verdicts: the first failure, else MISMATCH, else NOKAT, else PASS (the ICCS KAT rules). */
function verdictOf(results: readonly CategoryKatResult[]): KatVerdict {
  const failed = results.find((result) => !['PASS', 'MISMATCH', 'NOKAT'].includes(result.verdict));
  if (failed !== undefined) return failed.verdict;
  for (const verdict of ['MISMATCH', 'NOKAT'] as const)
    if (results.some((result) => result.verdict === verdict)) return verdict;
  return results.length === 0 ? 'NOKAT' : 'PASS';
}

/** build.json `sizes` (report item (6)): the KAT's when it measured them, else the category's declared bytes; absent when none. */
function sizesOf(category: AlgorithmCategory, unit: CampaignUnit, results: readonly CategoryKatResult[]) {
  const measured = results.flatMap((result) => ('sizes' in result && Array.isArray(result.sizes) ? result.sizes : []));
  if (measured.length > 0) return measured as InstanceSize[];
  const declared = category.sizes(categoryInstance(unit.instance));
  return declared.length === 0
    ? undefined
    : declared.map((size) => ({
        key: size.key,
        label: size.label,
        getterBytes: size.bytes,
        writtenBytes: null,
        agrees: null,
      }));
}

/**
 * The kat phase for an instance of a category other than hash: every default KAT kind of its
 * category (`kat.kinds`, `byDefault`) through `runCategoryKat` of @ngcc-perf/kat (the category's
 * producer: `op-kat` with its C table, …), judged against the candidate's manifest (entries
 * `<katName>/<file>`; none: NOKAT), files under `kat/<candidate>/<instance>/`, and the KAT log
 * `kat/<candidate>/<instance>.log` (`renderCategoryKatLog`: each file's records, canonical digest
 * and manifest line, last the RESULT line `ngcc-perf validate` checks). The instance's item (6) sizes go into build.json `sizes`.
 * @returns the build.json entry with its verdict, log and sizes
 * @throws `KatError` of @ngcc-perf/kat for harness faults (the driver refused its arguments, a file
 *   could not be written); a library that misbehaves is a verdict.
 */
export async function checkCategoryKat(
  context: CampaignContext,
  unit: CampaignUnit,
  entry: BuildEntry,
  category: AlgorithmCategory,
): Promise<BuildEntry> {
  const { candidate, instance } = unit;
  const out = context.state.directory;
  const manifest = context.manifests.get(candidate.id) ?? null;
  const results: CategoryKatResult[] = [];
  for (const kind of category.kat.kinds.filter((candidateKind) => candidateKind.byDefault)) {
    results.push(
      await runCategoryKat({
        library: path.join(out, entry.library!),
        category,
        kind: kind.kind,
        instance: instance.katName,
        parameters: categoryInstance(instance).parameters,
        manifest,
        outputDirectory: path.join(out, runPaths.katFiles(candidate.id, instance.name)),
        driverPath: context.driverPath,
      }),
    );
  }
  const verdict = verdictOf(results);
  const failure = results.find((result) => result.verdict === verdict && 'message' in result);
  const detail = failure !== undefined && 'message' in failure ? `${failure.file}: ${failure.message}` : null;
  const files = await Promise.all(
    results.map(async (result) => {
      if (!('katFilePath' in result)) return { result, shownPath: null, bytes: 0 };
      const bytes = (await stat(result.katFilePath)).size;
      return { result, shownPath: path.relative(out, result.katFilePath).split(path.sep).join('/'), bytes };
    }),
  );
  const logText = renderCategoryKatLog({
    library: entry.library!,
    candidateId: candidate.id,
    instance: instance.katName,
    category: category.id,
    parameters: categoryInstance(instance).parameters,
    header: {
      library: entry.library!,
      algorithm: candidate.algorithm,
      variant: instance.variant,
      sourceDir: displayPath(candidate.directory, candidate.directory),
      compiler: context.tools.compiler ?? 'unknown',
      buildFlags: entry.buildFlags,
    },
    files,
    manifestName: manifest === null ? null : 'kat.sha256',
    verdict,
    detail: verdict === 'PASS' ? null : (detail ?? (verdict === 'NOKAT' ? 'no manifest entry for a KAT file' : null)),
  });
  const katLog = runPaths.katLog(candidate.id, instance.name);
  await writeFileAtomic(path.join(out, katLog), logText);
  const sizes = sizesOf(category, unit, results);
  return {
    ...entry,
    kat: verdict,
    katDetail: detail,
    katLog,
    katLogSha256: createHash('sha256').update(logText).digest('hex'),
    guideResult: entry.flags === 'guide' ? verdict : entry.guideResult,
    ...(sizes === undefined ? {} : { sizes }),
  };
}
