import path from 'node:path';
import type { CategoryRegistry } from '@ngcc-perf/category';
import { loadRunDirectory, REPORT_PATHS, renderRunReports } from '@ngcc-perf/report';
import { writeFileAtomic } from '../run-directory.js';

/** The files {@link renderReports} wrote, relative to the run directory. */
export interface RenderedReports {
  /** Per-candidate markdown pages (`reports/<id>/perf_<system>.md`). */
  markdown: string[];
  /** Per-candidate HTML pages. */
  html: string[];
  /** The system's HTML summary (`reports/summary_<system>.html`), which links every page. */
  summaryHtml: string;
  /** Every file written, in the report package's order (pages, system summary, method, exports). */
  files: string[];
}

/**
 * Renders the reports of a complete run directory (or merged dataset) with `@ngcc-perf/report`'s
 * `renderRunReports`: per candidate `reports/<id>/perf_<system>.md` and `.html` (guide §3.5), the
 * system summary and method pages and the records exports — all from the records alone
 * (`loadRunDirectory` validates them first) — each written atomically.
 * @param directory - absolute run directory
 * @param categories - the registry whose categories render the pages of candidates other than hash ones (`category.pages`)
 * @throws `ReportError` from `@ngcc-perf/report` when a file does not validate.
 * @example
 * const { html } = await renderReports('/runs/x86_1'); // ['reports/example-sm3/perf_x86_1.html', …]
 */
export async function renderReports(directory: string, categories?: CategoryRegistry): Promise<RenderedReports> {
  const withCategories = categories === undefined ? {} : { categories };
  const dataset = await loadRunDirectory(directory, withCategories);
  const system = dataset.campaign.systemId;
  const files = renderRunReports(dataset, withCategories);
  for (const file of files) await writeFileAtomic(path.join(directory, ...file.path.split('/')), file.content);
  const candidates = [...new Set(dataset.build.instances.map((i) => i.candidate))];
  const written = new Set(files.map((f) => f.path));
  return {
    markdown: candidates.map((c) => REPORT_PATHS.candidateMarkdown(c, system)).filter((p) => written.has(p)),
    html: candidates.map((c) => REPORT_PATHS.candidateHtml(c, system)).filter((p) => written.has(p)),
    summaryHtml: REPORT_PATHS.summaryHtml(system),
    files: files.map((f) => f.path),
  };
}
