import { describeArchitecture } from './internal/candidate-context.js';
import { constantTimeBadge } from './internal/constant-time-badge.js';
import { renderHtmlDocument } from './internal/html-page.js';
import { renderMarkdownDocument } from './internal/markdown-page.js';
import {
  BREADCRUMB_ROOT,
  candidateFromSummary,
  candidateKatFromReports,
  siteIndexFromReports,
  methodFromSummary,
} from './internal/page-links.js';
import type { PageFormat } from './internal/page-links.js';
import { cyclesFigure, formatCyclesFigure } from './internal/ranking-figures.js';
import { renderedFromFooter } from './internal/rendered-from-footer.js';
import { codeSpan, link, paragraph } from './internal/report-model.js';
import type { Inline, PageModel, ReportSection, TableBlock } from './internal/report-model.js';
import { describeDatasetCounters, summarySizes } from './internal/summary-rows.js';
import { systemPageLinks } from './internal/system-pages.js';
import { formatRecordBaselineMultiple, isBaselineCandidate } from './baseline-figures.js';
import { baselineAbsenceSentence } from './internal/baseline-absence.js';
import { buildBaselineTable } from './internal/baseline-table.js';
import { counterTerm } from './internal/counter-term.js';
import { headlineIntervalWords } from './internal/headline-words.js';
import type { Dataset } from './dataset.js';
import type { CategoryDataset } from './category-datasets.js';
import { categorySystemSection } from './render-category-pages.js';
import type { SystemPageOptions } from './system-page-options.js';
import { countKatOutcomes, describeKatOutcomes } from './kat-verdict-meanings.js';
import { katVerdictInline } from './internal/kat-verdict-inline.js';

const sizeLabel = (bytes: number): string =>
  bytes >= 1024 && bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} B`;

/** build.json's instances less the campaign's ICCS baseline, which is measured beside the candidates. */
type CandidateEntries = Dataset['build']['instances'];

function candidatesTable(dataset: Dataset, instances: CandidateEntries, format: PageFormat): TableBlock {
  const systemId = dataset.campaign.systemId;
  const sizes = summarySizes(dataset);
  const baseline = dataset.campaign.baseline !== undefined;
  const term = counterTerm(dataset.records.map(({ record }) => record)).perCall;
  const rows = instances.map((entry): Inline[][] => {
    const records = dataset.records
      .map(({ record }) => record)
      .filter((record) => record.candidate === entry.candidate && record.instance === entry.instance);
    const figures = sizes.map((bytes): Inline[] => {
      const record = records.find((candidate) => candidate.messageBytes === bytes);
      if (record === undefined) return ['—'];
      const figure = cyclesFigure(record);
      return [figure === null ? 'failed' : formatCyclesFigure(figure)];
    });
    const multiples = baseline
      ? sizes.map((bytes): Inline[] => [
          formatRecordBaselineMultiple(
            dataset,
            records.find((candidate) => candidate.messageBytes === bytes),
          ),
        ])
      : [];
    // the key columns first (candidate, instance, × pseudoXOF at each length), so that they are
    // visible on an 800 px screen without scrolling the table sideways
    return [
      [link(candidateFromSummary(entry.candidate, systemId, format), entry.candidate), ` ${entry.algorithm}`],
      [codeSpan(entry.instance)],
      ...multiples,
      ...figures,
      [String(entry.digestBits)],
      [katVerdictInline(entry.kat)],
      constantTimeBadge(entry, systemId, format),
    ];
  });
  return {
    kind: 'table',
    caption: `Every instance measured on system ${systemId}`,
    headers: [
      'candidate',
      'instance',
      ...(baseline ? sizes.map((bytes) => `× pseudoXOF @ ${sizeLabel(bytes)}`) : []),
      ...sizes.map((bytes) => `${term} @ ${sizeLabel(bytes)}`),
      'digest bits',
      'KAT',
      'constant-time',
    ],
    numeric: [false, false, ...(baseline ? sizes.map(() => true) : []), ...sizes.map(() => true), true, false, false],
    rows,
  };
}

/**
 * The instances that did not pass their KAT, each with the reason the run recorded (build.json
 * `katDetail`: the compiler's or loader's words, the missing symbol, the differing file) and a link
 * to §3 of its candidate page, so the index's ⚠ verdicts are explained where they are listed.
 */
function katFailureSection(dataset: Dataset, instances: CandidateEntries, format: PageFormat): ReportSection[] {
  const systemId = dataset.campaign.systemId;
  const failed = instances.filter((entry) => entry.kat !== 'PASS');
  if (failed.length === 0) return [];
  return [
    {
      heading: 'Instances without a KAT pass',
      id: 'kat-failures',
      blocks: [
        {
          kind: 'list',
          items: failed.map((entry): Inline[] => [
            codeSpan(entry.instance),
            ' of ',
            link(candidateKatFromReports(entry.candidate, systemId, format), entry.candidate),
            `: ${entry.kat}` + (entry.katDetail === null ? ' (no detail recorded)' : ` — ${entry.katDetail}`),
          ]),
        },
      ],
    },
  ];
}

function baselineSection(dataset: Dataset): ReportSection[] {
  const table = buildBaselineTable(dataset);
  if (table === null) return [];
  return [
    {
      heading: 'Baseline',
      id: 'baseline',
      blocks: [
        paragraph(
          'The ICCS helpers measured in the same campaign, with the same plan, host and CPU: “× pseudoXOF” above is a candidate’s headline over pseudoXOF’s at the same output width and message length (a relative speed only), with its interval.',
        ),
        table,
      ],
    },
  ];
}

function buildSystemIndex(dataset: Dataset, format: PageFormat, others: readonly CategoryDataset[] = []): PageModel {
  const { campaign } = dataset;
  const term = counterTerm(dataset.records.map(({ record }) => record)).perCall;
  // the campaign's baseline is measured beside the candidates, not counted as one
  const candidateEntries = dataset.build.instances.filter((entry) => !isBaselineCandidate(dataset, entry));
  const candidates = new Set(candidateEntries.map((entry) => entry.candidate));
  const counts = countKatOutcomes(candidateEntries.map((entry) => entry.kat));
  const baselineCount = dataset.build.instances.length - candidateEntries.length;
  return {
    title: `Performance measurements — system ${campaign.systemId} (${describeArchitecture(campaign.environmentAtStart.architecture)})`,
    breadcrumbs: [
      link(siteIndexFromReports(format), BREADCRUMB_ROOT),
      ` › ${campaign.systemId} · `,
      link(methodFromSummary(campaign.systemId, format), 'method'),
    ],
    intro: [
      paragraph(
        `${candidates.size} candidate${candidates.size === 1 ? '' : 's'}, ${candidateEntries.length} instance${candidateEntries.length === 1 ? '' : 's'}, KAT: ${describeKatOutcomes(counts)}` +
          (baselineCount === 0
            ? ''
            : ` (and ${baselineCount} ICCS baseline instance${baselineCount === 1 ? '' : 's'})`) +
          `; processor ${campaign.environmentAtStart.cpuModel ?? 'unknown'}. ` +
          `${term === 'ticks' ? 'Ticks' : 'Cycles'} per call at each message length: the headline figure, the median of the trial means, with its interval (${headlineIntervalWords(campaign.plan.trials)}); each candidate’s page has every length, the memory figures and the evidence. ` +
          (baselineAbsenceSentence(dataset) === null ? '' : `${baselineAbsenceSentence(dataset)} `),
        ...describeDatasetCounters(dataset),
      ),
    ],
    sections: [
      // a run of other categories only has no hash table (each category has its section below)
      ...(others.length > 0 && dataset.build.instances.length === 0
        ? []
        : [{ heading: 'Candidates', id: 'candidates', blocks: [candidatesTable(dataset, candidateEntries, format)] }]),
      ...others.map((group) => categorySystemSection(group, dataset.campaign.systemId, format)),
      ...katFailureSection(dataset, candidateEntries, format),
      ...baselineSection(dataset),
      {
        heading: 'Pages',
        id: 'pages',
        blocks: [{ kind: 'list', items: systemPageLinks(dataset, format, others) }],
      },
    ],
    footer: renderedFromFooter(['campaign.json', 'build.json']),
  };
}

/**
 * Renders a system's index as Markdown, in the layout of the published per-system pages: every
 * instance (build.json order) with its candidate (linked to its page) and algorithm, then — when the
 * campaign measured the ICCS baseline — its × pseudoXOF at 32 B, 1 KiB and 64 KiB (or the summary's
 * sizes), the headline cycles (ticks on a fixed-rate counter) at those sizes, digest length, KAT
 * verdict and constant-time badge (the key columns first, so they fit an 800 px screen), every
 * instance without a KAT pass with its recorded reason (build.json `katDetail`), the baseline's own
 * table, then links to every page of the system. Pure.
 *
 * @param dataset - one run directory ({@link loadRunDirectory}); its hash instances when `options.otherCategories` holds the rest
 * @param options - `otherCategories`: a section per category other than hash ({@link splitByCategory}), after the hash instances
 * @returns the page, ending in one newline
 * @throws {@link ReportError} `INVALID_NUMBER` when a record holds a negative or non-finite figure
 * @example
 * ```ts
 * await writeFile('runs/x86_1/reports/index_x86_1.md', renderSystemIndexMarkdown(dataset));
 * ```
 */
export function renderSystemIndexMarkdown(dataset: Dataset, options: SystemPageOptions = {}): string {
  return renderMarkdownDocument(buildSystemIndex(dataset, 'md', options.otherCategories));
}

/**
 * The page of {@link renderSystemIndexMarkdown} as self-contained HTML. Pure; escapes all input.
 *
 * @param dataset - one run directory ({@link loadRunDirectory}); its hash instances when `options.otherCategories` holds the rest
 * @param options - `otherCategories`: a section per category other than hash ({@link splitByCategory}), after the hash instances
 * @returns the HTML document, ending in one newline
 * @throws {@link ReportError} `INVALID_NUMBER` as the Markdown form
 * @example
 * ```ts
 * await writeFile('runs/x86_1/reports/index_x86_1.html', renderSystemIndexHtml(dataset));
 * ```
 */
export function renderSystemIndexHtml(dataset: Dataset, options: SystemPageOptions = {}): string {
  return renderHtmlDocument(buildSystemIndex(dataset, 'html', options.otherCategories));
}
