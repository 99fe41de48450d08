import type { CategoryPageSection } from '@ngcc-perf/category';
import { formatHeadlineCycles } from '@ngcc-perf/stats';
import { categoryPageInput, type CategoryDataset } from './category-datasets.js';
import { candidateFromSummary, type PageFormat } from './internal/page-links.js';
import { codeSpan, link, paragraph, type Inline, type ReportSection } from './internal/report-model.js';
import type { CategoryPage } from './render-category-page.js';

/** The KAT section the page frame adds to every candidate page of a category: verdict, detail and log per instance. */
function katSection(group: CategoryDataset, candidate: string): CategoryPageSection {
  const instances = group.instances.filter((entry) => entry.candidate === candidate);
  return {
    id: 'kat',
    heading: 'Functional testing (KAT)',
    paragraphs: [
      `Each instance's KAT files as its category makes them (${group.category.kat.kinds
        .filter((kind) => kind.byDefault)
        .map((kind) => kind.kind)
        .join(
          ', ',
        )}), judged against the candidate's manifest; the KAT log names every file, its canonical SHA-256 and the manifest line.`,
    ],
    tables: [
      {
        caption: 'KAT verdict per instance',
        headers: ['instance', 'KAT', 'detail', 'KAT log'],
        numeric: [false, false, false, false],
        rows: instances.map((entry) => [entry.instance, entry.kat, entry.katDetail ?? '', entry.katLog ?? '—']),
      },
    ],
  };
}

/**
 * The build section of a candidate page of a category other than hash, when the build of one of its
 * instances departed from the package as given: the patch built instead of the package's files
 * (build.json `patch`: diff, SHA-256, files changed) and each flag the compiler or linker asked for
 * (`addedFlags`, `targetFlags`) with its evidence; null when none did.
 */
function buildSection(group: CategoryDataset, candidate: string): CategoryPageSection | null {
  const lines = group.instances
    .filter((entry) => entry.candidate === candidate)
    .flatMap((entry) => [
      ...(entry.patch === undefined
        ? []
        : [
            `${entry.instance}: built from a copy patched with ${entry.patch.file} (candidate.json "patch", SHA-256 ${entry.patch.sha256.slice(0, 16)}…), which changes ${entry.patch.files.join(', ')}.`,
          ]),
      ...[...(entry.addedFlags ?? []), ...(entry.targetFlags ?? [])].map(
        (added) => `${entry.instance}: flag ${added.flag} added to the build — ${added.reason}.`,
      ),
    ]);
  if (lines.length === 0) return null;
  return {
    id: 'build',
    heading: 'Build',
    paragraphs: [
      'Where the build departed from the package as given (build.json of the run directory names each with its evidence):',
      ...lines,
    ],
    tables: [],
  };
}

/**
 * The candidate page of a category other than hash: the page frame's title and introduction, the
 * build section when a build departed from the package (a patch, added flags), the KAT section, then the category's own sections (`category.pages.sections`) from the candidate's
 * instances and generic-form records.
 *
 * @example
 * ```ts
 * renderCategoryPageMarkdown(categoryCandidatePage(group, 'toy-01', 'x86_1'));
 * ```
 */
export function categoryCandidatePage(group: CategoryDataset, candidate: string, systemId: string): CategoryPage {
  const entries = group.instances.filter((entry) => entry.candidate === candidate);
  const algorithm = entries[0]?.algorithm ?? candidate;
  const input = categoryPageInput(group, candidate);
  return {
    title: `${candidate} (${algorithm}) — ${group.category.pages.title} on ${systemId}`,
    intro: [
      `Category ${group.category.id}: ${entries.length} instance${entries.length === 1 ? '' : 's'} (${entries
        .map((entry) => entry.instance)
        .join(
          ', ',
        )}), ${input.operations.length} operation record${input.operations.length === 1 ? '' : 's'}. Figures are ${input.counterTerm} per call, the median of the trial means; every record is under records/${candidate}/.`,
    ],
    sections: [
      ...[buildSection(group, candidate)].filter((section) => section !== null),
      katSection(group, candidate),
      ...group.category.pages.sections(input),
    ],
  };
}

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
 * `pages.title`, one row per instance with its candidate (linked to its page) and the ct verdict
 * build.json holds for it (`not audited: …` while the category has no constant-time harness).
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
        headers: ['candidate', 'instance', 'verdict', 'detail'],
        numeric: [false, false, false, false],
        rows: group.instances.map((entry): Inline[][] => [
          [link(candidateFromSummary(entry.candidate, systemId, format), entry.candidate), ` ${entry.algorithm}`],
          [codeSpan(entry.instance)],
          [entry.ct?.verdict ?? 'not audited'],
          [entry.ct?.detail ?? 'the campaign ran without its ct phase'],
        ]),
      },
    ],
  };
}

/**
 * The section a ranking page gives the instances of categories other than hash: they are not
 * ranked (no ranking for their category yet), named so that the page is not silent about them.
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
            )}): no ranking for this category yet; their figures are on the system index and their candidate pages.`,
        ),
      ),
    },
  ];
}
