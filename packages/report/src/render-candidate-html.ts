import { buildCandidateReport } from './internal/candidate-report.js';
import { escapeHtml, renderHtmlInlines } from './internal/html-text.js';
import { renderSvgChart } from './internal/svg-chart.js';
import type { Dataset } from './dataset.js';
import type { Block, TableBlock } from './internal/report-model.js';

const STYLE = `
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; line-height: 1.5; color: #1a1a1a; background: #ffffff; margin: 0; }
main { max-width: 72rem; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom: 1px solid #cccccc; }
table { border-collapse: collapse; margin: 0.75rem 0; font-size: 0.9rem; }
caption { text-align: left; font-weight: 600; padding-bottom: 0.25rem; }
th, td { border: 1px solid #cccccc; padding: 0.25rem 0.6rem; vertical-align: top; }
thead th { background: #f2f2f2; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 0.9em; }
figure { margin: 1rem 0; } svg { max-width: 100%; height: auto; }
.table-wrap { overflow-x: auto; }
`.trim();

function renderTable(table: TableBlock): string {
  const head = table.headers.map((header) => `<th scope="col">${escapeHtml(header)}</th>`).join('');
  const body = table.rows
    .map((row) => `<tr>${row.map((cell, index) => (table.numeric[index] ? `<td class="num">` : '<td>') + `${renderHtmlInlines(cell)}</td>`).join('')}</tr>`)
    .join('\n');
  return `<div class="table-wrap"><table>\n<caption>${escapeHtml(table.caption)}</caption>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table></div>`;
}

function renderBlock(block: Block, idPrefix: string): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p>${renderHtmlInlines(block.inlines)}</p>`;
    case 'list':
      return `<ul>\n${block.items.map((item) => `<li>${renderHtmlInlines(item)}</li>`).join('\n')}\n</ul>`;
    case 'table':
      return renderTable(block);
    case 'chart':
      return `<figure>\n${renderSvgChart(block, `${idPrefix}-chart`)}\n<figcaption>${escapeHtml(block.title)}</figcaption>\n</figure>`;
  }
}

/**
 * Renders one candidate's performance page as a self-contained HTML document: the same
 * headings, sentences and tables as {@link renderCandidateMarkdown} (SPEC §7), inline CSS, no
 * network access, every text from the run directory HTML-escaped, column headers with
 * `scope="col"`, and in section 4 an inline SVG chart of cycles/byte against message length
 * (logarithmic x axis, one line per instance, with `<title>` and `<desc>`). A pure function of
 * the dataset: the same dataset always gives the same bytes.
 *
 * @param dataset - a run directory as returned by {@link loadRunDirectory}
 * @param candidateId - the candidate id as in `build.json`
 * @returns the HTML document, ending in one newline
 * @throws {@link ReportError} `UNKNOWN_CANDIDATE` when `build.json` has no instance of it;
 *   `INVALID_NUMBER` when a record holds a negative or non-finite figure
 * @example
 * ```ts
 * const dataset = await loadRunDirectory('runs/x86_1');
 * await writeFile('runs/x86_1/reports/hash-15/perf_x86_1.html', renderCandidateHtml(dataset, 'hash-15'));
 * ```
 */
export function renderCandidateHtml(dataset: Dataset, candidateId: string): string {
  const report = buildCandidateReport(dataset, candidateId);
  const lines = [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(report.title)}</title>`,
    `<style>\n${STYLE}\n</style>`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>${escapeHtml(report.title)}</h1>`,
    ...report.intro.map((block) => renderBlock(block, 'intro')),
  ];
  for (const section of report.sections) {
    lines.push(
      `<section aria-labelledby="${section.id}">`,
      `<h2 id="${section.id}">${escapeHtml(section.heading)}</h2>`,
      ...section.blocks.map((block) => renderBlock(block, section.id)),
      '</section>',
    );
  }
  lines.push(...report.footer.map((block) => `<footer>${renderBlock(block, 'footer')}</footer>`), '</main>', '</body>', '</html>');
  return `${lines.join('\n')}\n`;
}
