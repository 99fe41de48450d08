export { buildInstanceSchema, buildManifestSchema, BUILD_FORMAT, katVerdictSchema } from './build-manifest-schema.js';
export type { BuildInstance, BuildManifest, KatVerdict } from './build-manifest-schema.js';
export { campaignSchema, CAMPAIGN_FORMAT } from './campaign-schema.js';
export type { Campaign } from './campaign-schema.js';
export type { Dataset, DatasetRecord } from './dataset.js';
export { hostEnvironmentSchema } from './host-environment-schema.js';
export type { HostEnvironment } from './host-environment-schema.js';
export { loadRunDirectory, LOAD_RUN_DIRECTORY_DEFAULTS } from './load-run-directory.js';
export type { LoadRunDirectoryOptions } from './load-run-directory.js';
export {
  formatCycles,
  formatCyclesPerByte,
  formatDigestShort,
  formatKib,
  formatMeasurementCount,
  formatMegabytesPerSecond,
  formatSeconds,
} from './number-formats.js';
export { findPeakRssGrowth, PEAK_RSS_GROWTH_THRESHOLD } from './peak-rss-growth.js';
export type { PeakRssGrowth } from './peak-rss-growth.js';
export {
  counterSchema,
  derivedFiguresSchema,
  processEntrySchema,
  RECORD_FORMAT,
  timingRecordSchema,
  trialSchema,
} from './record-schema.js';
export type { CompleteTimingRecord, CounterInfo, DerivedFigures, ProcessEntry, TimingRecord, Trial } from './record-schema.js';
export { renderCandidateHtml } from './render-candidate-html.js';
export { renderCandidateMarkdown } from './render-candidate-markdown.js';
export { ReportError } from './report-error.js';
export type { ReportErrorCode } from './report-error.js';
export { summarizeTrials } from './summarize-trials.js';
export type { TrialSummary } from './summarize-trials.js';
