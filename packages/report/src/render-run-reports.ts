import { renderCandidateHtml } from './render-candidate-html.js';
import { renderCandidateMarkdown } from './render-candidate-markdown.js';
import { renderCrossSystemSummaryHtml, renderCrossSystemSummaryMarkdown } from './render-cross-system-summary.js';
import { renderMethodHtml, renderMethodMarkdown } from './render-method-markdown.js';
import { renderRecordsCsv } from './render-records-csv.js';
import { renderRecordsJson } from './render-records-json.js';
import { renderSystemSummaryHtml, renderSystemSummaryMarkdown } from './render-system-summary.js';
import { renderConstantTimeOverviewHtml, renderConstantTimeOverviewMarkdown } from './render-constant-time-overview.js';
import { renderRankingHtml, renderRankingMarkdown } from './render-ranking-page.js';
import { renderSiteIndexHtml, renderSiteIndexMarkdown } from './render-site-index.js';
import { renderSystemIndexHtml, renderSystemIndexMarkdown } from './render-system-index.js';
import { rankingScopes } from './internal/system-pages.js';
import type { RankingScope } from './internal/page-links.js';
import type { Dataset } from './dataset.js';
import type { CategoryRegistry } from '@ngcc-perf/category';
import { BUILT_IN_REGISTRY } from '@ngcc-perf/categories';
import { splitByCategory } from './category-datasets.js';
import { buildCategoryCandidateReport } from './internal/category-candidate-report.js';
import { renderHtmlDocument } from './internal/html-page.js';
import { renderMarkdownDocument } from './internal/markdown-page.js';

/**
 * Where each rendered file goes, relative to the run (or output) directory
 * (@ngcc-perf/record/docs/RUN-DIRECTORY.md "Reports and exports").
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
  systemIndexMarkdown: (systemId: string): string => `reports/index_${systemId}.md`,
  systemIndexHtml: (systemId: string): string => `reports/index_${systemId}.html`,
  rankingMarkdown: (systemId: string, scope: RankingScope): string => `reports/ranking_${systemId}_${scope}.md`,
  rankingHtml: (systemId: string, scope: RankingScope): string => `reports/ranking_${systemId}_${scope}.html`,
  constantTimeMarkdown: (systemId: string): string => `reports/constant-time_${systemId}.md`,
  constantTimeHtml: (systemId: string): string => `reports/constant-time_${systemId}.html`,
  siteIndexMarkdown: 'reports/index.md',
  siteIndexHtml: 'reports/index.html',
  crossSystemMarkdown: 'reports/summary.md',
  crossSystemHtml: 'reports/summary.html',
  /** Where a site written outside the run directory keeps copies of the files its pages link (KAT logs, records). */
  evidence: (systemId: string): string => `evidence/${systemId}`,
} as const;

/** One rendered file: its path relative to the run directory and its whole content. */
export interface RenderedFile {
  path: string;
  content: string;
}

/** How one run's pages sit among other runs' pages written to the same directory. */
export interface RenderRunOptions {
  /**
   * The other systems whose pages go to the same `reports/` (linked from each candidate page).
   * With none, the pages include the site index `reports/index` of this one system; with some,
   * the site index over all of them is written beside ({@link renderSite}).
   */
  otherSystems?: readonly string[];
  /**
   * The pages go somewhere else than the run directory, with copies of the run files they link in
   * {@link REPORT_PATHS}`.evidence(systemId)` (`copyRunEvidence`): the KAT-log and record links point
   * there. Default false: the pages sit in the run directory and link its files.
   */
  evidenceCopied?: boolean;
  /**
   * The categories of build.json's instances: the candidates of a category other than hash get the
   * page its module says (`pages.sections`, `buildCategoryCandidateReport`) and a section on the system
   * index and summary. Default `BUILT_IN_REGISTRY` of @ngcc-perf/categories.
   */
  categories?: CategoryRegistry;
}

/**
 * Renders every page and export of one run directory, in a fixed order: the JSON records export,
 * then for each candidate of build.json (first-appearance order) its Markdown and HTML page, the
 * system's summary (Markdown, HTML), its method page (Markdown, HTML), the CSV export, the system
 * index, the ranking pages (128-, 256-, 512-bit targets, any other target a public-key set claims, and every instance), the constant-time
 * overview and — without `otherSystems` — the site index of this one system. A candidate of a
 * category other than hash gets its category's page (`buildCategoryCandidateReport`), a section per
 * category on the system index, summary, site index and constant-time overview, its generic-form
 * records in both exports, and on each target's ranking page its category's ranking at that target;
 * the method page shows the hash instances. Paths follow
 * {@link REPORT_PATHS}. Pure: the same dataset gives the same files, byte for byte, which is what
 * `validateRunDirectory` relies on.
 *
 * @param whole - one run directory ({@link loadRunDirectory}), every category's instances
 * @param options - `otherSystems` whose candidate pages sit beside these (breadcrumb links); `categories`
 * @returns the files, paths `/`-separated and relative
 * @throws {@link ReportError} `INVALID_NUMBER` when a record holds a negative or non-finite figure;
 *   `INVALID_BUILD` when build.json names a category `categories` does not hold
 * @example
 * ```ts
 * for (const file of renderRunReports(dataset)) console.log(file.path, file.content.length);
 * ```
 */
export function renderRunReports(whole: Dataset, options: RenderRunOptions = {}): RenderedFile[] {
  const systemId = whole.campaign.systemId;
  const categories = options.categories ?? BUILT_IN_REGISTRY;
  const { hash: dataset, others } = splitByCategory(whole, categories);
  // the exports hold every record: the hash-form ones and, of other categories, the generic-form ones
  const exported = { ...dataset, ...(others.length === 0 ? {} : { operationRecords: whole.operationRecords ?? [] }) };
  const candidates = [...new Set(whole.build.instances.map((entry) => entry.candidate))];
  const groupOf = (candidate: string) =>
    others.find((group) => group.instances.some((entry) => entry.candidate === candidate));
  const system = { otherCategories: others };
  return [
    { path: REPORT_PATHS.recordsJson(systemId), content: renderRecordsJson(exported) },
    ...candidates.flatMap((candidate) => {
      const group = groupOf(candidate);
      const page = (format: 'md' | 'html') => buildCategoryCandidateReport(whole, group!, candidate, format, options);
      return [
        {
          path: REPORT_PATHS.candidateMarkdown(candidate, systemId),
          content:
            group === undefined
              ? renderCandidateMarkdown(dataset, candidate, options)
              : renderMarkdownDocument(page('md')),
        },
        {
          path: REPORT_PATHS.candidateHtml(candidate, systemId),
          content:
            group === undefined ? renderCandidateHtml(dataset, candidate, options) : renderHtmlDocument(page('html')),
        },
      ];
    }),
    { path: REPORT_PATHS.summaryMarkdown(systemId), content: renderSystemSummaryMarkdown(dataset, system) },
    { path: REPORT_PATHS.summaryHtml(systemId), content: renderSystemSummaryHtml(dataset, system) },
    { path: REPORT_PATHS.methodMarkdown(systemId), content: renderMethodMarkdown(exported, { categories }) },
    { path: REPORT_PATHS.methodHtml(systemId), content: renderMethodHtml(exported, { categories }) },
    { path: REPORT_PATHS.recordsCsv(systemId), content: renderRecordsCsv(exported) },
    { path: REPORT_PATHS.systemIndexMarkdown(systemId), content: renderSystemIndexMarkdown(dataset, system) },
    { path: REPORT_PATHS.systemIndexHtml(systemId), content: renderSystemIndexHtml(dataset, system) },
    ...rankingScopes(others).flatMap((scope) => [
      { path: REPORT_PATHS.rankingMarkdown(systemId, scope), content: renderRankingMarkdown(dataset, scope, system) },
      { path: REPORT_PATHS.rankingHtml(systemId, scope), content: renderRankingHtml(dataset, scope, system) },
    ]),
    {
      path: REPORT_PATHS.constantTimeMarkdown(systemId),
      content: renderConstantTimeOverviewMarkdown(dataset, system),
    },
    { path: REPORT_PATHS.constantTimeHtml(systemId), content: renderConstantTimeOverviewHtml(dataset, system) },
    ...((options.otherSystems ?? []).length > 0
      ? []
      : [
          { path: REPORT_PATHS.siteIndexMarkdown, content: renderSiteIndexMarkdown([whole], { categories }) },
          { path: REPORT_PATHS.siteIndexHtml, content: renderSiteIndexHtml([whole], { categories }) },
        ]),
  ];
}

/**
 * Renders the site over several run directories (one per system): every system's pages
 * ({@link renderRunReports}, each linking the others), the site index `reports/index` (candidates ×
 * systems, every page one click away) and, with more than one system, the summary across systems.
 * Pure.
 *
 * @param datasets - one dataset per system, in column order
 * @returns the files, paths relative to the site's directory
 * @throws {@link ReportError} `DUPLICATE_SYSTEM` when two datasets share a system id; `INVALID_OPTION`
 *   for none; `INVALID_NUMBER` from rendering
 * @example
 * ```ts
 * for (const file of renderSite([x86, arm])) console.log(file.path);
 * ```
 */
export function renderSite(
  datasets: readonly Dataset[],
  options: Pick<RenderRunOptions, 'evidenceCopied' | 'categories'> = {},
): RenderedFile[] {
  const systems = datasets.map((dataset) => dataset.campaign.systemId);
  const siteOptions = { categories: options.categories ?? BUILT_IN_REGISTRY };
  const site = [
    { path: REPORT_PATHS.siteIndexMarkdown, content: renderSiteIndexMarkdown(datasets, siteOptions) },
    { path: REPORT_PATHS.siteIndexHtml, content: renderSiteIndexHtml(datasets, siteOptions) },
  ];
  if (datasets.length === 1) return renderRunReports(datasets[0]!, options);
  return [
    ...datasets.flatMap((dataset) =>
      renderRunReports(dataset, {
        ...options,
        otherSystems: systems.filter((system) => system !== dataset.campaign.systemId),
      }),
    ),
    ...site,
    { path: REPORT_PATHS.crossSystemMarkdown, content: renderCrossSystemSummaryMarkdown(datasets) },
    { path: REPORT_PATHS.crossSystemHtml, content: renderCrossSystemSummaryHtml(datasets) },
  ];
}
