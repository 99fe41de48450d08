import { renderHtmlDocument } from './internal/html-page.js';
import { renderMarkdownDocument } from './internal/markdown-page.js';
import { BREADCRUMB_ROOT, candidateFromSummary, systemIndexFromReports } from './internal/page-links.js';
import type { PageFormat } from './internal/page-links.js';
import { codeSpan, link, paragraph } from './internal/report-model.js';
import type { Block, Inline, PageModel, ReportSection } from './internal/report-model.js';
import { systemPageLinks } from './internal/system-pages.js';
import { ReportError } from './report-error.js';
import type { Dataset } from './dataset.js';
import { countKatOutcomes, describeKatOutcomes } from './kat-verdict-meanings.js';
import { summarySizes } from './internal/summary-rows.js';

const sizeLabel = (bytes: number): string =>
  bytes >= 1024 && bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} B`;

/** What the system's index shows, in the sizes it shows: `every instance at 64 B and 4 KiB`. */
function describeIndexSizes(dataset: Dataset): string {
  const sizes = summarySizes(dataset).map(sizeLabel);
  if (sizes.length === 0) return 'every instance (no timing record)';
  const list = sizes.length === 1 ? sizes[0]! : `${sizes.slice(0, -1).join(', ')} and ${sizes[sizes.length - 1]!}`;
  return `every instance at ${list}`;
}

function checkDatasets(datasets: readonly Dataset[]): string[] {
  if (datasets.length === 0)
    throw new ReportError(
      'INVALID_OPTION',
      'a site index needs at least one dataset; pass the run directory of each system.',
    );
  const systems = datasets.map((dataset) => dataset.campaign.systemId);
  const twice = systems.find((system, index) => systems.indexOf(system) !== index);
  if (twice !== undefined) {
    throw new ReportError(
      'DUPLICATE_SYSTEM',
      `two run directories are both system "${twice}"; a site takes one run per system (merge shards first with "ngcc-perf merge").`,
    );
  }
  return systems;
}

function candidateCell(dataset: Dataset, candidate: string, format: PageFormat): Inline[] {
  const instances = dataset.build.instances.filter((entry) => entry.candidate === candidate);
  if (instances.length === 0) return ['—'];
  const counts = countKatOutcomes(instances.map((entry) => entry.kat));
  const label = `${instances.length} instance${instances.length === 1 ? '' : 's'}`;
  const warn = counts.wrong + counts.faulted > 0 ? '⚠ ' : '';
  return [
    link(candidateFromSummary(candidate, dataset.campaign.systemId, format), label),
    counts.correct === instances.length ? ' · KAT PASS' : ` · ${warn}KAT: ${describeKatOutcomes(counts)}`,
  ];
}

function buildSiteIndex(datasets: readonly Dataset[], format: PageFormat): PageModel {
  const systems = checkDatasets(datasets);
  const candidates = [
    ...new Set(datasets.flatMap((dataset) => dataset.build.instances.map((entry) => entry.candidate))),
  ];
  const algorithmOf = (candidate: string): string =>
    datasets.flatMap((dataset) => dataset.build.instances).find((entry) => entry.candidate === candidate)!.algorithm;
  const grid: Block = {
    kind: 'table',
    caption: 'Candidates × systems: each cell links to the candidate’s page on that system',
    headers: ['candidate', 'algorithm', ...systems],
    numeric: [false, false, ...systems.map(() => false)],
    rows: candidates.map((candidate): Inline[][] => [
      [candidate],
      [algorithmOf(candidate)],
      ...datasets.map((dataset) => candidateCell(dataset, candidate, format)),
    ]),
    rowHeaders: true,
  };
  const systemSections = datasets.map((dataset): ReportSection => ({
    heading: `System ${dataset.campaign.systemId}`,
    id: `system-${dataset.campaign.systemId}`,
    blocks: [
      paragraph(
        link(systemIndexFromReports(dataset.campaign.systemId, format), `index of ${dataset.campaign.systemId}`),
        `: ${describeIndexSizes(dataset)} (${dataset.campaign.environmentAtStart.cpuModel ?? 'unknown processor'}, campaign started ${dataset.campaign.startedUtc.slice(0, 10)}).`,
      ),
      { kind: 'list', items: systemPageLinks(dataset, format) },
    ],
  }));
  return {
    title: BREADCRUMB_ROOT,
    intro: [
      paragraph(
        `${candidates.length} candidate${candidates.length === 1 ? '' : 's'} measured on ${systems.length} system${systems.length === 1 ? '' : 's'} (${systems.join(', ')}). Each system has its own index, ranking pages per security target and constant-time overview; figures from different systems are in different units unless both count core cycles.`,
      ),
      ...(datasets.length > 1
        ? [
            paragraph(
              link(`summary.${format}`, 'summary across systems'),
              ': every instance on every system, side by side.',
            ),
          ]
        : []),
    ],
    sections: [{ heading: 'Candidates', id: 'candidates', blocks: [grid] }, ...systemSections],
    footer: [
      paragraph(
        'Rendered from the run directory of each system (',
        codeSpan('campaign.json'),
        ', ',
        codeSpan('build.json'),
        ', the records); rendering them again gives the same page.',
      ),
    ],
  };
}

/**
 * Renders the site index as Markdown: a grid of candidates × systems, each cell linking to the
 * candidate's page on that system, then per system the links to its index, ranking pages,
 * constant-time overview, summary, method page and exports — every page one click away — and
 * with several systems the summary across them. Pure.
 *
 * @param datasets - one dataset per system, in column order
 * @returns the page, ending in one newline
 * @throws {@link ReportError} `DUPLICATE_SYSTEM` when two datasets share a system id; `INVALID_OPTION` for none
 * @example
 * ```ts
 * await writeFile('site/reports/index.md', renderSiteIndexMarkdown([x86, arm]));
 * ```
 */
export function renderSiteIndexMarkdown(datasets: readonly Dataset[]): string {
  return renderMarkdownDocument(buildSiteIndex(datasets, 'md'));
}

/**
 * The page of {@link renderSiteIndexMarkdown} as self-contained HTML. Pure; escapes all input.
 *
 * @param datasets - one dataset per system, in column order
 * @returns the HTML document, ending in one newline
 * @throws {@link ReportError} `DUPLICATE_SYSTEM`, `INVALID_OPTION` as the Markdown form
 * @example
 * ```ts
 * await writeFile('site/reports/index.html', renderSiteIndexHtml([x86, arm]));
 * ```
 */
export function renderSiteIndexHtml(datasets: readonly Dataset[]): string {
  return renderHtmlDocument(buildSiteIndex(datasets, 'html'));
}
