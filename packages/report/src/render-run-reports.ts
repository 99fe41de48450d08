import { renderCandidateHtml } from './render-candidate-html.js';
import { renderCandidateMarkdown } from './render-candidate-markdown.js';
import { renderMethodHtml, renderMethodMarkdown } from './render-method-markdown.js';
import { renderRecordsCsv } from './render-records-csv.js';
import { renderRecordsJson } from './render-records-json.js';
import { renderSystemSummaryHtml, renderSystemSummaryMarkdown } from './render-system-summary.js';
import type { Dataset } from './dataset.js';

/**
 * Where each rendered file goes, relative to the run (or output) directory
 * (docs/RUN-DIRECTORY.md "Reports and exports").
 *
 * @example
 * ```ts
 * REPORT_PATHS.candidateMarkdown('example-sm3', 'x86_1'); // 'reports/example-sm3/perf_x86_1.md'
 * ```
 */
export const REPORT_PATHS = {
  candidateMarkdown: (candidate: string, systemId: string): string => `reports/${candidate}/perf_${systemId}.md`,
  candidateHtml: (candidate: string, systemId: string): string => `reports/${candidate}/perf_${systemId}.html`,
  summaryMarkdown: (systemId: string): string => `reports/summary_${systemId}.md`,
  summaryHtml: (systemId: string): string => `reports/summary_${systemId}.html`,
  methodMarkdown: (systemId: string): string => `reports/method_${systemId}.md`,
  methodHtml: (systemId: string): string => `reports/method_${systemId}.html`,
  recordsCsv: (systemId: string): string => `exports/records_${systemId}.csv`,
  recordsJson: (systemId: string): string => `exports/records_${systemId}.json`,
  crossSystemMarkdown: 'reports/summary.md',
  crossSystemHtml: 'reports/summary.html',
} as const;

/** One rendered file: its path relative to the run directory and its whole content. */
export interface RenderedFile {
  path: string;
  content: string;
}

/** How one run's pages sit among other runs' pages written to the same directory. */
export interface RenderRunOptions {
  /** The other systems whose pages go to the same `reports/` (linked from each candidate page). */
  otherSystems?: readonly string[];
}

/**
 * Renders every page and export of one run directory, in a fixed order: the JSON records export,
 * then for each candidate of build.json (first-appearance order) its Markdown and HTML page, the
 * system's summary (Markdown, HTML), its method page (Markdown, HTML) and the CSV export. Paths follow
 * {@link REPORT_PATHS}. Pure: the same dataset gives the same files, byte for byte, which is what
 * `validateRunDirectory` relies on.
 *
 * @param dataset - one run directory ({@link loadRunDirectory})
 * @param options - `otherSystems` whose candidate pages sit beside these (breadcrumb links)
 * @returns the files, paths `/`-separated and relative
 * @throws {@link ReportError} `INVALID_NUMBER` when a record holds a negative or non-finite figure
 * @example
 * ```ts
 * for (const file of renderRunReports(dataset)) console.log(file.path, file.content.length);
 * ```
 */
export function renderRunReports(dataset: Dataset, options: RenderRunOptions = {}): RenderedFile[] {
  const systemId = dataset.campaign.systemId;
  const candidates = [...new Set(dataset.build.instances.map((entry) => entry.candidate))];
  return [
    { path: REPORT_PATHS.recordsJson(systemId), content: renderRecordsJson(dataset) },
    ...candidates.flatMap((candidate) => [
      {
        path: REPORT_PATHS.candidateMarkdown(candidate, systemId),
        content: renderCandidateMarkdown(dataset, candidate, options),
      },
      {
        path: REPORT_PATHS.candidateHtml(candidate, systemId),
        content: renderCandidateHtml(dataset, candidate, options),
      },
    ]),
    { path: REPORT_PATHS.summaryMarkdown(systemId), content: renderSystemSummaryMarkdown(dataset) },
    { path: REPORT_PATHS.summaryHtml(systemId), content: renderSystemSummaryHtml(dataset) },
    { path: REPORT_PATHS.methodMarkdown(systemId), content: renderMethodMarkdown(dataset) },
    { path: REPORT_PATHS.methodHtml(systemId), content: renderMethodHtml(dataset) },
    { path: REPORT_PATHS.recordsCsv(systemId), content: renderRecordsCsv(dataset) },
  ];
}
