// Relative links between the pages of one run directory (layout: REPORT_PATHS), so the directory
// can be published as it is. A Markdown page links to Markdown pages, an HTML page to HTML pages.
import { link } from './report-model.js';
import type { Inline } from './report-model.js';

export type PageFormat = 'md' | 'html';

/** The top of the breadcrumb trail, as on the published pages. */
export const BREADCRUMB_ROOT = 'Performance measurements';

/** From `reports/<candidate>/`: the system's summary page. */
export function summaryFromCandidate(systemId: string, format: PageFormat): string {
  return `../summary_${systemId}.${format}`;
}

/** From `reports/<candidate>/`: the system's method page. */
export function methodFromCandidate(systemId: string, format: PageFormat): string {
  return `../method_${systemId}.${format}`;
}

/** From `reports/<candidate>/`: a file of the run directory given relative to it (a record, a KAT log). */
export function runFileFromCandidate(file: string): string {
  return `../../${file}`;
}

/** From `reports/<candidate>/`: the same candidate on another system (pages of one output directory). */
export function otherSystemFromCandidate(systemId: string, format: PageFormat): string {
  return `perf_${systemId}.${format}`;
}

/** From `reports/`: a candidate's page. */
export function candidateFromSummary(candidate: string, systemId: string, format: PageFormat): string {
  return `${candidate}/perf_${systemId}.${format}`;
}

/** From `reports/`: the method page. */
export function methodFromSummary(systemId: string, format: PageFormat): string {
  return `method_${systemId}.${format}`;
}

/** From `reports/`: an export (`records_<system>.csv` or `.json`). */
export function exportFromSummary(systemId: string, extension: 'csv' | 'json'): string {
  return `../exports/records_${systemId}.${extension}`;
}

/**
 * "Performance measurements › x86_1 › hash-15 · system: x86_1 · arm_1" — the summary linked, the
 * candidate's own system plain, the other systems of the output directory linked.
 */
export function candidateBreadcrumbs(
  candidate: string,
  systemId: string,
  otherSystems: readonly string[],
  format: PageFormat,
): Inline[] {
  const systems = [...new Set([systemId, ...otherSystems])].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const crumbs: Inline[] = [
    `${BREADCRUMB_ROOT} › `,
    link(summaryFromCandidate(systemId, format), systemId),
    ` › ${candidate} · `,
    link(methodFromCandidate(systemId, format), 'method'),
    ' · system: ',
  ];
  systems.forEach((system, index) => {
    if (index > 0) crumbs.push(' · ');
    crumbs.push(system === systemId ? system : link(otherSystemFromCandidate(system, format), system));
  });
  return crumbs;
}
