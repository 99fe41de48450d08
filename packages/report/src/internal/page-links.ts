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

/**
 * From `reports/<candidate>/`: a file of the run directory given relative to it (a record, a KAT
 * log); with `copiedTo`, the folder of the output where the run's files were copied (`evidence/x86_1`).
 */
export function runFileFromCandidate(file: string, copiedTo?: string): string {
  return copiedTo === undefined ? `../../${file}` : `../../${copiedTo}/${file}`;
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
 * "Performance measurements › x86_1 › hash-15 · system: x86_1 · arm_1" — the site index and the
 * system's index linked, the candidate's own system plain, the other systems of the output
 * directory linked.
 */
export function candidateBreadcrumbs(
  candidate: string,
  systemId: string,
  otherSystems: readonly string[],
  format: PageFormat,
): Inline[] {
  const systems = [...new Set([systemId, ...otherSystems])].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const crumbs: Inline[] = [
    link(`../index.${format}`, BREADCRUMB_ROOT),
    ' › ',
    link(`../index_${systemId}.${format}`, systemId),
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

/** What a ranking page ranks: a security target's bits (128, 256, 512, or another a public-key set claims), or every instance. */
export type RankingScope = number | 'instances';

/** From `reports/`: the site index (systems × candidates). */
export function siteIndexFromReports(format: PageFormat): string {
  return `index.${format}`;
}

/** From `reports/`: a system's index (every candidate, the baseline, links to every page). */
export function systemIndexFromReports(systemId: string, format: PageFormat): string {
  return `index_${systemId}.${format}`;
}

/** From `reports/`: a ranking page of a system. */
export function rankingFromReports(systemId: string, scope: RankingScope, format: PageFormat): string {
  return `ranking_${systemId}_${scope}.${format}`;
}

/** From `reports/`: a system's constant-time overview. */
export function constantTimeFromReports(systemId: string, format: PageFormat): string {
  return `constant-time_${systemId}.${format}`;
}

/** From `reports/`: the summary page of a system. */
export function summaryFromReports(systemId: string, format: PageFormat): string {
  return `summary_${systemId}.${format}`;
}

/** From `reports/`: a candidate page's KAT section (§3, id `kat`; the Markdown heading's anchor). */
export function candidateKatFromReports(candidate: string, systemId: string, format: PageFormat): string {
  return `${candidateFromSummary(candidate, systemId, format)}#${format === 'html' ? 'kat' : '3-functional-testing-kat'}`;
}

/** From `reports/`: a candidate page's constant-time section (HTML id, or the Markdown heading's anchor). */
export function candidateFindingsFromReports(candidate: string, systemId: string, format: PageFormat): string {
  return `${candidateFromSummary(candidate, systemId, format)}#${format === 'html' ? 'constant-time' : 'constant-time-audit'}`;
}

/**
 * The breadcrumbs of a system-level page in `reports/`: "Performance measurements › x86_1 › page"
 * with the site index and the system index linked.
 */
export function systemPageBreadcrumbs(systemId: string, page: string, format: PageFormat): Inline[] {
  return [
    link(siteIndexFromReports(format), BREADCRUMB_ROOT),
    ' › ',
    link(systemIndexFromReports(systemId, format), systemId),
    ` › ${page} · `,
    link(methodFromSummary(systemId, format), 'method'),
  ];
}
