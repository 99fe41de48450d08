import { describeArchitecture } from './internal/candidate-context.js';
import { buildConstantTimeSection } from './internal/constant-time-section.js';
import { renderHtmlDocument } from './internal/html-page.js';
import { renderMarkdownDocument } from './internal/markdown-page.js';
import { candidateFindingsFromReports, systemPageBreadcrumbs } from './internal/page-links.js';
import type { PageFormat } from './internal/page-links.js';
import { codeSpan, link, paragraph } from './internal/report-model.js';
import type { PageModel, ReportSection } from './internal/report-model.js';
import type { CategoryDataset } from './category-datasets.js';
import type { Dataset } from './dataset.js';
import { categoryConstantTimeSection } from './render-category-pages.js';
import type { SystemPageOptions } from './system-page-options.js';

/**
 * The overview's opening for a run without hash instances: how many instances of the other
 * categories were audited, how many are secret-dependent and with how many findings.
 */
function otherCategoriesIntro(groups: readonly CategoryDataset[]): string {
  const instances = groups.flatMap((group) => group.instances);
  const audited = instances.filter((entry) => entry.ct != null && (entry.ct.operations ?? []).length > 0);
  if (audited.length === 0)
    return 'No instance was audited in this run (the campaign ran without its ct phase, or its categories have no constant-time harness); each category follows with the verdict build.json holds for each instance.';
  const dependent = audited.filter((entry) => entry.ct!.verdict === 'secret-dependent');
  const findings = dependent.reduce((sum, entry) => sum + entry.ct!.findings.length, 0);
  return (
    `${audited.length} of ${instances.length} instances audited; ${dependent.length} secret-dependent with ${findings} finding${findings === 1 ? '' : 's'} in all. ` +
    'Each category’s operations were run again, built with the same flags plus -g, with the secret buffers the category declares marked (the method page lists them per operation); each candidate’s page names every finding by its line and the line where the secret entered.'
  );
}

function buildOverviewPage(dataset: Dataset, format: PageFormat, options: SystemPageOptions): PageModel {
  const systemId = dataset.campaign.systemId;
  const candidates = [...new Set(dataset.build.instances.map((entry) => entry.candidate))];
  const sections = candidates.flatMap((candidate, index): ReportSection[] => {
    const instances = dataset.build.instances.filter((entry) => entry.candidate === candidate);
    const section = buildConstantTimeSection(instances);
    const heading = `${candidate} — ${instances[0]!.algorithm}`;
    const id = `candidate-${index + 1}`;
    if (section === null) return [{ heading, id, blocks: [paragraph('Not audited in this run.')] }];
    return [
      {
        heading,
        id,
        blocks: [
          paragraph(
            'On the candidate’s page: ',
            link(candidateFindingsFromReports(candidate, systemId, format), `${candidate}, constant-time audit`),
            '.',
          ),
          // the candidate page's tables and per-instance limits, without its method paragraph (said once, above)
          ...section.blocks.slice(1),
        ],
      },
    ];
  });
  const audited = dataset.build.instances.filter((entry) => entry.ct !== undefined && entry.ct !== null);
  const dependent = audited.filter((entry) => entry.ct!.verdict === 'secret-dependent');
  const findings = dependent.reduce((sum, entry) => sum + entry.ct!.findings.length, 0);
  return {
    title: `Constant-time audit — every candidate (system ${systemId}, ${describeArchitecture(dataset.campaign.environmentAtStart.architecture)})`,
    breadcrumbs: systemPageBreadcrumbs(systemId, 'constant-time', format),
    intro: [
      paragraph(
        dataset.build.instances.length === 0 && (options.otherCategories ?? []).length > 0
          ? otherCategoriesIntro(options.otherCategories ?? [])
          : audited.length === 0
            ? 'No instance was audited in this run (the campaign ran without its ct phase).'
            : `${audited.length} of ${dataset.build.instances.length} instances audited; ${dependent.length} secret-dependent with ${findings} finding${findings === 1 ? '' : 's'} in all. ` +
              'Each library was run again, built with the same flags plus -g, under valgrind memcheck with the message marked secret: a branch or a table index computed from message bytes is a finding, named by its line and the line where the secret entered, and so is an integer division whose operands changed with the message at run time (divisions of public values are listed apart). The timing test is evidence only. Where a candidate has a memory-index finding its list is a lower bound (later uses of a looked-up value are not seen); the limits under each candidate and the method page say what the audit cannot see.',
      ),
    ],
    sections: [
      ...sections,
      ...(options.otherCategories ?? []).map((group) => categoryConstantTimeSection(group, systemId, format)),
    ],
    footer: [
      paragraph(
        'Rendered from ',
        codeSpan('build.json'),
        ' of the run directory; rendering it again gives the same page.',
      ),
    ],
  };
}

/**
 * Renders a system's constant-time overview as Markdown: every finding of every candidate on one
 * page — per candidate the verdict table and the findings table of its own page (build.json
 * `ct`), with a link to that page's section; then one section per category other than hash
 * (`options.otherCategories`), its instances' verdicts. Pure.
 *
 * @param dataset - one run directory ({@link loadRunDirectory})
 * @param options - `otherCategories`: the instances of categories other than hash (`splitByCategory`)
 * @returns the page, ending in one newline
 * @example
 * ```ts
 * await writeFile('runs/x86_1/reports/constant-time_x86_1.md', renderConstantTimeOverviewMarkdown(dataset));
 * ```
 */
export function renderConstantTimeOverviewMarkdown(dataset: Dataset, options: SystemPageOptions = {}): string {
  return renderMarkdownDocument(buildOverviewPage(dataset, 'md', options));
}

/**
 * The page of {@link renderConstantTimeOverviewMarkdown} as self-contained HTML. Pure; escapes all input.
 *
 * @param dataset - one run directory ({@link loadRunDirectory})
 * @param options - as the Markdown form
 * @returns the HTML document, ending in one newline
 * @example
 * ```ts
 * await writeFile('runs/x86_1/reports/constant-time_x86_1.html', renderConstantTimeOverviewHtml(dataset));
 * ```
 */
export function renderConstantTimeOverviewHtml(dataset: Dataset, options: SystemPageOptions = {}): string {
  return renderHtmlDocument(buildOverviewPage(dataset, 'html', options));
}
