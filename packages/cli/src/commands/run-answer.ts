// The end of `ngcc-perf run`, on stdout: the answer tables of @ngcc-perf/report (`answerTables`)
// and the paths of the system index, the summary and the method page.
import path from 'node:path';
import { answerTables, loadRunDirectory, REPORT_PATHS } from '@ngcc-perf/report';

/**
 * The answer of a finished run directory ({@link answerTables}, then the paths of the index, summary
 * and method pages), as lines for stdout; empty when the run holds no report (a shard) or cannot be read.
 */
export async function renderRunAnswer(runDirectory: string): Promise<string[]> {
  const dataset = await loadRunDirectory(runDirectory).catch(() => null);
  if (dataset === null) return [];
  const systemId = dataset.campaign.systemId;
  const page = (relative: string): string => path.join(runDirectory, relative);
  return [
    ...answerTables(dataset),
    `index:   ${page(REPORT_PATHS.systemIndexHtml(systemId))}`,
    `summary: ${page(REPORT_PATHS.summaryHtml(systemId))}`,
    `method:  ${page(REPORT_PATHS.methodHtml(systemId))}`,
  ];
}
