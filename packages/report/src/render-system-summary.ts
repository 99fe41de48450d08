import { describeArchitecture } from './internal/candidate-context.js';
import { constantTimeCell, hasConstantTimeAudit } from './internal/constant-time-section.js';
import { renderHtmlDocument } from './internal/html-page.js';
import { renderMarkdownDocument } from './internal/markdown-page.js';
import { formatCyclesPerByte } from '@ngcc-perf/stats';
import {
  candidateFromSummary,
  systemPageBreadcrumbs,
  exportFromSummary,
  methodFromSummary,
} from './internal/page-links.js';
import { CV_LIMIT_SENTENCE, isUnsteady, UNSTEADY_MARKER } from './internal/reliability.js';
import { codeSpan, link, paragraph } from './internal/report-model.js';
import { buildSummaryRows, describeDatasetCounters, summarySizes } from './internal/summary-rows.js';
import type { Dataset } from './dataset.js';
import type { PageFormat } from './internal/page-links.js';
import type { Block, Inline, PageModel, TableBlock } from './internal/report-model.js';
import type { SummaryRow } from './internal/summary-rows.js';

const sizeLabel = (bytes: number): string =>
  bytes >= 1024 && bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} B`;

function summaryTable(rows: SummaryRow[], sizes: number[], systemId: string, format: PageFormat): Block {
  const perByte = sizeLabel(sizes[sizes.length - 1] ?? 0);
  const table: TableBlock = {
    kind: 'table',
    caption: `One row per instance; rank by the median cycles/byte at ${perByte}`,
    headers: [
      'candidate',
      'instance',
      ...sizes.map((bytes) => `cycles @ ${sizeLabel(bytes)}`),
      `cycles/byte @ ${perByte}`,
      `trial CV @ ${perByte}`,
      `median cycles/byte @ ${perByte}`,
      'rank',
      'KAT',
      'notes',
    ],
    numeric: [false, false, ...sizes.map(() => true), true, true, true, true, false, false],
    prose: [false, false, ...sizes.map(() => false), false, false, false, false, false, true],
    rows: rows.map((row): Inline[][] => [
      [link(candidateFromSummary(row.entry.candidate, systemId, format), row.entry.candidate)],
      [codeSpan(row.entry.instance)],
      ...row.cycles.map((cell) => [cell]),
      [row.cyclesPerByte],
      [row.cv],
      [row.robustPerByte],
      [row.rank === null ? '—' : String(row.rank)],
      [row.kat === 'PASS' ? { text: 'PASS', tone: 'good' } : { text: row.kat, tone: 'bad' }],
      [row.notes.length === 0 ? '—' : row.notes.join('; ')],
    ]),
  };
  return hasConstantTimeAudit(rows.map((row) => row.entry)) ? withConstantTimeColumn(table, rows) : table;
}

/** Adds the constant-time verdict column before `notes` (only for runs with the audit). */
function withConstantTimeColumn(table: TableBlock, rows: SummaryRow[]): TableBlock {
  const at = table.headers.length - 1;
  const insert = <T>(values: T[], value: T): T[] => [...values.slice(0, at), value, ...values.slice(at)];
  return {
    ...table,
    headers: insert(table.headers, 'constant-time'),
    numeric: insert(table.numeric, false),
    ...(table.prose === undefined ? {} : { prose: insert(table.prose, false) }),
    rows: table.rows.map((cells, i) => insert(cells, [constantTimeCell(rows[i]!.entry)])),
  };
}

function barChart(rows: SummaryRow[], sizes: number[], systemId: string): Block[] {
  const perByte = sizeLabel(sizes[sizes.length - 1] ?? 0);
  const ranked = rows.filter((row) => row.robustPerByteValue !== null).sort((a, b) => a.rank! - b.rank!);
  const bars = ranked.map((row) => ({
    label: row.unsteadyAtPerByte ? `${row.entry.instance} ${UNSTEADY_MARKER}` : row.entry.instance,
    value: row.robustPerByteValue!,
    colourIndex: rows.indexOf(row),
    mean: row.cyclesPerByteValue ?? undefined,
    interval: row.intervalPerByte ?? undefined,
    flagged: row.unsteadyAtPerByte,
  }));
  if (bars.length === 0) return [];
  const value = (figure: number | undefined): string => (figure === undefined ? '—' : formatCyclesPerByte(figure));
  return [
    {
      kind: 'chart',
      chart: 'bar',
      id: 'summary-chart',
      title: `Cycles per byte at ${perByte} by instance, fewest first (system ${systemId})`,
      description: `One bar per instance at its median cycles/byte, which one disturbed trial cannot move; a diamond marks the mean and a whisker its 95 % interval. ${bars.map((bar) => `${bar.label}: median ${value(bar.value)}, mean ${value(bar.mean)}`).join(', ')}.`,
      yAxisLabel: `cycles per byte at ${sizes[sizes.length - 1]} B`,
      key: [`bar: median cycles/byte`, '◆ mean, with its 95 % interval', `${UNSTEADY_MARKER} trial CV above its limit`],
      bars,
      data: {
        kind: 'table',
        caption: `Cycles per byte at ${perByte}`,
        headers: [
          'instance',
          `median cycles/byte @ ${perByte}`,
          `mean cycles/byte @ ${perByte}`,
          '95 % interval of the mean',
        ],
        numeric: [false, true, true, true],
        rows: bars.map((bar) => [
          [bar.label],
          [value(bar.value)],
          [value(bar.mean)],
          [bar.interval === undefined ? '—' : `${value(bar.interval[0])}–${value(bar.interval[1])}`],
        ]),
        rowHeaders: true,
      },
    },
  ];
}

function pageLinks(dataset: Dataset, format: PageFormat): Inline[][] {
  const systemId = dataset.campaign.systemId;
  const candidates = [...new Set(dataset.build.instances.map((entry) => entry.candidate))];
  return [
    ...candidates.map((candidate): Inline[] => [
      link(candidateFromSummary(candidate, systemId, format), candidate),
      ` — ${dataset.build.instances.find((entry) => entry.candidate === candidate)!.algorithm}`,
    ]),
    [
      link(methodFromSummary(systemId, format), 'method'),
      ': plan, counter, host state, builds and what the static image contains',
    ],
    [
      'exports: ',
      link(exportFromSummary(systemId, 'csv'), codeSpan(`records_${systemId}.csv`)),
      ', ',
      link(exportFromSummary(systemId, 'json'), codeSpan(`records_${systemId}.json`)),
    ],
  ];
}

function buildSummaryPage(dataset: Dataset, format: PageFormat): PageModel {
  const { campaign } = dataset;
  const rows = buildSummaryRows(dataset);
  const sizes = summarySizes(dataset);
  const perByte = sizeLabel(sizes[sizes.length - 1] ?? 0);
  const problems =
    campaign.hostProblems.length === 0
      ? 'The host checks found no problem.'
      : `The host checks reported: ${campaign.hostProblems.map((problem) => problem.message).join('; ')}.`;
  const flagged = rows.some((row) => row.records.some(isUnsteady));
  return {
    title: `Summary — ${describeArchitecture(campaign.environmentAtStart.architecture)} (system ${campaign.systemId})`,
    breadcrumbs: systemPageBreadcrumbs(campaign.systemId, 'summary', format),
    intro: [
      paragraph(
        `Every instance measured on system ${campaign.systemId}, one row each: mean cycles per call at ${sizes.map(sizeLabel).join(', ')}; at ${perByte} the mean cycles per byte, its trial CV, ` +
          `and the median cycles per byte — the per-call median where the records have one, else the median of the trial means — which ranks the instances because one disturbed trial cannot flip it; the KAT verdict and what deserves a look. `,
        ...describeDatasetCounters(dataset),
      ),
      ...(flagged
        ? [
            paragraph(
              `${UNSTEADY_MARKER} marks a figure for which ${CV_LIMIT_SENTENCE}; trust its median, not its mean.`,
            ),
          ]
        : []),
    ],
    sections: [
      {
        heading: 'Instances',
        id: 'instances',
        blocks: [summaryTable(rows, sizes, campaign.systemId, format), ...barChart(rows, sizes, campaign.systemId)],
      },
      {
        heading: 'Pages',
        id: 'pages',
        blocks: [
          paragraph('Each candidate’s full page, the method page and the exports (links relative to this page):'),
          { kind: 'list', items: pageLinks(dataset, format) },
          paragraph(problems),
        ],
      },
    ],
    footer: [
      paragraph(
        'Rendered from ',
        codeSpan('campaign.json'),
        ', ',
        codeSpan('build.json'),
        ' and the records of the run directory; rendering them again gives the same page.',
      ),
    ],
  };
}

/**
 * Renders the summary page of one system as Markdown: one row per instance (build.json order)
 * with mean cycles at 32 B, 1 KiB and 64 KiB (or at the sizes the run measured), at the longest
 * of them the mean cycles/byte, its trial CV (‡ above its limit) and the median cycles/byte with
 * the rank it gives, the KAT verdict and notes (timing failures, peak RSS or per-call memory that
 * grows with the message, the sizes whose trial CV is above its limit), then relative links to
 * every candidate page, the method page and the exports. Numbers in the seeds' formats. Pure.
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
 * with a bar chart of the median cycles/byte per instance, fewest first, the mean and its 95 %
 * interval drawn on each bar (inline SVG, `<title>`, `<desc>`, a key and a data table). Pure;
 * escapes all input.
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
