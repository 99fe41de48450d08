import { katVerdictInline } from './internal/kat-verdict-inline.js';
import { formatRankRange } from '@ngcc-perf/stats';
import { withInstructionColumn } from './internal/instruction-count-blocks.js';
import { describeArchitecture } from './internal/candidate-context.js';
import { constantTimeCell, hasConstantTimeAudit } from './internal/constant-time-section.js';
import { renderHtmlDocument } from './internal/html-page.js';
import { renderMarkdownDocument } from './internal/markdown-page.js';
import { counterTerm, type CounterTerm } from './internal/counter-term.js';
import { headlineIntervalWords } from './internal/headline-words.js';
import { baselineAbsenceSentence } from './internal/baseline-absence.js';
import { buildBaselineTable } from './internal/baseline-table.js';
import { buildVerdictLine, buildHostFitnessWarning } from './internal/summary-verdict.js';
import {
  candidateFromSummary,
  systemPageBreadcrumbs,
  exportFromSummary,
  methodFromSummary,
} from './internal/page-links.js';
import { CV_LIMIT_SENTENCE, isUnsteady, UNSTEADY_MARKER } from './internal/reliability.js';
import { renderedFromFooter } from './internal/rendered-from-footer.js';
import { refusedPackageBlocks } from './internal/discovery-evidence.js';
import { codeSpan, link, paragraph } from './internal/report-model.js';
import { buildSummaryRows, describeDatasetCounters, summarySizes } from './internal/summary-rows.js';
import type { Dataset } from './dataset.js';
import type { CategoryDataset } from './category-datasets.js';
import { categorySystemSection } from './render-category-pages.js';
import type { SystemPageOptions } from './system-page-options.js';
import type { PageFormat } from './internal/page-links.js';
import type { Block, Inline, PageModel, TableBlock } from './internal/report-model.js';
import type { SummaryRow } from './internal/summary-rows.js';

const sizeLabel = (bytes: number): string =>
  bytes >= 1024 && bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} B`;

function summaryTable(
  rows: SummaryRow[],
  sizes: number[],
  dataset: Dataset,
  format: PageFormat,
  term: CounterTerm,
): Block {
  const systemId = dataset.campaign.systemId;
  const perByte = sizeLabel(sizes[sizes.length - 1] ?? 0);
  const withBaseline = dataset.campaign.baseline !== undefined;
  const table: TableBlock = {
    kind: 'table',
    caption: `One row per instance; headline ${term.perCall} per call, and ${term.perByte} with its interval at ${perByte}; rank by the headline at ${perByte} (a range where the trials cannot establish a difference)`,
    headers: [
      'candidate',
      'instance',
      ...sizes.map((bytes) => `${term.perCall} @ ${sizeLabel(bytes)}`),
      `${term.perByte} @ ${perByte}`,
      ...(withBaseline ? [`× pseudoXOF @ ${perByte}`] : []),
      'rank',
      'KAT',
    ],
    numeric: [false, false, ...sizes.map(() => true), true, ...(withBaseline ? [true] : []), true, false],
    rows: rows.map((row): Inline[][] => [
      [link(candidateFromSummary(row.entry.candidate, systemId, format), row.entry.candidate)],
      [codeSpan(row.entry.instance)],
      ...row.cycles.map((cell) => [cell]),
      [row.cyclesPerByte],
      ...(withBaseline ? [[row.baselineMultiple]] : []),
      [row.rank === null ? '—' : formatRankRange(row.rank)],
      [katVerdictInline(row.entry.kat)],
    ]),
  };
  const counted = withInstructionColumn(
    table,
    rows.map((row) => row.records),
    sizes[sizes.length - 1] ?? 0,
    perByte,
  );
  return hasConstantTimeAudit(rows.map((row) => row.entry)) ? withConstantTimeColumn(counted, rows) : counted;
}

/** Adds the constant-time verdict column at the end (only for runs with the audit). */
function withConstantTimeColumn(table: TableBlock, rows: SummaryRow[]): TableBlock {
  return {
    ...table,
    headers: [...table.headers, 'constant-time'],
    numeric: [...table.numeric, false],
    ...(table.prose === undefined ? {} : { prose: [...table.prose, false] }),
    rows: table.rows.map((cells, i) => [...cells, [constantTimeCell(rows[i]!.entry)]]),
  };
}

/** The notes of every row, below the table rather than in a column of it, so the figures fit 800 px. */
function notesList(rows: SummaryRow[]): Block[] {
  const items = rows
    .filter((row) => row.notes.length > 0)
    .map((row): Inline[] => [codeSpan(row.entry.instance), `: ${row.notes.join('; ')}`]);
  return items.length === 0 ? [] : [paragraph('Notes:'), { kind: 'list', items }];
}

function barChart(rows: SummaryRow[], sizes: number[], systemId: string, term: CounterTerm, trials: number): Block[] {
  const bytes = sizes[sizes.length - 1] ?? 0;
  const perByte = sizeLabel(bytes);
  const ranked = rows
    .filter((row) => row.headline !== null)
    .sort((a, b) => a.headline!.medianCycles - b.headline!.medianCycles);
  const bars = ranked.map((row) => {
    const figure = row.headline!;
    return {
      label: row.unsteadyAtPerByte ? `${row.entry.instance} ${UNSTEADY_MARKER}` : row.entry.instance,
      value: figure.medianCycles / bytes,
      colourIndex: rows.indexOf(row),
      interval:
        figure.lowCycles === null || figure.highCycles === null
          ? undefined
          : ([figure.lowCycles / bytes, figure.highCycles / bytes] as [number, number]),
      flagged: row.unsteadyAtPerByte,
    };
  });
  if (bars.length === 0) return [];
  return [
    {
      kind: 'chart',
      chart: 'bar',
      id: 'summary-chart',
      title: `Headline ${term.perByte} at ${perByte} by instance, fewest first (system ${systemId})`,
      description: `One bar per instance at its headline ${term.perByte} (the median of the trial means); a whisker marks its interval (${headlineIntervalWords(trials)}). ${bars.map((bar, index) => `${bar.label}: ${ranked[index]!.cyclesPerByte}`).join(', ')}.`,
      yAxisLabel: `${term.perByte} at ${bytes} B`,
      key: [
        `bar: headline ${term.perByte}`,
        `whisker under the bar: its interval`,
        `${UNSTEADY_MARKER} trial CV above its limit`,
      ],
      bars,
      data: {
        kind: 'table',
        caption: `Headline ${term.perByte} at ${perByte}`,
        headers: ['instance', `${term.perByte} @ ${perByte} (interval)`],
        numeric: [false, true],
        rows: bars.map((bar, index) => [[bar.label], [ranked[index]!.cyclesPerByte]]),
        rowHeaders: true,
      },
    },
  ];
}

function pageLinks(dataset: Dataset, format: PageFormat, others: readonly CategoryDataset[]): Inline[][] {
  const systemId = dataset.campaign.systemId;
  const entries = [...dataset.build.instances, ...others.flatMap((group) => group.instances)];
  const candidates = [...new Set(entries.map((entry) => entry.candidate))];
  return [
    ...candidates.map((candidate): Inline[] => [
      link(candidateFromSummary(candidate, systemId, format), candidate),
      ` — ${entries.find((entry) => entry.candidate === candidate)!.algorithm}`,
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

function buildSummaryPage(dataset: Dataset, format: PageFormat, others: readonly CategoryDataset[] = []): PageModel {
  const { campaign } = dataset;
  const allRows = buildSummaryRows(dataset);
  const rows = allRows.filter((row) => !row.baseline);
  const sizes = summarySizes(dataset);
  const perByte = sizeLabel(sizes[sizes.length - 1] ?? 0);
  const term = counterTerm(dataset.records.map(({ record }) => record));
  const problems =
    campaign.hostProblems.length === 0
      ? 'The host checks found no problem.'
      : `The host checks reported: ${campaign.hostProblems.map((problem) => problem.message).join('; ')}.`;
  const flagged = rows.some((row) => row.records.some(isUnsteady));
  const baselineTable = buildBaselineTable(dataset);
  const refused = refusedPackageBlocks(dataset.build);
  const trials = campaign.plan.trials;
  const otherCategoriesOnly = others.length > 0 && dataset.build.instances.length === 0;
  return {
    title: `Summary — ${describeArchitecture(campaign.environmentAtStart.architecture)} (system ${campaign.systemId})`,
    breadcrumbs: systemPageBreadcrumbs(campaign.systemId, 'summary', format),
    intro: [
      buildVerdictLine(
        dataset,
        others.flatMap((group) => group.instances),
      ),
      ...buildHostFitnessWarning(dataset),
      ...(otherCategoriesOnly
        ? [
            paragraph(
              `Every instance measured on system ${campaign.systemId}, by category: the KAT verdict and the headline ${term.perCall} per call of each operation (the median of the trial means, which one disturbed trial cannot move); each candidate’s page has the intervals, sizes, memory, profile and constant-time audit.`,
              ...describeDatasetCounters(dataset),
            ),
          ]
        : []),
      ...(otherCategoriesOnly
        ? []
        : [
            paragraph(
              `Every instance measured on system ${campaign.systemId}, one row each: the headline ${term.perCall} per call at ${sizes.map(sizeLabel).join(', ')} — the median of the trial means, which one disturbed trial cannot move — and at ${perByte} the headline ${term.perByte} with its interval (${headlineIntervalWords(trials)})` +
                (campaign.baseline === undefined
                  ? ''
                  : ', and the same figure as a multiple of the ICCS baseline pseudoXOF at the instance’s output width (above 1: slower than the baseline)') +
                '; the KAT verdict and what deserves a look. ' +
                (baselineAbsenceSentence(dataset) === null ? '' : `${baselineAbsenceSentence(dataset)} `),
              ...describeDatasetCounters(dataset),
            ),
          ]),
      ...(flagged
        ? [
            paragraph(
              `${UNSTEADY_MARKER} marks a figure for which ${CV_LIMIT_SENTENCE}; its interval in the method page’s terms is wider.`,
            ),
          ]
        : []),
    ],
    sections: [
      // a run of other categories only has no hash table (each category has its section below)
      ...(otherCategoriesOnly
        ? []
        : [
            {
              heading: 'Instances',
              id: 'instances',
              blocks: [
                summaryTable(rows, sizes, dataset, format, term),
                ...notesList(rows),
                ...barChart(rows, sizes, campaign.systemId, term, trials),
              ],
            },
          ]),
      ...others.map((group) => categorySystemSection(group, campaign.systemId, format)),
      ...(baselineTable === null
        ? []
        : [
            {
              heading: 'Baseline',
              id: 'baseline',
              blocks: [
                paragraph(
                  'The ICCS helpers measured in this campaign with the same plan, host and CPUs as the candidates (SM3 of GB/T 32905-2016 as sm3hash; the KDF-SM3 of GB/T 32918.4-2016 §5.4.3 as pseudoXOF at every output width a candidate uses). The × pseudoXOF figures divide by these.',
                ),
                baselineTable,
                ...notesList(allRows.filter((row) => row.baseline)),
              ],
            },
          ]),
      ...(refused.length === 0 ? [] : [{ heading: 'Inputs not measured', id: 'not-measured', blocks: refused }]),
      {
        heading: 'Pages',
        id: 'pages',
        blocks: [
          paragraph('Each candidate’s full page, the method page and the exports (links relative to this page):'),
          { kind: 'list', items: pageLinks(dataset, format, others) },
          paragraph(problems),
        ],
      },
    ],
    footer: renderedFromFooter(['campaign.json', 'build.json']),
  };
}

/**
 * Renders the summary page of one system as Markdown: a verdict line (candidates, KAT pass/fail,
 * constant-time count) and the host-fitness warning first, then one row per instance (build.json
 * order) with the headline cycles (ticks on a fixed-rate counter) at 32 B, 1 KiB and 64 KiB (or at
 * the sizes the run measured), at the longest of them the headline per byte with its interval (‡
 * when the trial CV is above its limit), × pseudoXOF when the campaign measured the baseline, the
 * rank range the intervals allow, the KAT verdict and the constant-time verdict; the notes as a list
 * under the table, the baseline table, the inputs (packages, folders) that yielded no measurable
 * instance with their reason, then relative links to every candidate page, the method page and the
 * exports. Numbers in the seeds' formats. Pure.
 *
 * @param dataset - one run directory ({@link loadRunDirectory}); its hash instances when `options.otherCategories` holds the rest
 * @param options - `otherCategories`: a section per category other than hash ({@link splitByCategory}), after the hash instances
 * @returns the page, ending in one newline
 * @throws {@link ReportError} `INVALID_NUMBER` when a record holds a negative or non-finite figure
 * @example
 * ```ts
 * await writeFile('runs/x86_1/reports/summary_x86_1.md', renderSystemSummaryMarkdown(await loadRunDirectory('runs/x86_1')));
 * ```
 */
export function renderSystemSummaryMarkdown(dataset: Dataset, options: SystemPageOptions = {}): string {
  return renderMarkdownDocument(buildSummaryPage(dataset, 'md', options.otherCategories));
}

/**
 * The summary page of {@link renderSystemSummaryMarkdown} as a self-contained HTML document,
 * with a bar chart of the headline per byte per instance, fewest first, its interval drawn as a
 * whisker on each bar (inline SVG, `<title>`, `<desc>`, a key and a data table). Pure;
 * escapes all input.
 *
 * @param dataset - one run directory ({@link loadRunDirectory}); its hash instances when `options.otherCategories` holds the rest
 * @param options - `otherCategories`: a section per category other than hash ({@link splitByCategory}), after the hash instances
 * @returns the HTML document, ending in one newline
 * @throws {@link ReportError} `INVALID_NUMBER` when a record holds a negative or non-finite figure
 * @example
 * ```ts
 * await writeFile('runs/x86_1/reports/summary_x86_1.html', renderSystemSummaryHtml(dataset));
 * ```
 */
export function renderSystemSummaryHtml(dataset: Dataset, options: SystemPageOptions = {}): string {
  return renderHtmlDocument(buildSummaryPage(dataset, 'html', options.otherCategories));
}
