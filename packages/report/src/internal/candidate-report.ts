// Assembles the model of one candidate's page: title, introduction, sections 1–5 and 7 (hash
// reports have no section 6), footer. Section order and headings: guide §3.5.
import { katVerdictMeaning } from '../kat-verdict-meanings.js';
import { createCandidateContext, describeArchitecture } from './candidate-context.js';
import { buildConstantTimeSection } from './constant-time-section.js';
import { buildEnvironmentSection } from './environment-section.js';
import { buildEvidenceSection } from './evidence-section.js';
import { buildHeadlineBlocks } from './headline-section.js';
import { candidateBreadcrumbs } from './page-links.js';
import { buildPerformanceSection } from './performance-section.js';
import { codeSpan, paragraph } from './report-model.js';
import { behaviourBlocks, packageBasicItems, packageKatBlocks, versionsMeasured } from './package-section.js';
import { addedSourceItems, katReferenceBlocks } from './discovery-evidence.js';
import { buildResourceSection } from './resource-section.js';
import type { CandidateContext } from './candidate-context.js';
import type { PageFormat } from './page-links.js';
import type { Dataset } from '../dataset.js';
import type { BuildInstance } from '@ngcc-perf/record';
import type { Block, CandidateReport, Inline, ReportSection } from './report-model.js';

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function joinCodes(values: string[]): Inline[] {
  return values.flatMap((value, index) => (index === 0 ? [codeSpan(value)] : [', ', codeSpan(value)]));
}

function describeCategory(category: string): string {
  return category === 'hash' ? 'cryptographic hash algorithm; function: hash' : category;
}

function buildBasicSection(context: CandidateContext): ReportSection {
  const first = context.instances[0]!;
  return {
    heading: '1. Basic information',
    id: 'basic',
    blocks: [
      {
        kind: 'list',
        items: [
          [`Category: ${unique(context.instances.map((entry) => describeCategory(entry.category))).join(', ')}`],
          [`Algorithm: ${first.algorithm}`],
          [`Implementation versions measured: ${versionsMeasured(context.instances)}`],
          ['Parameter sets: ', ...joinCodes(context.instances.map((entry) => entry.instance))],
          ...packageBasicItems(context),
          ...addedSourceItems(context.instances),
        ],
      },
    ],
  };
}

function katCell(entry: BuildInstance): Inline[] {
  const { label, outcome } = katVerdictMeaning(entry.kat);
  if (outcome === 'correct') return [label];
  return [entry.katDetail === null ? label : `${label}: ${entry.katDetail}`];
}

/** What each verdict other than PASS on this page means, one line each (`KAT_VERDICT_MEANINGS`). */
function katMeaningBlocks(instances: BuildInstance[]): Block[] {
  const verdicts = [...new Set(instances.map((entry) => entry.kat))].filter((verdict) => verdict !== 'PASS');
  if (verdicts.length === 0) return [];
  return [
    {
      kind: 'list',
      items: verdicts.map((verdict): Inline[] => [
        `${katVerdictMeaning(verdict).label}: the instance ${katVerdictMeaning(verdict).meaning}.`,
      ]),
    },
  ];
}

function buildKatSection(context: CandidateContext): ReportSection {
  return {
    heading: '3. Functional testing (KAT)',
    id: 'kat',
    blocks: [
      paragraph(
        'Before any timing, each library regenerated the known-answer files, and each file was compared by the SHA-256 digest of its canonical form with the candidate’s ',
        codeSpan('kat.sha256'),
        ' manifest (or with the submitted file where the manifest has no entry). A PASS covers only KAT_2_12 (every message length from 0 to 4096 bits) and KAT_2_23 (three messages of 2^23 bits); the optional KAT_Loop and KAT_2_33 files are not part of it. ' +
          'An instance without a PASS is still timed unless its library failed to load or crashed; what its verdict means is listed under the table.',
      ),
      {
        kind: 'table',
        caption: 'Known-answer test verdict by instance',
        headers: ['instance', 'build flags', 'KAT'],
        numeric: [false, false, false],
        rows: context.instances.map((entry) => [[codeSpan(entry.instance)], [entry.flags], katCell(entry)]),
      },
      ...katMeaningBlocks(context.instances),
      ...buildFlagsBlocks(context.instances),
      ...katReferenceBlocks(context.instances),
      ...packageKatBlocks(context.instances),
      ...behaviourBlocks(context),
    ],
  };
}

/** The full compiler flags behind the "build flags" column (the anchor showed only `guide`). */
function buildFlagsBlocks(instances: BuildInstance[]): Block[] {
  const distinct = unique(instances.map((entry) => entry.buildFlags));
  if (distinct.length === 1)
    return [paragraph('Full compiler flags, the same for every instance: ', codeSpan(distinct[0]!), '.')];
  return [
    paragraph('Full compiler flags by instance:'),
    { kind: 'list', items: instances.map((entry) => [codeSpan(entry.instance), ': ', codeSpan(entry.buildFlags)]) },
  ];
}

/** How a candidate page is placed among others: the systems whose pages sit beside it. */
export interface CandidatePageOptions {
  /** Other systems with a page of this candidate in the same `reports/<candidate>/` folder. */
  otherSystems?: readonly string[];
  /** The run files the page links are copied into `evidence/<system>/` of the output folder. */
  evidenceCopied?: boolean;
}

/** The rendering-neutral report of one candidate; throws ReportError UNKNOWN_CANDIDATE. */
export function buildCandidateReport(
  dataset: Dataset,
  candidateId: string,
  format: PageFormat,
  options: CandidatePageOptions = {},
): CandidateReport {
  const context = createCandidateContext(dataset, candidateId);
  const { campaign } = dataset;
  const architecture = campaign.environmentAtStart.architecture;
  const guide = architecture === 'aarch64' ? 'ARM' : 'x86';
  const version = campaign.tools.ngccPerf === null ? 'ngcc-perf' : `ngcc-perf ${campaign.tools.ngccPerf}`;
  return {
    title: `${candidateId} ${context.instances[0]!.algorithm} — performance on ${describeArchitecture(architecture)} (system ${campaign.systemId})`,
    breadcrumbs: candidateBreadcrumbs(candidateId, campaign.systemId, options.otherSystems ?? [], format),
    headline: buildHeadlineBlocks(context),
    intro: [
      paragraph(
        `These figures come from an independent measurement with ${version}, not from the submitter’s own assessment. ` +
          `The page is laid out after report items (1)–(7) of §3.5 of the NICCS ${guide} self-assessment guide; item (6), transmission and storage overhead, concerns public-key algorithms only and is left out.`,
      ),
    ],
    sections: [
      buildBasicSection(context),
      buildEnvironmentSection(context),
      buildKatSection(context),
      buildPerformanceSection(context),
      buildResourceSection(context),
      ...[buildConstantTimeSection(context.instances)].flatMap((section) => (section === null ? [] : [section])),
      buildEvidenceSection(context, format, options.evidenceCopied === true),
    ],
    footer: [
      paragraph(
        `Rendered by ${version} from `,
        codeSpan('campaign.json'),
        ', ',
        codeSpan('build.json'),
        ' and the records listed above; rendering them again gives the same page.',
      ),
    ],
  };
}
