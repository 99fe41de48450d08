// What every candidate page has, whatever its category (guide §3.5): the introduction, item (1)
// basic information, the KAT table with build flags and what each verdict means (item (3)), and
// the footer. The hash page and the pages of other categories both build these from here.
import type { BuildInstance, BuildManifest, Campaign } from '@ngcc-perf/record';
import { katVerdictMeaning } from '../kat-verdict-meanings.js';
import { addedSourceItems, katReferenceBlocks } from './discovery-evidence.js';
import { packageBasicItems, packageKatBlocks, versionsMeasured } from './package-section.js';
import { codeSpan, paragraph } from './report-model.js';
import type { Block, Inline, ReportSection } from './report-model.js';

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function joinCodes(values: string[]): Inline[] {
  return values.flatMap((value, index) => (index === 0 ? [codeSpan(value)] : [', ', codeSpan(value)]));
}

/** The tool and version the pages name: `ngcc-perf 0.1.0`. */
export function toolVersion(campaign: Campaign): string {
  return campaign.tools.ngccPerf === null ? 'ngcc-perf' : `ngcc-perf ${campaign.tools.ngccPerf}`;
}

/**
 * The introduction of a candidate page: an independent measurement, laid out after report items
 * (1)–(7) of guide §3.5; `withItem6` false says item (6) (public key only) is left out.
 */
export function candidateIntro(campaign: Campaign, withItem6: boolean): Block {
  const guide = campaign.environmentAtStart.architecture === 'aarch64' ? 'ARM' : 'x86';
  return paragraph(
    `These figures come from an independent measurement with ${toolVersion(campaign)}, not from the submitter’s own assessment. ` +
      `The page is laid out after report items (1)–(7) of §3.5 of the NICCS ${guide} self-assessment guide` +
      (withItem6
        ? '.'
        : '; item (6), transmission and storage overhead, concerns public-key algorithms only and is left out.'),
  );
}

/** The footer of a candidate page: what it was rendered from. */
export function candidateFooter(campaign: Campaign): Block {
  return paragraph(
    `Rendered by ${toolVersion(campaign)} from `,
    codeSpan('campaign.json'),
    ', ',
    codeSpan('build.json'),
    ' and the records listed above; rendering them again gives the same page.',
  );
}

/** What item (1) reads: build.json and the candidate's instances. */
export interface BasicContext {
  dataset: { build: BuildManifest };
  candidateId: string;
  instances: BuildInstance[];
}

/**
 * §3.5 item (1): category and function (in the words `describeCategory` gives an instance's
 * category), algorithm, implementation versions measured, parameter sets, and the package items.
 */
export function buildBasicSection(
  context: BasicContext,
  describeCategory: (category: string) => string,
): ReportSection {
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

/** The KAT cell: the verdict, with its detail when it is not a pass. */
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

/**
 * §3.5 item (3) after its category's opening paragraph: the verdict table (instance, build flags,
 * KAT), what each verdict means, the full flags, the manifest entries matched (and the catalog
 * candidates found by digest, build.json `katIdentity`) and the package's own KAT files.
 */
export function katBlocks(instances: BuildInstance[]): Block[] {
  return [
    {
      kind: 'table',
      caption: 'Known-answer test verdict by instance',
      headers: ['instance', 'build flags', 'KAT'],
      numeric: [false, false, false],
      rows: instances.map((entry) => [[codeSpan(entry.instance)], [entry.flags], katCell(entry)]),
    },
    ...katMeaningBlocks(instances),
    ...buildFlagsBlocks(instances),
    ...katReferenceBlocks(instances),
    ...packageKatBlocks(instances),
  ];
}
