// The candidate page of a category other than hash, in the layout of guide §3.5 items (1)–(7): the
// page frame's items (1) basic information, (2) assessment environment, (3) KAT, (5) resources and
// (7) raw evidence — the same definitions as the hash page's — with the category's own sections
// (`pages.sections`) as items (4) and (6), and one line on the constant-time audit when there is one.
import type { CategoryPageSection } from '@ngcc-perf/category';
import type { AnyTimingRecord, BuildInstance, OperationRecord } from '@ngcc-perf/record';
import { categoryPageInput, orderedRecords, type CategoryDataset } from '../category-datasets.js';
import type { Dataset } from '../dataset.js';
import { describeArchitecture } from './candidate-context.js';
import { buildBasicSection, candidateFooter, candidateIntro, katBlocks } from './candidate-frame.js';
import { categoryReportSections } from './category-sections.js';
import { buildConstantTimeSection } from './constant-time-section.js';
import { buildEnvironmentSection, countersUsed } from './environment-section.js';
import { buildEvidenceSection } from './evidence-section.js';
import { buildOperationResourceSection } from './operation-resource-section.js';
import { candidateBreadcrumbs, type PageFormat } from './page-links.js';
import { buildPrimitiveProfileSection } from './primitive-profile-section.js';
import { describeCounter } from './performance-section.js';
import { paragraph, type Block, type CandidateReport, type ReportSection } from './report-model.js';

/** How a category candidate page is placed among others (as the hash page's options). */
export interface CategoryPageOptions {
  otherSystems?: readonly string[];
  evidenceCopied?: boolean;
}

function katSection(group: CategoryDataset, instances: BuildInstance[]): ReportSection {
  const kinds = group.category.kat.kinds.filter((kind) => kind.byDefault).map((kind) => kind.kind);
  return {
    heading: '3. Functional testing (KAT)',
    id: 'kat',
    blocks: [
      paragraph(
        `Before any timing, each library wrote its KAT files as the category's official program does (${kinds.join(', ')}), ` +
          'and each file was judged by the SHA-256 digest of its canonical form against the candidate’s manifest, beside the functional checks of that program; ' +
          'the KAT log names every file, its digest and the manifest line. An instance without a PASS is still timed unless its library failed to load or crashed.',
      ),
      ...katBlocks(instances),
    ],
  };
}

/** Item (4): what the counter counts (the hash page's words), then the category's performance sections. */
function performanceSections(
  sections: readonly CategoryPageSection[],
  records: readonly { record: AnyTimingRecord }[],
  dataset: Dataset,
): ReportSection[] {
  const counterBlocks: Block[] = countersUsed({ dataset, records }).map((counter) =>
    paragraph(...describeCounter(counter, false)),
  );
  return categoryReportSections(sections, 4).map((section, index) =>
    index === 0 ? { ...section, blocks: [...counterBlocks, ...section.blocks] } : section,
  );
}

/** One line on the constant-time audit: the hash page's section when some instance was audited, else why none was. */
function constantTimeSections(instances: BuildInstance[]): ReportSection[] {
  const present = instances.filter((entry) => entry.ct !== undefined && entry.ct !== null);
  if (present.length === 0) return [];
  if (present.some((entry) => entry.ct!.verdict !== 'unknown')) {
    const section = buildConstantTimeSection(instances);
    return section === null ? [] : [section];
  }
  const details = [
    ...new Set(
      present.map((entry) => (entry.ct!.detail ?? entry.ct!.reason ?? 'no reason given').replace(/^not audited: /, '')),
    ),
  ];
  return [
    {
      heading: 'Constant-time audit',
      id: 'constant-time',
      blocks: [
        paragraph(
          `Not audited: ${details.join('; ')}. Nothing on this page says whether these instances run in constant time.`,
        ),
      ],
    },
  ];
}

/**
 * The candidate page of a category other than hash (guide §3.5 items (1)–(7)): items (1)–(3), (5)
 * and (7) from the page frame the hash page uses, items (4) and (6) from the category's
 * `pages.sections` (placed by their `item`), the constant-time line, the footer.
 *
 * @param dataset - the whole run directory (campaign, build.json, every record)
 * @param group - the candidate's category with its instances and generic-form records
 * @throws nothing beyond the category's own sections
 * @example
 * ```ts
 * renderMarkdownDocument(buildCategoryCandidateReport(dataset, group, 'kem-02', 'md'));
 * ```
 */
export function buildCategoryCandidateReport(
  dataset: Dataset,
  group: CategoryDataset,
  candidateId: string,
  format: PageFormat,
  options: CategoryPageOptions = {},
): CandidateReport {
  const { campaign } = dataset;
  const { category } = group;
  const instances = group.instances.filter((entry) => entry.candidate === candidateId);
  const records = orderedRecords(group, candidateId);
  const sections = category.pages.sections(categoryPageInput(group, candidateId));
  const itemOf = (section: CategoryPageSection) => section.item ?? 4;
  const label = (record: OperationRecord) => category.operations.label(record.operation);
  const words = category.pages.classification;
  const describeCategory = () => (words === undefined ? category.id : `${words.category}; function: ${words.function}`);
  const context = { dataset, candidateId, instances, records };
  return {
    title: `${candidateId} ${instances[0]!.algorithm} — ${category.pages.title} on ${describeArchitecture(campaign.environmentAtStart.architecture)} (system ${campaign.systemId})`,
    breadcrumbs: candidateBreadcrumbs(candidateId, campaign.systemId, options.otherSystems ?? [], format),
    intro: [
      candidateIntro(
        campaign,
        sections.some((section) => itemOf(section) === 6),
      ),
    ],
    sections: [
      buildBasicSection(context, describeCategory),
      buildEnvironmentSection(context),
      katSection(group, instances),
      ...performanceSections(
        sections.filter((section) => itemOf(section) === 4),
        records,
        dataset,
      ),
      ...[
        buildPrimitiveProfileSection(
          records.map(({ record }) => record),
          label,
        ),
      ].filter((section) => section !== null),
      buildOperationResourceSection(
        records.map(({ record }) => record),
        label,
      ),
      ...categoryReportSections(
        sections.filter((section) => itemOf(section) === 6),
        6,
      ),
      ...constantTimeSections(instances),
      buildEvidenceSection(context, format, options.evidenceCopied === true, (record) => {
        const name =
          typeof record.operation === 'string' ? record.operation : category.operations.label(record.operation);
        return [`timing ${name}`, ...(record.memory == null ? [] : [`memory of one ${name} call`])];
      }),
    ],
    footer: [candidateFooter(campaign)],
  };
}
