import { buildCandidateReport } from './internal/candidate-report.js';
import type { CandidatePageOptions } from './internal/candidate-report.js';
import { renderHtmlDocument } from './internal/html-page.js';
import type { Dataset } from './dataset.js';

/**
 * Renders one candidate's performance page as a self-contained HTML document: the same
 * headings, sentences and tables as {@link renderCandidateMarkdown} (guide §3.5), plus charts as
 * inline SVG — cycles/byte and MB/s against message length (logarithmic x axis, one line per
 * instance), the spread of the trials (each trial's mean, and per-call quartiles where the
 * records have them) and memory per message length. Inline CSS only (readable on a phone,
 * printable), no script, no network access; every text from the run directory is HTML-escaped;
 * column headers carry `scope="col"`; each chart has `<title>`, `<desc>` and its numbers as a
 * table. A pure function of the dataset: the same dataset always gives the same bytes.
 *
 * @param dataset - a run directory as returned by {@link loadRunDirectory}
 * @param candidateId - the candidate id as in `build.json`
 * @param options - `otherSystems`: systems whose pages of this candidate sit in the same folder (linked in the breadcrumbs)
 * @returns the HTML document, ending in one newline
 * @throws {@link ReportError} `UNKNOWN_CANDIDATE` when `build.json` has no instance of it;
 *   `INVALID_NUMBER` when a record holds a negative or non-finite figure
 * @example
 * ```ts
 * const dataset = await loadRunDirectory('runs/x86_1');
 * await writeFile('runs/x86_1/reports/hash-15/perf_x86_1.html', renderCandidateHtml(dataset, 'hash-15'));
 * ```
 */
export function renderCandidateHtml(dataset: Dataset, candidateId: string, options: CandidatePageOptions = {}): string {
  return renderHtmlDocument(buildCandidateReport(dataset, candidateId, 'html', options));
}
