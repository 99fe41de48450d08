import { buildCandidateReport } from './internal/candidate-report.js';
import type { CandidatePageOptions } from './internal/candidate-report.js';
import { renderMarkdownDocument } from './internal/markdown-page.js';
import type { Dataset } from './dataset.js';

/**
 * Renders one candidate's performance page as Markdown, laid out like the seed reports
 * (guide §3.5 items (1)–(5) and (7); guide §3.5): headings `# <id> <Algorithm> — performance on
 * <x86-64|AArch64> (system <ID>)`, `## 1. Basic information` … `## 7. Raw evidence index`,
 * GFM tables with the seeds' columns, numbers in the seeds' formats. A pure function of the
 * dataset: the same dataset always gives the same bytes.
 *
 * @param dataset - a run directory as returned by {@link loadRunDirectory}
 * @param candidateId - the candidate id as in `build.json` (`hash-15`, `example-sm3`)
 * @param options - `otherSystems`: systems whose pages of this candidate sit in the same folder (linked in the breadcrumbs)
 * @returns the page, ending in one newline
 * @throws {@link ReportError} `UNKNOWN_CANDIDATE` when `build.json` has no instance of it;
 *   `INVALID_NUMBER` when a record holds a negative or non-finite figure
 * @example
 * ```ts
 * const dataset = await loadRunDirectory('runs/x86_1');
 * await writeFile('runs/x86_1/reports/hash-15/perf_x86_1.md', renderCandidateMarkdown(dataset, 'hash-15'));
 * ```
 */
export function renderCandidateMarkdown(
  dataset: Dataset,
  candidateId: string,
  options: CandidatePageOptions = {},
): string {
  return renderMarkdownDocument(buildCandidateReport(dataset, candidateId, 'md', options));
}
