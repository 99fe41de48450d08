import type { BuildInstance } from '@ngcc-perf/record';
import { formatHeadlineCycles } from '@ngcc-perf/stats';
import { categoryPageInput, type CategoryDataset } from './category-datasets.js';
import { candidateFromSummary, type PageFormat } from './internal/page-links.js';
import { codeSpan, link, paragraph, type Inline, type ReportSection } from './internal/report-model.js';

/**
 * The section of a category other than hash on the system index and summary: heading its
 * `pages.title`, one row per instance with its candidate (linked to its page), KAT verdict and
 * the headline ticks (cycles) per call of each operation, in the category's labels.
 */
export function categorySystemSection(group: CategoryDataset, systemId: string, format: PageFormat): ReportSection {
  const { category } = group;
  const labels = [...new Set(group.records.map(({ record }) => category.operations.label(record.operation)))];
  const input = categoryPageInput(group, null);
  const rows = group.instances.map((entry): Inline[][] => {
    const records = group.records
      .map(({ record }) => record)
      .filter((record) => record.candidate === entry.candidate && record.instance === entry.instance);
    return [
      [link(candidateFromSummary(entry.candidate, systemId, format), entry.candidate), ` ${entry.algorithm}`],
      [codeSpan(entry.instance)],
      [entry.kat],
      ...labels.map((label): Inline[] => {
        const record = records.find((candidate) => category.operations.label(candidate.operation) === label);
        if (record === undefined) return ['—'];
        if (record.status !== 'complete' || record.derived.headline == null) return ['failed'];
        return [formatHeadlineCycles(record.derived.headline)];
      }),
    ];
  });
  return {
    heading: category.pages.title,
    id: `category-${category.id}`,
    blocks: [
      paragraph(
        `Instances of category ${category.id}: the headline ${input.counterTerm} per call of each operation (the median of the trial means, with its interval); each candidate's page has the category's own sections.`,
      ),
      {
        kind: 'table',
        caption: `${category.pages.title} measured on system ${systemId}`,
        headers: ['candidate', 'instance', 'KAT', ...labels.map((label) => `${input.counterTerm} @ ${label}`)],
        numeric: [false, false, false, ...labels.map(() => true)],
        rows,
      },
    ],
  };
}

/**
 * The section of a category other than hash on the constant-time overview: heading its
 * `pages.title`, one row per instance with its candidate (linked to its page), the ct verdict
 * build.json holds for it, the operations audited with their secret buffers, the number of
 * findings and a detail (`not audited: …` while the category has no constant-time harness, or
 * when the campaign ran without its ct phase).
 */
export function categoryConstantTimeSection(
  group: CategoryDataset,
  systemId: string,
  format: PageFormat,
): ReportSection {
  const { category } = group;
  return {
    heading: category.pages.title,
    id: `category-${category.id}`,
    blocks: [
      {
        kind: 'table',
        caption: `Constant-time verdict of the ${category.pages.title.toLowerCase()} (category ${category.id})`,
        headers: ['candidate', 'instance', 'verdict', 'operations audited', 'findings', 'detail'],
        numeric: [false, false, false, false, true, false],
        rows: group.instances.map((entry): Inline[][] => [
          [link(candidateFromSummary(entry.candidate, systemId, format), entry.candidate), ` ${entry.algorithm}`],
          [codeSpan(entry.instance)],
          [entry.ct?.verdict ?? 'not audited'],
          [auditedOperations(entry.ct)],
          [entry.ct == null ? '—' : String(entry.ct.findings.length)],
          [ctDetail(entry.ct)],
        ]),
      },
    ],
  };
}

/** The operations an audit ran, each with the buffers it marked secret (`dec (sk)`); `—` for none. */
function auditedOperations(ct: BuildInstance['ct']): string {
  const operations = ct?.operations ?? [];
  return operations.length === 0
    ? '—'
    : operations.map((entry) => `${entry.operation} (${entry.secrets.join(', ')})`).join('; ');
}

/**
 * What the detail column says of an instance's audit: its own detail, else where its findings
 * are (the candidate's page), else that the run had no ct phase for it.
 */
function ctDetail(ct: BuildInstance['ct']): string {
  if (ct == null) return 'not audited: the campaign ran without its ct phase';
  if (ct.detail !== null) return ct.detail;
  return ct.findings.length === 0
    ? 'no finding; limits on the candidate’s page'
    : 'findings with their lines on the candidate’s page';
}

/**
 * The section the every-instance ranking page gives the instances of categories other than hash:
 * they are ranked per claimed security target, on the target pages, named so that the page is not
 * silent about them.
 */
export function notRankedCategoriesSection(groups: readonly CategoryDataset[]): ReportSection[] {
  if (groups.length === 0) return [];
  return [
    {
      heading: 'Other categories',
      id: 'other-categories',
      blocks: groups.map((group) =>
        paragraph(
          `${group.category.pages.title} (category ${group.category.id}: ${group.instances
            .map((entry) => `${entry.candidate}/${entry.instance}`)
            .join(
              ', ',
            )}): ranked per claimed security target, one parameter set per candidate, on the target pages; not on this page, whose metrics are the hash ones.`,
        ),
      ),
    },
  ];
}
