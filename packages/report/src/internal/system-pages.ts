// The list of a system's pages, from `reports/`: the index, the ranking pages, the constant-time
// overview, the summary, the method page and the exports. The system index and the site index
// both show it, so every page is one click from an index.
import {
  exportFromSummary,
  methodFromSummary,
  constantTimeFromReports,
  rankingFromReports,
  summaryFromReports,
} from './page-links.js';
import type { PageFormat, RankingScope } from './page-links.js';
import { codeSpan, link } from './report-model.js';
import type { Inline } from './report-model.js';
import { buildInstanceRanking, buildTargetRanking } from './ranking-model.js';
import { buildCategoryTargetRanking, categoryTargets } from './category-ranking-model.js';
import type { Dataset } from '../dataset.js';
import type { CategoryDataset } from '../category-datasets.js';

/** The hash targets, whose ranking pages every system has. */
const HASH_TARGETS: readonly number[] = [128, 256, 512];

/**
 * The ranking pages of a system, in the order the index lists them: the 128-, 256- and 512-bit
 * targets, every other target a parameter set of another category claims (192, 384…), every instance.
 */
export function rankingScopes(others: readonly CategoryDataset[] = []): RankingScope[] {
  const claimed = others.flatMap((group) => categoryTargets(group));
  const targets = [...new Set([...HASH_TARGETS, ...claimed])].sort((a, b) => a - b);
  return [...targets, 'instances'];
}

/**
 * The ranking pages, each linked only when it ranks an instance: a target with no eligible instance
 * is named as such instead of linking a page that says so.
 */
function rankingLinks(dataset: Dataset, format: PageFormat, others: readonly CategoryDataset[]): Inline[] {
  const systemId = dataset.campaign.systemId;
  const item = (scope: RankingScope, label: string): Inline[] => {
    const ranking = scope === 'instances' ? buildInstanceRanking(dataset) : buildTargetRanking(dataset, scope);
    const ranksOthers =
      scope !== 'instances' && others.some((group) => buildCategoryTargetRanking(group, scope).rows.length > 0);
    return ranking.rows.length > 0 || ranksOthers
      ? [link(rankingFromReports(systemId, scope, format), label)]
      : [`${label} (no eligible instance)`];
  };
  const targets = rankingScopes(others).filter((scope): scope is number => scope !== 'instances');
  return [
    'ranking by security target: ',
    ...targets.flatMap((bits, index) => [...(index === 0 ? [] : [', ']), ...item(bits, `${bits}-bit`)]),
    '; ',
    ...item('instances', 'every instance'),
  ];
}

/**
 * One list item per system page.
 *
 * @param dataset - the system's hash instances (`splitByCategory`'s `hash`)
 * @param others - its instances of other categories, ranked per claimed target on the same pages
 */
export function systemPageLinks(
  dataset: Dataset,
  format: PageFormat,
  others: readonly CategoryDataset[] = [],
): Inline[][] {
  const systemId = dataset.campaign.systemId;
  return [
    rankingLinks(dataset, format, others),
    [link(constantTimeFromReports(systemId, format), 'constant-time audit'), ': every finding of every candidate'],
    [link(summaryFromReports(systemId, format), 'summary'), ': every instance with its trial CV and notes'],
    [link(methodFromSummary(systemId, format), 'method'), ': plan, counter, host state, builds'],
    [
      'exports: ',
      link(exportFromSummary(systemId, 'csv'), codeSpan(`records_${systemId}.csv`)),
      ', ',
      link(exportFromSummary(systemId, 'json'), codeSpan(`records_${systemId}.json`)),
    ],
  ];
}
