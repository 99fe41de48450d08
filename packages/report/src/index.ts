export {
  baselineRecordFor,
  formatRecordBaselineMultiple,
  isBaselineCandidate,
  recordBaselineMultiple,
} from './baseline-figures.js';
export { CALL_MEMORY_FIGURES, CALL_MEMORY_GROWTH_LIMITS, findCallMemoryGrowth } from './call-memory-growth.js';
export type { CallMemoryFigure, CallMemoryGrowth } from './call-memory-growth.js';
export { compareInstructionCounts } from './compare-instruction-counts.js';
export type { InstructionComparison, InstructionVerdict } from './compare-instruction-counts.js';
export { compareRuns, COMPARE_RUNS_DEFAULTS } from './compare-runs.js';
export type { CompareRunsOptions, ComparisonRow, ComparisonVerdict, RunComparison } from './compare-runs.js';
export {
  COMPARISON_VERDICT_EXIT_CODES,
  comparisonExitCode,
  INSTRUCTION_VERDICT_EXIT_CODES,
  unvouchedRows,
} from './comparison-exit-code.js';
export type { ComparisonExitCodeOptions } from './comparison-exit-code.js';
export type { Dataset, DatasetRecord } from './dataset.js';
export { comparisonJson, describeComparison } from './describe-comparison.js';
export { formatMemoryBytes } from './format-memory-bytes.js';
export { loadRunDirectory, LOAD_RUN_DIRECTORY_DEFAULTS } from './load-run-directory.js';
export type { LoadRunDirectoryOptions } from './load-run-directory.js';
export { findPeakRssGrowth, PEAK_RSS_GROWTH_THRESHOLD } from './peak-rss-growth.js';
export type { PeakRssGrowth } from './peak-rss-growth.js';
export { renderCandidateHtml } from './render-candidate-html.js';
export { renderCandidateMarkdown } from './render-candidate-markdown.js';
export { renderCrossSystemSummaryHtml, renderCrossSystemSummaryMarkdown } from './render-cross-system-summary.js';
export { renderMethodHtml, renderMethodMarkdown } from './render-method-markdown.js';
export type { MethodPageOptions } from './render-method-markdown.js';
export { formatRecordHeadline, recordHeadline } from './record-headline.js';
export { RECORDS_CSV_COLUMNS, renderRecordsCsv } from './render-records-csv.js';
export { RECORDS_EXPORT_FORMAT, renderRecordsJson } from './render-records-json.js';
export { renderConstantTimeOverviewHtml, renderConstantTimeOverviewMarkdown } from './render-constant-time-overview.js';
export { renderRankingHtml, renderRankingMarkdown } from './render-ranking-page.js';
export { rankInstances } from './rank-instances.js';
export type { RankedInstance } from './rank-instances.js';
export { rankParameterSets } from './rank-parameter-sets.js';
export type {
  ParameterSetFigure,
  ParameterSetMetric,
  ParameterSetRanking,
  ParameterSetScope,
  RankedParameterSet,
  UnrankedParameterSet,
} from './rank-parameter-sets.js';
export type { RankingScope } from './internal/page-links.js';
export { REPORT_PATHS, renderRunReports, renderSite } from './render-run-reports.js';
export { renderSiteIndexHtml, renderSiteIndexMarkdown } from './render-site-index.js';
export { renderSystemIndexHtml, renderSystemIndexMarkdown } from './render-system-index.js';
export type { RenderedFile, RenderRunOptions } from './render-run-reports.js';
export { renderSystemSummaryHtml, renderSystemSummaryMarkdown } from './render-system-summary.js';
export { ReportError } from './report-error.js';
export type { ReportErrorCode, ReportErrorOptions } from './report-error.js';
export { summarizeTrials } from './summarize-trials.js';
export type { TrialSummary } from './summarize-trials.js';
export { validateRunDirectory } from './validate-run-directory.js';
export type { RunValidation, ValidationCheck, ValidationDifference } from './validation-difference.js';
export { welchTTest } from './welch-t-test.js';
export type { WelchTTestResult } from './welch-t-test.js';
export { writeCrossSystemSummary, writeRunReports, writeSite } from './write-run-reports.js';
export { copyRunEvidence } from './copy-run-evidence.js';
export {
  countKatOutcomes,
  describeKatOutcomes,
  KAT_VERDICT_MEANINGS,
  katEligible,
  katVerdictMeaning,
  NO_KAT_VERDICT,
} from './kat-verdict-meanings.js';
export type { KatOutcome, KatOutcomeCounts, KatVerdictMeaning } from './kat-verdict-meanings.js';
export { orderedRecords, splitByCategory, type CategoryDataset } from './category-datasets.js';
export { renderCategoryPageHtml, renderCategoryPageMarkdown, type CategoryPage } from './render-category-page.js';
export {
  answerHeader,
  answerTable,
  answerTables,
  WIDE_INTERVAL_MARK,
  WIDE_INTERVAL_NOTE,
} from './run-answer-tables.js';
