// The constant-time verdict beside a candidate on the index and ranking pages: a coloured badge
// linking to the findings on the candidate's page. It never changes an order.
import type { BuildInstance } from '@ngcc-perf/record';
import { candidateFindingsFromReports } from './page-links.js';
import type { PageFormat } from './page-links.js';
import { link } from './report-model.js';
import type { Inline } from './report-model.js';

/** The badge cell of one instance, from `reports/`: a link to its findings, `⚠ 3 findings`, `constant-time` or `unknown`. */
export function constantTimeBadge(entry: BuildInstance, systemId: string, format: PageFormat): Inline[] {
  const ct = entry.ct;
  if (ct === undefined || ct === null) return ['not audited'];
  const href = candidateFindingsFromReports(entry.candidate, systemId, format);
  if (ct.verdict === 'secret-dependent') {
    const count = ct.findings.length;
    return [link(href, `⚠ ${count} finding${count === 1 ? '' : 's'}`)];
  }
  return [link(href, ct.verdict === 'unknown' ? 'unknown' : 'constant-time')];
}
