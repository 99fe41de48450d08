import { describeArchitecture } from './internal/candidate-context.js';
import { renderMarkdownDocument } from './internal/markdown-page.js';
import { buildSection, counterSection, cpuSection, formulaSection, hostSection, planSection, warningSection } from './internal/method-sections.js';
import { codeSpan, paragraph } from './internal/report-model.js';
import type { Dataset } from './dataset.js';

/**
 * Renders the method page of one system as Markdown: the plan parameters as run (campaign plan
 * and the calibrated plan of each record: iterations, warm-ups, cold call), the counters used
 * with their measured rate, read overhead, resolution and why each was chosen, the CPUs pinned
 * and actually used, every host-state field at the start and end of the campaign with the host
 * checks, each build with its full compiler flags and library SHA-256, the tools, the formulas
 * of the derived figures (SPEC §5–6) and every warning the records carry. Pure.
 *
 * @param dataset - one run directory ({@link loadRunDirectory})
 * @returns the page, ending in one newline
 * @throws nothing for a validated dataset
 * @example
 * ```ts
 * await writeFile('runs/x86_1/reports/method_x86_1.md', renderMethodMarkdown(await loadRunDirectory('runs/x86_1')));
 * ```
 */
export function renderMethodMarkdown(dataset: Dataset): string {
  const { campaign } = dataset;
  return renderMarkdownDocument({
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
    sections: [planSection(dataset), counterSection(dataset), cpuSection(dataset), hostSection(dataset), buildSection(dataset), formulaSection(), warningSection(dataset)],
    footer: [],
  });
}
