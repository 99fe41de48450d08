import { instructionCountMethodSection } from './internal/instruction-count-blocks.js';
import { describeArchitecture } from './internal/candidate-context.js';
import { renderHtmlDocument } from './internal/html-page.js';
import { renderMarkdownDocument } from './internal/markdown-page.js';
import { constantTimeMethodSection } from './internal/constant-time-section.js';
import {
  BREADCRUMB_ROOT,
  siteIndexFromReports,
  summaryFromReports,
  systemIndexFromReports,
} from './internal/page-links.js';
import { primitiveProfileMethodSection } from './internal/primitive-profile-section.js';
import { staticImageSection } from './internal/static-image-note.js';
import {
  buildSection,
  counterSection,
  cpuSection,
  formulaSection,
  hostSection,
  planSection,
  warningSection,
} from './internal/method-sections.js';
import { baselineMethodSection, headlineMethodSection } from './internal/headline-method-section.js';
import { codeSpan, link, paragraph } from './internal/report-model.js';
import type { Inline, PageModel, ReportSection } from './internal/report-model.js';
import type { PageFormat } from './internal/page-links.js';
import type { Campaign } from '@ngcc-perf/record';
import type { CategoryRegistry } from '@ngcc-perf/category';
import { BUILT_IN_REGISTRY } from '@ngcc-perf/categories';
import type { Dataset } from './dataset.js';

type Sandbox = NonNullable<Campaign['sandbox']>;

/** Options of {@link renderMethodMarkdown} and {@link renderMethodHtml}. */
export interface MethodPageOptions {
  /** The registry of the run's categories (their constant-time declarations); default the built-in one. */
  categories?: CategoryRegistry;
}

const mib = (bytes: number): string => `${Math.round(bytes / 1048576)} MiB`;

/** The limits of a sandbox in force, as a clause: address space, CPU time, files, core dumps. */
function sandboxLimits(sandbox: Sandbox): string {
  const limits = [
    sandbox.maxMemoryBytes === undefined
      ? null
      : sandbox.maxMemoryBytes === null
        ? 'no address-space limit'
        : `${mib(sandbox.maxMemoryBytes)} of address space (KAT processes set their own)`,
    sandbox.cpuSeconds === undefined
      ? null
      : sandbox.cpuSeconds === null
        ? 'no CPU-time limit'
        : `${sandbox.cpuSeconds} s of CPU time`,
    sandbox.openFiles === undefined ? null : `${sandbox.openFiles} open files`,
    sandbox.coreBytes === 0 ? 'no core dumps' : null,
  ].filter((limit) => limit !== null);
  return limits.length === 0 ? '' : `; limits: ${limits.join(', ')}`;
}

/** The sentence of the method page on the sandbox candidate code ran in (@ngcc-perf/native/PROTOCOL.md "Sandbox"). */
function sandboxSentence(sandbox: Sandbox): Inline[] {
  if (sandbox.mode === 'off') {
    return [
      `⚠ Candidate code ran WITHOUT a sandbox (${sandbox.reason ?? 'turned off'}): every KAT, calibration, timing and memory process ran the library ` +
        'with the full rights of the user who ran the campaign — network, files, new processes. It was asked for (',
      codeSpan('--no-sandbox'),
      ' or ',
      codeSpan('NGCC_PERF_NO_SANDBOX=1'),
      ', which the CLI sets for its flag); such a run is safe only for code one trusts.',
    ];
  }
  if (sandbox.mode === 'unavailable') {
    return [
      `⚠ No sandbox could be entered for candidate code (${sandbox.reason ?? 'reason unknown'}), so the campaign refused to run it.`,
    ];
  }
  const kind: Inline[] =
    sandbox.mode === 'bwrap'
      ? ['a bubblewrap sandbox (', codeSpan('bwrap'), ')']
      : ['the driver’s own namespace sandbox (', codeSpan('unshare'), ')'];
  const network =
    sandbox.network === undefined || sandbox.network === 'none' ? 'no network' : `network: ${sandbox.network}`;
  const scratch =
    sandbox.scratchBytes === undefined
      ? 'a private scratch folder'
      : `a private ${mib(sandbox.scratchBytes)} scratch folder`;
  const filesystem =
    sandbox.filesystem === undefined || sandbox.filesystem === 'read-only except scratch'
      ? `a read-only filesystem except ${scratch}`
      : `filesystem: ${sandbox.filesystem}`;
  const privileges = sandbox.noNewPrivs === false ? 'new privileges allowed' : 'no new privileges';
  const seccomp =
    typeof sandbox.seccomp === 'string'
      ? `a seccomp filter (${sandbox.seccomp}) refusing new processes, programs and reach into other processes`
      : 'no seccomp filter';
  return [
    'Candidate code (every KAT, calibration, timing and memory process) ran in ',
    ...kind,
    `: ${network}, ${filesystem}, ${privileges}, ${seccomp}${sandboxLimits(sandbox)}.`,
    ...(sandbox.requested === undefined ? [] : [` Requested: ${sandbox.requested}.`]),
    ...(sandbox.bwrapFailure === undefined ? [] : [` Bubblewrap was passed over: ${sandbox.bwrapFailure}.`]),
  ];
}

function sandboxSection(sandbox: Sandbox): ReportSection {
  return { heading: 'Sandbox', id: 'sandbox', blocks: [paragraph(...sandboxSentence(sandbox))] };
}

function buildMethodPage(dataset: Dataset, format: PageFormat, categories: CategoryRegistry): PageModel {
  const { campaign } = dataset;
  return {
    breadcrumbs: [
      link(siteIndexFromReports(format), BREADCRUMB_ROOT),
      ' › ',
      link(systemIndexFromReports(campaign.systemId, format), campaign.systemId),
      ' › method · ',
      link(summaryFromReports(campaign.systemId, format), 'summary'),
    ],
    title: `Method — ${describeArchitecture(campaign.environmentAtStart.architecture)} (system ${campaign.systemId})`,
    intro: [
      paragraph(
        `How the figures of system ${campaign.systemId} were measured, from ${campaign.startedUtc} to ${campaign.endedUtc} (UTC): ` +
          'what the plan asked for, what each record calibrated, which counter ticked, and the state of the host. Every value comes from ',
        codeSpan('campaign.json'),
        ', ',
        codeSpan('build.json'),
        ' and the records.',
      ),
    ],
    sections: [
      planSection(dataset),
      counterSection(dataset),
      cpuSection(dataset),
      hostSection(dataset),
      // A campaign run before the sandbox existed has no `sandbox`: its page stays as it was.
      ...(campaign.sandbox === undefined ? [] : [sandboxSection(campaign.sandbox)]),
      buildSection(dataset),
      staticImageSection(),
      formulaSection(dataset),
      headlineMethodSection(dataset),
      ...[baselineMethodSection(dataset)].filter((section): section is ReportSection => section !== null),
      ...[instructionCountMethodSection(dataset)].flatMap((section) => (section === null ? [] : [section])),
      ...[constantTimeMethodSection(dataset, categories)].flatMap((section) => (section === null ? [] : [section])),
      ...[primitiveProfileMethodSection((dataset.operationRecords ?? []).map(({ record }) => record))].flatMap(
        (section) => (section === null ? [] : [section]),
      ),
      warningSection(dataset),
    ],
    footer: [],
  };
}

/**
 * Renders the method page of one system as Markdown: the plan parameters as run (campaign plan
 * and the calibrated plan of each record: iterations, warm-ups, cold call), the counters used
 * with their measured rate, read overhead, resolution and why each was chosen, the CPUs pinned
 * and actually used, every host-state field at the start and end of the campaign with the host
 * checks, the sandbox candidate code ran in (when campaign.json records it: its mode and limits,
 * or loudly that there was none), each build with its full compiler flags and library SHA-256,
 * the tools, what the static image contains and how that differs from the published pages' method, the formulas of the derived figures (guide §3.4–6), the constant-time audit's method (of CryptHash, and of
 * public-key operations: per category what its declaration marks secret and keeps public, divisions,
 * the timing test and its power, the declared limits) and every warning the records carry. Pure.
 *
 * @param dataset - one run directory ({@link loadRunDirectory})
 * @param options - {@link MethodPageOptions}
 * @returns the page, ending in one newline
 * @throws nothing for a validated dataset
 * @example
 * ```ts
 * await writeFile('runs/x86_1/reports/method_x86_1.md', renderMethodMarkdown(await loadRunDirectory('runs/x86_1')));
 * ```
 */
export function renderMethodMarkdown(dataset: Dataset, options: MethodPageOptions = {}): string {
  return renderMarkdownDocument(buildMethodPage(dataset, 'md', options.categories ?? BUILT_IN_REGISTRY));
}

/**
 * The method page of {@link renderMethodMarkdown} as a self-contained HTML document (the same
 * sections and facts; links go to the HTML summary). Pure; escapes all input.
 *
 * @param dataset - one run directory ({@link loadRunDirectory})
 * @param options - {@link MethodPageOptions}
 * @returns the HTML document, ending in one newline
 * @throws nothing for a validated dataset
 * @example
 * ```ts
 * await writeFile('runs/x86_1/reports/method_x86_1.html', renderMethodHtml(dataset));
 * ```
 */
export function renderMethodHtml(dataset: Dataset, options: MethodPageOptions = {}): string {
  return renderHtmlDocument(buildMethodPage(dataset, 'html', options.categories ?? BUILT_IN_REGISTRY));
}
