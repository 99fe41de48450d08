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

/** The ranking pages of a system, in the order the index lists them. */
export const RANKING_SCOPES: readonly RankingScope[] = [128, 256, 512, 'instances'];

/** One list item per system page. */
export function systemPageLinks(systemId: string, format: PageFormat): Inline[][] {
  return [
    [
      'ranking by security target: ',
      link(rankingFromReports(systemId, 128, format), '128-bit'),
      ', ',
      link(rankingFromReports(systemId, 256, format), '256-bit'),
      ', ',
      link(rankingFromReports(systemId, 512, format), '512-bit'),
      '; ',
      link(rankingFromReports(systemId, 'instances', format), 'every instance'),
    ],
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
