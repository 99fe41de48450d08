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
import type { Dataset } from '../dataset.js';

/** The ranking pages of a system, in the order the index lists them. */
export const RANKING_SCOPES: readonly RankingScope[] = [128, 256, 512, 'instances'];

/**
 * The ranking pages, each linked only when it ranks an instance: a target with no eligible instance
 * is named as such instead of linking a page that says so.
 */
function rankingLinks(dataset: Dataset, format: PageFormat): Inline[] {
  const systemId = dataset.campaign.systemId;
  const item = (scope: RankingScope, label: string): Inline[] => {
    const ranking = scope === 'instances' ? buildInstanceRanking(dataset) : buildTargetRanking(dataset, scope);
    return ranking.rows.length > 0
      ? [link(rankingFromReports(systemId, scope, format), label)]
      : [`${label} (no eligible instance)`];
  };
  return [
    'ranking by security target: ',
    ...item(128, '128-bit'),
    ', ',
    ...item(256, '256-bit'),
    ', ',
    ...item(512, '512-bit'),
    '; ',
    ...item('instances', 'every instance'),
  ];
}

/** One list item per system page. */
export function systemPageLinks(dataset: Dataset, format: PageFormat): Inline[][] {
  const systemId = dataset.campaign.systemId;
  return [
    rankingLinks(dataset, format),
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
