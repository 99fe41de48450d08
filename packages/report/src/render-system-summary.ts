import { describeArchitecture } from './internal/candidate-context.js';
import { constantTimeCell, hasConstantTimeAudit } from './internal/constant-time-section.js';
import { renderHtmlDocument } from './internal/html-page.js';
import { renderMarkdownDocument } from './internal/markdown-page.js';
import { codeSpan, paragraph } from './internal/report-model.js';
import { buildSummaryRows, describeDatasetCounters } from './internal/summary-rows.js';
import type { Dataset } from './dataset.js';
import type { Block, Inline, ReportSection, TableBlock } from './internal/report-model.js';
import type { SummaryRow } from './internal/summary-rows.js';

/** Relative path of a candidate page from `reports/` (the layout of {@link REPORT_PATHS}). */
function candidatePage(candidate: string, systemId: string, extension: 'md' | 'html'): string {
  return `${candidate}/perf_${systemId}.${extension}`;
}

function summaryTable(rows: SummaryRow[]): Block {
  const table: TableBlock = {
    kind: 'table',
    caption: 'One row per instance',
    headers: ['candidate', 'instance', 'cycles @ 32 B', 'cycles @ 1 KiB', 'cycles @ 64 KiB', 'cycles/byte @ 64 KiB', 'KAT', 'notes'],
    numeric: [false, false, true, true, true, true, false, false],
    rows: rows.map((row): Inline[][] => [
      [row.entry.candidate],
      [codeSpan(row.entry.instance)],
      ...row.cycles.map((cell) => [cell]),
      [row.cyclesPerByte],
      [row.kat],
      [row.notes.length === 0 ? '—' : row.notes.join('; ')],
    ]),
  };
  return hasConstantTimeAudit(rows.map((row) => row.entry)) ? withConstantTimeColumn(table, rows) : table;
}

/** Adds the constant-time verdict column before `notes` (only for runs with the audit). */
function withConstantTimeColumn(table: TableBlock, rows: SummaryRow[]): TableBlock {
  const at = table.headers.length - 1;
  const insert = <T>(values: T[], value: T): T[] => [...values.slice(0, at), value, ...values.slice(at)];
  return { ...table, headers: insert(table.headers, 'constant-time'), numeric: insert(table.numeric, false), rows: table.rows.map((cells, i) => insert(cells, [constantTimeCell(rows[i]!.entry)])) };
}

function barChart(rows: SummaryRow[], systemId: string): Block[] {
  const bars = rows.flatMap((row, index) => (row.cyclesPerByteValue === null ? [] : [{ label: row.entry.instance, value: row.cyclesPerByteValue, colourIndex: index }]));
  if (bars.length === 0) return [];
  return [
    {
      kind: 'chart',
      chart: 'bar',
      id: 'summary-chart',
      title: `Cycles per byte at 64 KiB by instance (system ${systemId})`,
      description: `One bar per instance; shorter is faster. ${bars.map((bar) => `${bar.label}: ${bar.value.toFixed(1)}`).join(', ')}.`,
      yAxisLabel: 'cycles per byte at 65536 B',
      bars,
      data: {
        kind: 'table',
        caption: 'Cycles per byte at 64 KiB',
        headers: ['instance', 'cycles/byte @ 64 KiB'],
        numeric: [false, true],
        rows: bars.map((bar) => [[bar.label], [bar.value.toFixed(1)]]),
        rowHeaders: true,
      },
    },
  ];
}

function buildSummaryPage(dataset: Dataset, extension: 'md' | 'html'): { title: string; intro: Block[]; sections: ReportSection[]; footer: Block[] } {
  const { campaign } = dataset;
  const rows = buildSummaryRows(dataset);
  const candidates = [...new Set(dataset.build.instances.map((entry) => entry.candidate))];
  const problems = campaign.hostProblems.length === 0 ? 'The host checks found no problem.' : `The host checks reported: ${campaign.hostProblems.join('; ')}.`;
  return {
    title: `Summary — ${describeArchitecture(campaign.environmentAtStart.architecture)} (system ${campaign.systemId})`,
    intro: [
      paragraph(
        `Every instance measured on system ${campaign.systemId}, one row each: mean cycles per call at 32 B, 1 KiB and 64 KiB, cycles per byte at 64 KiB, the KAT verdict and what deserves a look. `,
        ...describeDatasetCounters(dataset),
      ),
    ],
    sections: [
      { heading: 'Instances', id: 'instances', blocks: [summaryTable(rows), ...barChart(rows, campaign.systemId)] },
      {
        heading: 'Pages',
        id: 'pages',
        blocks: [
          paragraph('Each candidate’s full page (paths relative to this page), and the method page with the plan, counter and host state:'),
          { kind: 'list', items: [...candidates.map((candidate) => [candidate, ': ', codeSpan(candidatePage(candidate, campaign.systemId, extension))]), ['method: ', codeSpan(`method_${campaign.systemId}.md`)]] },
          paragraph(problems),
        ],
      },
    ],
    footer: [paragraph('Rendered from ', codeSpan('campaign.json'), ', ', codeSpan('build.json'), ' and the records of the run directory; rendering them again gives the same page.')],
  };
}

/**
 * Renders the summary page of one system as Markdown: one row per instance (build.json order)
 * with mean cycles at 32 B, 1 KiB and 64 KiB, cycles/byte at 64 KiB, the KAT verdict and notes
 * (timing failures, peak RSS or per-call memory that grows with the message, trial CV above its
 * limit), then the list of pages. Numbers in the seeds' formats (SPEC §7). Pure.
 *
 * @param dataset - one run directory ({@link loadRunDirectory})
 * @returns the page, ending in one newline
 * @throws {@link ReportError} `INVALID_NUMBER` when a record holds a negative or non-finite figure
 * @example
 * ```ts
 * await writeFile('runs/x86_1/reports/summary_x86_1.md', renderSystemSummaryMarkdown(await loadRunDirectory('runs/x86_1')));
 * ```
 */
export function renderSystemSummaryMarkdown(dataset: Dataset): string {
  return renderMarkdownDocument(buildSummaryPage(dataset, 'md'));
}

/**
 * The summary page of {@link renderSystemSummaryMarkdown} as a self-contained HTML document,
 * with a bar chart of cycles/byte at 64 KiB per instance (inline SVG, `<title>`, `<desc>` and a
 * data table). Pure; escapes all input.
 *
 * @param dataset - one run directory ({@link loadRunDirectory})
 * @returns the HTML document, ending in one newline
 * @throws {@link ReportError} `INVALID_NUMBER` when a record holds a negative or non-finite figure
 * @example
 * ```ts
 * await writeFile('runs/x86_1/reports/summary_x86_1.html', renderSystemSummaryHtml(dataset));
 * ```
 */
export function renderSystemSummaryHtml(dataset: Dataset): string {
  return renderHtmlDocument(buildSummaryPage(dataset, 'html'));
}
