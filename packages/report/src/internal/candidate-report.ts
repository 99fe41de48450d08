// Assembles the model of one candidate's page: title, introduction, sections 1–5 and 7 (hash
// reports have no section 6), footer. Section order and headings: guide §3.5.
import { createCandidateContext, describeArchitecture } from './candidate-context.js';
import { buildBasicSection, candidateFooter, candidateIntro, katBlocks } from './candidate-frame.js';
import { buildConstantTimeSection } from './constant-time-section.js';
import { buildEnvironmentSection } from './environment-section.js';
import { buildEvidenceSection } from './evidence-section.js';
import { buildHeadlineBlocks } from './headline-section.js';
import { candidateBreadcrumbs } from './page-links.js';
import { buildPerformanceSection } from './performance-section.js';
import { codeSpan, paragraph } from './report-model.js';
import { behaviourBlocks } from './package-section.js';
import { buildResourceSection } from './resource-section.js';
import type { CandidateContext } from './candidate-context.js';
import type { PageFormat } from './page-links.js';
import type { Dataset } from '../dataset.js';
import type { CandidateReport, ReportSection } from './report-model.js';

function describeCategory(category: string): string {
  return category === 'hash' ? 'cryptographic hash algorithm; function: hash' : category;
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
      ...katBlocks(context.instances),
      ...behaviourBlocks(context),
    ],
  };
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
  return {
    title: `${candidateId} ${context.instances[0]!.algorithm} — performance on ${describeArchitecture(architecture)} (system ${campaign.systemId})`,
    breadcrumbs: candidateBreadcrumbs(candidateId, campaign.systemId, options.otherSystems ?? [], format),
    headline: buildHeadlineBlocks(context),
    intro: [candidateIntro(campaign, false)],
    sections: [
      buildBasicSection(context, describeCategory),
      buildEnvironmentSection(context),
      buildKatSection(context),
      buildPerformanceSection(context),
      buildResourceSection(context),
      ...[buildConstantTimeSection(context.instances)].flatMap((section) => (section === null ? [] : [section])),
      buildEvidenceSection(context, format, options.evidenceCopied === true),
    ],
    footer: [candidateFooter(campaign)],
  };
}
