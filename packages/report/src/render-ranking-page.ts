import { katVerdictMeaning } from './kat-verdict-meanings.js';
import { describeArchitecture } from './internal/candidate-context.js';
import { counterTerm } from './internal/counter-term.js';
import { headlineIntervalWords, pairedRoundsWords } from './internal/headline-words.js';
import { renderHtmlDocument } from './internal/html-page.js';
import { renderMarkdownDocument } from './internal/markdown-page.js';
import { systemPageBreadcrumbs } from './internal/page-links.js';
import type { PageFormat, RankingScope } from './internal/page-links.js';
import { buildInstanceRanking, buildTargetRanking, SECURITY_TARGETS } from './internal/ranking-model.js';
import { renderedFromFooter } from './internal/rendered-from-footer.js';
import { link, paragraph } from './internal/report-model.js';
import type { Block, PageModel } from './internal/report-model.js';
import { describeDatasetCounters } from './internal/summary-rows.js';
import { buildInstructionRankingSection } from './internal/instruction-ranking.js';
import { categoryRankingSections } from './internal/category-ranking-section.js';
import { apartTable, rankingTable } from './internal/hash-ranking-tables.js';
import { notRankedCategoriesSection } from './render-category-pages.js';
import { dropEffectWords } from './internal/ranking-words.js';
import { isBaselineCandidate } from './baseline-figures.js';
import type { SystemPageOptions } from './system-page-options.js';
import type { Dataset } from './dataset.js';

function scopeTitle(scope: RankingScope, hash: boolean): string {
  if (scope === 'instances') return 'every instance';
  const target = SECURITY_TARGETS.find((item) => item.targetBits === scope);
  return target === undefined || !hash
    ? `${scope}-bit security target`
    : `${scope}-bit security target, digest ${target.digestBits} bits`;
}

/** Whether the run holds hash instances other than the campaign's baseline. */
const hasHashCandidates = (dataset: Dataset): boolean =>
  dataset.build.instances.some((entry) => !isBaselineCandidate(dataset, entry));

function buildRankingPage(
  dataset: Dataset,
  scope: RankingScope,
  format: PageFormat,
  options: SystemPageOptions,
): PageModel {
  const { campaign } = dataset;
  const term = counterTerm(dataset.records.map(({ record }) => record)).perCall;
  const ranking = scope === 'instances' ? buildInstanceRanking(dataset) : buildTargetRanking(dataset, scope);
  const target = scope === 'instances' ? undefined : SECURITY_TARGETS.find((item) => item.targetBits === scope);
  const eligibility =
    scope === 'instances'
      ? 'Every instance that passed its KAT is ranked on its own, whatever its candidate and output length.'
      : `Eligible are the instances of ${target?.digestBits ?? 'no'}-bit digests (an XOF at the output length it was measured at) that passed their KAT; each candidate is ranked by one of them — its reference implementation version, else the one with the fewest ${term} at the longest message — and its other instances at this length are listed under it, not ranked.`;
  const excluded = ranking.excluded.map(
    (entry) =>
      `${entry.candidate}/${entry.instance} (KAT ${entry.kat ?? 'none'}: ${katVerdictMeaning(entry.kat).short})`,
  );
  const memory = apartTable(ranking);
  const table: Block[] =
    ranking.rows.length === 0
      ? [
          paragraph(
            scope !== 'instances' && target === undefined
              ? `No hash digest length serves the ${scope}-bit target (the published comparison's hash targets are 128, 256 and 512 bits).`
              : `No instance is eligible on system ${campaign.systemId}.`,
          ),
        ]
      : [rankingTable(dataset, ranking, scope, format)];
  // in the page's counter term: a ranking without rows was given no records to name the counter by
  const labels = ranking.metrics.map((metric) => metric.label.replace(/\b(cycles|ticks)\b/, term));
  const entering = labels.filter((_, index) => ranking.metrics[index]!.enters);
  const name = (row: number): string => `${ranking.rows[row]!.entry.candidate}/${ranking.rows[row]!.entry.instance}`;
  const others = options.otherCategories ?? [];
  const hash = hasHashCandidates(dataset) || others.length === 0;
  return {
    title: `Ordered measurements — ${scopeTitle(scope, hash)} (system ${campaign.systemId}, ${describeArchitecture(campaign.environmentAtStart.architecture)})`,
    breadcrumbs: systemPageBreadcrumbs(campaign.systemId, `ranking ${scope}`, format),
    intro: [
      paragraph(
        'Fewest first, each metric ranked on its own; a range such as “3–5” means the trials cannot tell those instances apart, so no order on this page is noise. ',
        link('#how-ranked', 'How the ranks are made'),
        '.',
      ),
    ],
    sections: [
      ...(hash
        ? [
            { heading: 'Ranking', id: 'ranking', blocks: table },
            ...(memory === null ? [] : [{ heading: 'Memory, ranked apart', id: 'memory', blocks: [memory] }]),
            ...[buildInstructionRankingSection(dataset, ranking)].flatMap((section) =>
              section === null ? [] : [section],
            ),
          ]
        : []),
      ...(scope === 'instances'
        ? notRankedCategoriesSection(others)
        : categoryRankingSections(others, scope, campaign.systemId, format)),
      ...(hash
        ? [
            {
              heading: 'How the ranks are made',
              id: 'how-ranked',
              blocks: [
                paragraph(
                  `${eligibility} Each metric is ranked on its own, fewest first: ${term} per call at each message length (the headline figure: the median of the trial means, with its order-statistic interval: ${headlineIntervalWords(campaign.plan.trials)}) and, apart from speed, the static image, the stack high-water and the heap peak of one call (the largest over the message lengths). `,
                  ...describeDatasetCounters(dataset),
                ),
                paragraph(
                  `Two instances measured in turns — the campaign interleaves the trials of one message length, trial k of each in one round — are compared round by round: the ratio of their trial means in each round, so that a change of the host that lasts a round falls on both and cancels. Their difference is established by the order-statistic interval of the median ratio (${pairedRoundsWords(campaign.plan.trials)}). Instances not measured in turns (another run, a remeasured record) are told apart only when their headline intervals are disjoint. ` +
                    'Instances whose difference is not established — directly or through a chain of such pairs — share a rank range (“3–5”) and its average position, and they are listed by name. Equal exact figures (two images of the same size) share the average position (“2.5”), as on the published pages. ' +
                    `A candidate’s overall figure is its mean rank over ${entering.length === 0 ? `${term} per call at each message length` : entering.join(', ')}, the published comparison’s metrics${labels.length > entering.length ? '; the memory figures are ranked apart, in their own table, and do not enter it' : ''}. The overall range is what the metrics’ ranges force on the mean rank: an instance is ahead of another only when its worst possible mean rank (each metric at the worst position of its range) is below the other’s best, and its range runs from one more than the instances surely ahead of it to the count less those surely behind it, so that no chain of neighbours widens it. The last column says, at the end of each group, what parts it from the next. The constant-time verdict links to the findings; it does not change the order.`,
                ),
                ...(ranking.rows.length === 0
                  ? []
                  : [
                      paragraph(
                        `The rule’s effect, metric by metric: ${dropEffectWords(ranking.dropEffects, labels, name)}`,
                      ),
                    ]),
              ],
            },
          ]
        : []),
      ...(excluded.length === 0
        ? []
        : [
            {
              heading: 'Not eligible',
              id: 'not-eligible',
              blocks: [paragraph(`Did not pass their KAT, so not ranked: ${excluded.join(', ')}.`)],
            },
          ]),
    ],
    footer: renderedFromFooter(['build.json']),
  };
}

/**
 * Renders one ranking page of a system as Markdown ("ordered measurements", the NGCC site's ordered measurements): for a
 * security target (128, 256, 512, or another a public-key set claims) one representative instance
 * per candidate of the target's digest length that passed its KAT, or every such instance
 * (`'instances'`); each metric — cycles at 32 B, 1 KiB and 64 KiB (or the summary's sizes), and
 * apart from the overall rank static image, stack high-water, heap peak — ranked on its own by
 * `rankByMetrics` of @ngcc-perf/stats, instances whose difference the trials cannot establish
 * (paired rounds of one batch, else overlapping intervals) sharing a rank range; the overall range
 * what the cycle metrics' ranges force on the mean rank, what parts each group from the next, and
 * the effect of leaving each metric out; the constant-time badge; then each other category's
 * ranking at the target (its `rankingMetrics`, one parameter set per candidate). Pure.
 *
 * @param dataset - one run directory's hash instances ({@link loadRunDirectory}, `splitByCategory`)
 * @param scope - a target's bits (`128`, `256`, `512`, `192`…) or `'instances'`
 * @param options - `otherCategories`: instances of categories other than hash, ranked per claimed target after the hash table (on `'instances'`: named, with a pointer to the target pages)
 * @returns the page, ending in one newline
 * @throws {@link ReportError} `INVALID_NUMBER` when a record holds a negative or non-finite figure
 * @example
 * ```ts
 * await writeFile('runs/x86_1/reports/ranking_x86_1_256.md', renderRankingMarkdown(dataset, 256));
 * ```
 */
export function renderRankingMarkdown(dataset: Dataset, scope: RankingScope, options: SystemPageOptions = {}): string {
  return renderMarkdownDocument(buildRankingPage(dataset, scope, 'md', options));
}

/**
 * The ranking page of {@link renderRankingMarkdown} as self-contained HTML. Pure; escapes all input.
 *
 * @param dataset - one run directory ({@link loadRunDirectory})
 * @param scope - `128`, `256`, `512` or `'instances'`
 * @param options - as the Markdown form
 * @returns the HTML document, ending in one newline
 * @throws {@link ReportError} `INVALID_NUMBER` as the Markdown form
 * @example
 * ```ts
 * await writeFile('runs/x86_1/reports/ranking_x86_1_256.html', renderRankingHtml(dataset, 256));
 * ```
 */
export function renderRankingHtml(dataset: Dataset, scope: RankingScope, options: SystemPageOptions = {}): string {
  return renderHtmlDocument(buildRankingPage(dataset, scope, 'html', options));
}
