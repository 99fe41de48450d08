import { renderHtmlDocument } from './internal/html-page.js';
import { renderMarkdownDocument } from './internal/markdown-page.js';
import { codeSpan, paragraph } from './internal/report-model.js';
import { buildSummaryRows, describeDatasetCounters } from './internal/summary-rows.js';
import { ReportError } from './report-error.js';
import type { Dataset } from './dataset.js';
import type { Block, Inline, ReportSection } from './internal/report-model.js';
import type { SummaryRow } from './internal/summary-rows.js';

function checkSystems(datasets: readonly Dataset[]): string[] {
  if (datasets.length === 0)
    throw new ReportError(
      'INVALID_OPTION',
      'a cross-system summary needs at least one dataset; pass the run directory of each system.',
    );
  const systems = datasets.map((dataset) => dataset.campaign.systemId);
  const twice = systems.find((system, index) => systems.indexOf(system) !== index);
  if (twice !== undefined) {
    throw new ReportError(
      'DUPLICATE_SYSTEM',
      `two run directories are both system "${twice}"; a cross-system summary takes one run per system (re-run one with "ngcc-perf run --system <id>").`,
    );
  }
  return systems;
}

function buildCrossSystemPage(datasets: readonly Dataset[]): {
  title: string;
  intro: Block[];
  sections: ReportSection[];
  footer: Block[];
} {
  const systems = checkSystems(datasets);
  const rowsBySystem = datasets.map(
    (dataset) =>
      new Map(buildSummaryRows(dataset).map((row) => [`${row.entry.candidate}\u0000${row.entry.instance}`, row])),
  );
  const keys = [...new Set(rowsBySystem.flatMap((rows) => [...rows.keys()]))];
  const rows = keys.map((key): Inline[][] => {
    const found = rowsBySystem.map((bySystem) => bySystem.get(key));
    const any = found.find((row): row is SummaryRow => row !== undefined)!;
    const verdicts = found
      .map((row, index) => (row === undefined ? null : `${systems[index]}: ${row.kat}`))
      .filter((text): text is string => text !== null);
    const katCell = found.every((row) => row === undefined || row.kat === 'PASS') ? 'PASS' : verdicts.join('; ');
    return [
      [any.entry.candidate],
      [codeSpan(any.entry.instance)],
      ...found.flatMap((row) => [
        [row === undefined ? '—' : row.cycles[0]!],
        [row === undefined ? '—' : row.cyclesPerByte],
      ]),
      [katCell],
    ];
  });
  const bars = keys.flatMap((key) =>
    rowsBySystem.flatMap((bySystem, index) => {
      const row = bySystem.get(key);
      return row === undefined || row.headlinePerByteValue === null
        ? []
        : [{ label: `${row.entry.instance} (${systems[index]})`, value: row.headlinePerByteValue, colourIndex: index }];
    }),
  );
  const chart: Block[] =
    bars.length === 0
      ? []
      : [
          {
            kind: 'chart',
            chart: 'bar',
            id: 'systems-chart',
            title: `Cycles per byte at 64 KiB by instance and system (${systems.join(', ')})`,
            description: `One bar per instance and system, one colour per system. ${bars.map((bar) => `${bar.label}: ${bar.value.toFixed(1)}`).join(', ')}.`,
            yAxisLabel: 'cycles per byte at 65536 B',
            bars,
            data: {
              kind: 'table',
              caption: 'Cycles per byte at 64 KiB',
              headers: ['instance (system)', 'cycles/byte @ 64 KiB'],
              numeric: [false, true],
              rows: bars.map((bar) => [[bar.label], [bar.value.toFixed(1)]]),
              rowHeaders: true,
            },
          },
        ];
  return {
    title: `Summary across systems (${systems.join(', ')})`,
    intro: [
      paragraph(
        'One row per instance, with the headline cycles at 32 B (the median of the trial means) and the headline cycles per byte at 64 KiB with its interval on each system. Figures from different counters are different units: compare within a column, and across systems only where both count core cycles.',
      ),
      {
        kind: 'list',
        items: datasets.map((dataset) => [
          `${dataset.campaign.systemId} (${dataset.campaign.environmentAtStart.cpuModel ?? 'unknown processor'}): `,
          ...describeDatasetCounters(dataset),
        ]),
      },
    ],
    sections: [
      {
        heading: 'Instances',
        id: 'instances',
        blocks: [
          {
            kind: 'table',
            caption: 'One row per instance, two columns per system',
            headers: [
              'candidate',
              'instance',
              ...systems.flatMap((system) => [`cycles @ 32 B (${system})`, `cycles/byte @ 64 KiB (${system})`]),
              'KAT',
            ],
            numeric: [false, false, ...systems.flatMap(() => [true, true]), false],
            rows,
          },
          ...chart,
        ],
      },
    ],
    footer: [
      paragraph('Rendered from the run directory of each system; each system’s own summary page has the notes.'),
    ],
  };
}

/**
 * Renders the cross-system summary as Markdown: one row per instance found in any dataset,
 * with mean cycles at 32 B and cycles/byte at 64 KiB per system (`—` where a system did not
 * measure it) and the KAT verdicts. States each system's counter, since ticks of different
 * counters are different units. Pure.
 *
 * @param datasets - one dataset per system, in column order
 * @returns the page, ending in one newline
 * @throws {@link ReportError} `DUPLICATE_SYSTEM` when two datasets share a system id;
 *   `INVALID_OPTION` for an empty list; `INVALID_NUMBER` for a negative or non-finite figure
 * @example
 * ```ts
 * const page = renderCrossSystemSummaryMarkdown([await loadRunDirectory('runs/x86_1'), await loadRunDirectory('runs/arm_1')]);
 * ```
 */
export function renderCrossSystemSummaryMarkdown(datasets: readonly Dataset[]): string {
  return renderMarkdownDocument(buildCrossSystemPage(datasets));
}

/**
 * The page of {@link renderCrossSystemSummaryMarkdown} as self-contained HTML, with a bar chart
 * of cycles/byte at 64 KiB per instance and system. Pure; escapes all input.
 *
 * @param datasets - one dataset per system, in column order
 * @returns the HTML document, ending in one newline
 * @throws {@link ReportError} `DUPLICATE_SYSTEM`, `INVALID_OPTION`, `INVALID_NUMBER` as the Markdown form
 * @example
 * ```ts
 * await writeFile('reports/summary.html', renderCrossSystemSummaryHtml([x86, arm]));
 * ```
 */
export function renderCrossSystemSummaryHtml(datasets: readonly Dataset[]): string {
  return renderHtmlDocument(buildCrossSystemPage(datasets));
}
