import path from 'node:path';
import { writeFileAtomic } from '@ngcc-perf/atomic-file';
import { renderCrossSystemSummaryHtml, renderCrossSystemSummaryMarkdown } from './render-cross-system-summary.js';
import { copyRunEvidence } from './copy-run-evidence.js';
import { REPORT_PATHS, renderRunReports, renderSite } from './render-run-reports.js';
import { ReportError } from './report-error.js';
import type { Dataset } from './dataset.js';
import type { RenderedFile, RenderRunOptions } from './render-run-reports.js';

async function writeAtomically(directory: string, file: RenderedFile): Promise<void> {
  const target = path.join(directory, ...file.path.split('/'));
  try {
    await writeFileAtomic(target, file.content);
  } catch (error) {
    throw new ReportError(
      'WRITE_FAILED',
      `${target}: cannot be written (${String(error)}). Check that the directory is writable.`,
      { cause: error, file: target },
    );
  }
}

/**
 * Writes every file of {@link renderRunReports} under `outDirectory` (normally the run directory
 * itself), each atomically (`writeFileAtomic` of @ngcc-perf/atomic-file: written in full, fsynced,
 * renamed over the target).
 *
 * @param dataset - one run directory ({@link loadRunDirectory})
 * @param outDirectory - where `reports/` and `exports/` go
 * @param options - `otherSystems` whose pages share `outDirectory` (linked from each candidate page);
 *   `runDirectory`, the dataset's run directory: when `outDirectory` is another folder, the files the
 *   pages link are copied into `evidence/<system>/` there first ({@link copyRunEvidence}) and the
 *   pages link those copies
 * @returns the relative paths written, in order
 * @throws {@link ReportError} `WRITE_FAILED` naming the file; `INVALID_NUMBER` from rendering
 * @example
 * ```ts
 * const dataset = await loadRunDirectory(out);
 * await writeRunReports(dataset, out); // reports/<id>/perf_<system>.md …, exports/records_<system>.csv
 * ```
 */
export async function writeRunReports(
  dataset: Dataset,
  outDirectory: string,
  options: RenderRunOptions & { runDirectory?: string } = {},
): Promise<string[]> {
  const { runDirectory, ...renderOptions } = options;
  const elsewhere = runDirectory !== undefined && path.resolve(runDirectory) !== path.resolve(outDirectory);
  const evidence = elsewhere ? await copyRunEvidence(dataset, runDirectory, outDirectory) : [];
  const files = renderRunReports(dataset, { ...renderOptions, ...(elsewhere ? { evidenceCopied: true } : {}) });
  for (const file of files) await writeAtomically(outDirectory, file);
  return [...evidence, ...files.map((file) => file.path)];
}

/**
 * Writes the cross-system summary (`reports/summary.md` and `.html`) of several systems' datasets
 * under `outDirectory`.
 *
 * @param datasets - one dataset per system
 * @param outDirectory - where `reports/` goes
 * @returns the two relative paths written
 * @throws {@link ReportError} `DUPLICATE_SYSTEM`, `INVALID_OPTION`, `WRITE_FAILED`
 * @example
 * ```ts
 * await writeCrossSystemSummary([x86, arm], 'published');
 * ```
 */
export async function writeCrossSystemSummary(datasets: readonly Dataset[], outDirectory: string): Promise<string[]> {
  const files = [
    { path: REPORT_PATHS.crossSystemMarkdown, content: renderCrossSystemSummaryMarkdown(datasets) },
    { path: REPORT_PATHS.crossSystemHtml, content: renderCrossSystemSummaryHtml(datasets) },
  ];
  for (const file of files) await writeAtomically(outDirectory, file);
  return files.map((file) => file.path);
}

/**
 * Writes the site over several run directories ({@link renderSite}) under `outDirectory`, each
 * file atomically: every system's pages, the site index and the summary across systems.
 *
 * @param datasets - one dataset per system
 * @param outDirectory - where `reports/` and `exports/` go
 * @param runDirectories - the datasets' run directories, in the same order: the files the pages
 *   link are copied into `evidence/<system>/` of `outDirectory` and the pages link those copies
 * @param options - `categories`: the registry of the datasets' categories (default the built-in one)
 * @returns the relative paths written, in order
 * @throws {@link ReportError} `DUPLICATE_SYSTEM`, `INVALID_OPTION`, `WRITE_FAILED`, `INVALID_NUMBER`
 * @example
 * ```ts
 * await writeSite([x86, arm], 'site'); // site/reports/index.html links every page
 * ```
 */
export async function writeSite(
  datasets: readonly Dataset[],
  outDirectory: string,
  runDirectories?: readonly string[],
  options: Pick<RenderRunOptions, 'categories'> = {},
): Promise<string[]> {
  const evidence: string[] = [];
  if (runDirectories !== undefined) {
    for (const [index, dataset] of datasets.entries())
      evidence.push(...(await copyRunEvidence(dataset, runDirectories[index]!, outDirectory)));
  }
  const files = renderSite(datasets, { ...options, evidenceCopied: runDirectories !== undefined });
  for (const file of files) await writeAtomically(outDirectory, file);
  return [...evidence, ...files.map((file) => file.path)];
}
