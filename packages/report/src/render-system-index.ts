import { formatCycles } from '@ngcc-perf/stats';
import { describeArchitecture } from './internal/candidate-context.js';
import { constantTimeBadge } from './internal/constant-time-badge.js';
import { renderHtmlDocument } from './internal/html-page.js';
import { renderMarkdownDocument } from './internal/markdown-page.js';
import {
  BREADCRUMB_ROOT,
  candidateFromSummary,
  siteIndexFromReports,
  methodFromSummary,
} from './internal/page-links.js';
import type { PageFormat } from './internal/page-links.js';
import { cyclesFigure } from './internal/ranking-figures.js';
import { codeSpan, link, paragraph } from './internal/report-model.js';
import type { Inline, PageModel, TableBlock } from './internal/report-model.js';
import { describeDatasetCounters, summarySizes } from './internal/summary-rows.js';
import { systemPageLinks } from './internal/system-pages.js';
import type { Dataset } from './dataset.js';

const sizeLabel = (bytes: number): string =>
  bytes >= 1024 && bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} B`;

function candidatesTable(dataset: Dataset, format: PageFormat): TableBlock {
  const systemId = dataset.campaign.systemId;
  const sizes = summarySizes(dataset);
  const rows = dataset.build.instances.map((entry): Inline[][] => {
    const records = dataset.records
      .map(({ record }) => record)
      .filter((record) => record.candidate === entry.candidate && record.instance === entry.instance);
    return [
      [link(candidateFromSummary(entry.candidate, systemId, format), entry.candidate)],
      [entry.algorithm],
      [codeSpan(entry.instance)],
      [String(entry.digestBits)],
      [entry.kat === 'PASS' ? { text: 'PASS', tone: 'good' } : { text: `⚠ ${entry.kat}`, tone: 'bad' }],
      ...sizes.map((bytes): Inline[] => {
        const record = records.find((candidate) => candidate.messageBytes === bytes);
        if (record === undefined) return ['—'];
        const figure = cyclesFigure(record);
        return [figure === null ? 'failed' : formatCycles(figure.estimate)];
      }),
      constantTimeBadge(entry, systemId, format),
    ];
  });
  return {
    kind: 'table',
    caption: `Every instance measured on system ${systemId}`,
    headers: [
      'candidate',
      'algorithm',
      'instance',
      'digest bits',
      'KAT',
      ...sizes.map((bytes) => `cycles @ ${sizeLabel(bytes)}`),
      'constant-time',
    ],
    numeric: [false, false, false, true, false, ...sizes.map(() => true), false],
    rows,
  };
}

function buildSystemIndex(dataset: Dataset, format: PageFormat): PageModel {
  const { campaign } = dataset;
  const candidates = new Set(dataset.build.instances.map((entry) => entry.candidate));
  const passed = dataset.build.instances.filter((entry) => entry.kat === 'PASS').length;
  return {
    title: `Performance measurements — system ${campaign.systemId} (${describeArchitecture(campaign.environmentAtStart.architecture)})`,
    breadcrumbs: [
      link(siteIndexFromReports(format), BREADCRUMB_ROOT),
      ` › ${campaign.systemId} · `,
      link(methodFromSummary(campaign.systemId, format), 'method'),
    ],
    intro: [
      paragraph(
        `${candidates.size} candidate${candidates.size === 1 ? '' : 's'}, ${dataset.build.instances.length} instances, ${passed} passed their KAT; processor ${campaign.environmentAtStart.cpuModel ?? 'unknown'}. ` +
          'Mean cycles per call at each message length; each candidate’s page has every length, the memory figures and the evidence. ',
        ...describeDatasetCounters(dataset),
      ),
    ],
    sections: [
      { heading: 'Candidates', id: 'candidates', blocks: [candidatesTable(dataset, format)] },
      {
        heading: 'Pages',
        id: 'pages',
        blocks: [{ kind: 'list', items: systemPageLinks(campaign.systemId, format) }],
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
 * Renders a system's index as Markdown, in the layout of the published per-system pages: every
 * instance (build.json order) with its candidate (linked to its page), algorithm, digest length,
 * KAT verdict, mean cycles at 32 B, 1 KiB and 64 KiB (or the summary's sizes) and constant-time
 * badge, then links to every page of the system. Pure.
 *
 * @param dataset - one run directory ({@link loadRunDirectory})
 * @returns the page, ending in one newline
 * @throws {@link ReportError} `INVALID_NUMBER` when a record holds a negative or non-finite figure
 * @example
 * ```ts
 * await writeFile('runs/x86_1/reports/index_x86_1.md', renderSystemIndexMarkdown(dataset));
 * ```
 */
export function renderSystemIndexMarkdown(dataset: Dataset): string {
  return renderMarkdownDocument(buildSystemIndex(dataset, 'md'));
}

/**
 * The page of {@link renderSystemIndexMarkdown} as self-contained HTML. Pure; escapes all input.
 *
 * @param dataset - one run directory ({@link loadRunDirectory})
 * @returns the HTML document, ending in one newline
 * @throws {@link ReportError} `INVALID_NUMBER` as the Markdown form
 * @example
 * ```ts
 * await writeFile('runs/x86_1/reports/index_x86_1.html', renderSystemIndexHtml(dataset));
 * ```
 */
export function renderSystemIndexHtml(dataset: Dataset): string {
  return renderHtmlDocument(buildSystemIndex(dataset, 'html'));
}
