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
import type { CategoryRegistry } from '@ngcc-perf/category';
import { HASH_PAGES_CATEGORY, splitByCategory } from './category-datasets.js';
import { BUILT_IN_REGISTRY } from '@ngcc-perf/categories';

/** A system's page links, its instances of other categories ranked on the same target pages. */
function pageLinksOf(dataset: Dataset, format: PageFormat, categories: CategoryRegistry | undefined): Inline[][] {
  const { hash, others } = splitByCategory(dataset, categories ?? BUILT_IN_REGISTRY);
  return systemPageLinks(hash, format, others);
}

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

/** The site index's options. */
export interface SiteIndexOptions {
  /** The registry naming the categories other than hash (each a section headed by its `pages.title`); without it, by id. */
  categories?: CategoryRegistry;
}

/** The candidates of the datasets by category id, hash first, the others in the registry's (else first-seen) order. */
function candidatesByCategory(datasets: readonly Dataset[], categories: CategoryRegistry | undefined) {
  const entries = datasets.flatMap((dataset) => dataset.build.instances);
  const ids = [...new Set([HASH_PAGES_CATEGORY, ...entries.map((entry) => entry.category)])];
  const order = (id: string) => categories?.list().findIndex((category) => category.id === id) ?? -1;
  ids.sort((a, b) => (a === HASH_PAGES_CATEGORY ? -1 : b === HASH_PAGES_CATEGORY ? 1 : order(a) - order(b)));
  return ids.map((id) => ({
    id,
    candidates: [...new Set(entries.filter((entry) => entry.category === id).map((entry) => entry.candidate))],
  }));
}

function buildSiteIndex(datasets: readonly Dataset[], format: PageFormat, options: SiteIndexOptions = {}): PageModel {
  const systems = checkDatasets(datasets);
  const candidates = [
    ...new Set(datasets.flatMap((dataset) => dataset.build.instances.map((entry) => entry.candidate))),
  ];
  const algorithmOf = (candidate: string): string =>
    datasets.flatMap((dataset) => dataset.build.instances).find((entry) => entry.candidate === candidate)!.algorithm;
  const grid = (of: readonly string[]): Block => ({
    kind: 'table',
    caption: 'Candidates × systems: each cell links to the candidate’s page on that system',
    headers: ['candidate', 'algorithm', ...systems],
    numeric: [false, false, ...systems.map(() => false)],
    rows: of.map((candidate): Inline[][] => [
      [candidate],
      [algorithmOf(candidate)],
      ...datasets.map((dataset) => candidateCell(dataset, candidate, format)),
    ]),
    rowHeaders: true,
  });
  const [hash, ...others] = candidatesByCategory(datasets, options.categories);
  const categorySections = others.map(({ id, candidates: of }): ReportSection => {
    const title = options.categories?.find(id)?.pages.title ?? `Category ${id}`;
    return {
      heading: title,
      id: `category-${id}`,
      blocks: [
        paragraph(
          `Candidates of category ${id}: their candidate pages show the category's own sections, and each system's index and summary a section of their figures. Each system's ranking pages rank them per claimed security target, one parameter set per candidate.`,
        ),
        grid(of),
      ],
    };
  });
  const hashSection: ReportSection[] =
    hash!.candidates.length === 0 && others.length > 0
      ? []
      : [{ heading: 'Candidates', id: 'candidates', blocks: [grid(hash!.candidates)] }];
  const systemSections = datasets.map((dataset): ReportSection => ({
    heading: `System ${dataset.campaign.systemId}`,
    id: `system-${dataset.campaign.systemId}`,
    blocks: [
      paragraph(
        link(systemIndexFromReports(dataset.campaign.systemId, format), `index of ${dataset.campaign.systemId}`),
        `: ${describeIndexSizes(dataset)} (${dataset.campaign.environmentAtStart.cpuModel ?? 'unknown processor'}, campaign started ${dataset.campaign.startedUtc.slice(0, 10)}).`,
      ),
      { kind: 'list', items: pageLinksOf(dataset, format, options.categories) },
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
    sections: [...hashSection, ...categorySections, ...systemSections],
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
 * with several systems the summary across them. The candidates of a category other than hash get
 * a grid of their own, headed by the category's `pages.title` (`options.categories`). Pure.
 *
 * @param datasets - one dataset per system, in column order (every category's instances)
 * @param options - `categories`: the registry that names the categories
 * @returns the page, ending in one newline
 * @throws {@link ReportError} `DUPLICATE_SYSTEM` when two datasets share a system id; `INVALID_OPTION` for none
 * @example
 * ```ts
 * await writeFile('site/reports/index.md', renderSiteIndexMarkdown([x86, arm]));
 * ```
 */
export function renderSiteIndexMarkdown(datasets: readonly Dataset[], options: SiteIndexOptions = {}): string {
  return renderMarkdownDocument(buildSiteIndex(datasets, 'md', options));
}

/**
 * The page of {@link renderSiteIndexMarkdown} as self-contained HTML. Pure; escapes all input.
 *
 * @param datasets - one dataset per system, in column order
 * @param options - as the Markdown form
 * @returns the HTML document, ending in one newline
 * @throws {@link ReportError} `DUPLICATE_SYSTEM`, `INVALID_OPTION` as the Markdown form
 * @example
 * ```ts
 * await writeFile('site/reports/index.html', renderSiteIndexHtml([x86, arm]));
 * ```
 */
export function renderSiteIndexHtml(datasets: readonly Dataset[], options: SiteIndexOptions = {}): string {
  return renderHtmlDocument(buildSiteIndex(datasets, 'html', options));
}
