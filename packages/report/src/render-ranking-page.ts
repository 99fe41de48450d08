import { katVerdictMeaning } from './kat-verdict-meanings.js';
import { formatRankRange } from '@ngcc-perf/stats';
import { describeArchitecture } from './internal/candidate-context.js';
import { constantTimeBadge } from './internal/constant-time-badge.js';
import { counterTerm } from './internal/counter-term.js';
import { headlineIntervalWords, pairedRoundsWords } from './internal/headline-words.js';
import { renderHtmlDocument } from './internal/html-page.js';
import { renderMarkdownDocument } from './internal/markdown-page.js';
import { candidateFromSummary, systemPageBreadcrumbs } from './internal/page-links.js';
import type { PageFormat, RankingScope } from './internal/page-links.js';
import { buildInstanceRanking, buildTargetRanking, SECURITY_TARGETS } from './internal/ranking-model.js';
import type { MeasuredInstance, Ranking, RankingRow } from './internal/ranking-model.js';
import { renderedFromFooter } from './internal/rendered-from-footer.js';
import { codeSpan, link, paragraph } from './internal/report-model.js';
import type { Block, Inline, PageModel } from './internal/report-model.js';
import { describeDatasetCounters } from './internal/summary-rows.js';
import { buildInstructionRankingSection } from './internal/instruction-ranking.js';
import { notRankedCategoriesSection } from './render-category-pages.js';
import type { SystemPageOptions } from './system-page-options.js';
import type { Dataset } from './dataset.js';

function figureCells(ranking: Ranking, item: MeasuredInstance, row: RankingRow | null): Inline[][] {
  return ranking.metrics.map((metric, index) => {
    const figure = item.figures[index];
    if (figure === null || figure === undefined) return ['—'];
    const rank = row?.ranking.metricRanks[index];
    const value = metric.format(figure);
    return [rank === null || rank === undefined ? value : `${value} · ${formatRankRange(rank)}`];
  });
}

function rankingTable(dataset: Dataset, ranking: Ranking, scope: RankingScope, format: PageFormat): Block {
  const systemId = dataset.campaign.systemId;
  const term = counterTerm(dataset.records.map(({ record }) => record)).perCall;
  // candidate and instance in one cell, so that the figures fit beside them on a narrow screen
  const instanceCell = (item: MeasuredInstance, under: boolean): Inline[] => [
    ...(under
      ? ['↳ ']
      : [link(candidateFromSummary(item.entry.candidate, systemId, format), item.entry.candidate), ' ']),
    codeSpan(item.entry.instance),
    ...(item.entry.version === null || item.entry.version === undefined ? [] : [` (${item.entry.version})`]),
  ];
  const rows = ranking.rows.flatMap((row): Inline[][][] => [
    [
      [row.ranking.overall === null ? '—' : formatRankRange(row.ranking.overall)],
      instanceCell(row, false),
      constantTimeBadge(row.entry, systemId, format),
      [row.ranking.meanRank === null ? '—' : row.ranking.meanRank.toFixed(2)],
      ...figureCells(ranking, row, row),
    ],
    ...row.others.map((other): Inline[][] => [
      ['not ranked'],
      instanceCell(other, true),
      constantTimeBadge(other.entry, systemId, format),
      ['—'],
      ...figureCells(ranking, other, null),
    ]),
  ]);
  return {
    kind: 'table',
    caption:
      scope === 'instances'
        ? `Every instance that passed its KAT, best first; each figure (${term} with their interval) · its rank range`
        : `One instance per candidate, best first; each figure (${term} with their interval) · its rank range`,
    headers: [
      'rank',
      scope === 'instances' ? 'candidate and instance' : 'candidate and instance ranked',
      'constant-time',
      'mean rank',
      ...ranking.metrics.map((metric) => `${metric.label} · rank`),
    ],
    numeric: [true, false, false, true, ...ranking.metrics.map(() => true)],
    rows,
  };
}

function scopeTitle(scope: RankingScope): string {
  if (scope === 'instances') return 'every instance';
  const { digestBits } = SECURITY_TARGETS.find((target) => target.targetBits === scope)!;
  return `${scope}-bit security target, digest ${digestBits} bits`;
}

function buildRankingPage(
  dataset: Dataset,
  scope: RankingScope,
  format: PageFormat,
  options: SystemPageOptions,
): PageModel {
  const { campaign } = dataset;
  const term = counterTerm(dataset.records.map(({ record }) => record)).perCall;
  const ranking = scope === 'instances' ? buildInstanceRanking(dataset) : buildTargetRanking(dataset, scope);
  const eligibility =
    scope === 'instances'
      ? 'Every instance that passed its KAT is ranked on its own, whatever its candidate and output length.'
      : `Eligible are the instances of ${SECURITY_TARGETS.find((target) => target.targetBits === scope)!.digestBits}-bit digests (an XOF at the output length it was measured at) that passed their KAT; each candidate is ranked by one of them — its reference implementation version, else the one with the fewest ${term} at the longest message — and its other instances at this length are listed under it, not ranked.`;
  const excluded = ranking.excluded.map(
    (entry) =>
      `${entry.candidate}/${entry.instance} (KAT ${entry.kat ?? 'none'}: ${katVerdictMeaning(entry.kat).short})`,
  );
  const table: Block[] =
    ranking.rows.length === 0
      ? [paragraph(`No instance is eligible on system ${campaign.systemId}.`)]
      : [rankingTable(dataset, ranking, scope, format)];
  return {
    title: `Ordered measurements — ${scopeTitle(scope)} (system ${campaign.systemId}, ${describeArchitecture(campaign.environmentAtStart.architecture)})`,
    breadcrumbs: systemPageBreadcrumbs(campaign.systemId, `ranking ${scope}`, format),
    intro: [
      paragraph(
        'Fewest first, each metric ranked on its own; a range such as “3–5” means the trials cannot tell those instances apart, so no order on this page is noise. ',
        link('#how-ranked', 'How the ranks are made'),
        '.',
      ),
    ],
    sections: [
      { heading: 'Ranking', id: 'ranking', blocks: table },
      ...[buildInstructionRankingSection(dataset, ranking)].flatMap((section) => (section === null ? [] : [section])),
      ...notRankedCategoriesSection(options.otherCategories ?? []),
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
              'A candidate’s overall figure is its mean rank over the metrics it has; the overall rank ranks the mean ranks the same way, each mean rank spanning the mean of its best to the mean of its worst positions. The constant-time verdict links to the findings; it does not change the order.',
          ),
        ],
      },
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
 * security target (128, 256, 512) one representative instance per candidate of the target's
 * digest length that passed its KAT, or every such instance (`'instances'`); each metric — cycles
 * at 32 B, 1 KiB and 64 KiB (or the summary's sizes), static image, stack high-water, heap peak —
 * ranked on its own by `rankByMetrics` of @ngcc-perf/stats, instances whose difference the trials
 * cannot establish (paired rounds of one batch, else overlapping intervals) sharing a rank range; the overall rank by mean rank; the constant-time badge. Pure.
 *
 * @param dataset - one run directory ({@link loadRunDirectory})
 * @param scope - `128`, `256`, `512` or `'instances'`
 * @param options - `otherCategories`: instances of categories other than hash, named as not ranked (no ranking for their category yet)
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
