export { averageRanks } from './average-ranks.js';
export { baselineMultiple } from './baseline-multiple.js';
export type { BaselineMultiple } from './baseline-multiple.js';
export { CV_WARNING_LIMITS, cvWarningLimit } from './cv-warning-limit.js';
export type { CvWarningLimits } from './cv-warning-limit.js';
export { derivePrimitiveProfile } from './derive-primitive-profile.js';
export type {
  DerivedPrimitiveProfile,
  DerivedPrimitiveShare,
  PrimitiveOrigin,
  PrimitiveProfileInput,
  PrimitiveProfileRound,
} from './derive-primitive-profile.js';
export { deriveInstructionFigures } from './derive-instruction-figures.js';
export type { InstructionFigures } from './derive-instruction-figures.js';
export { deriveTrialFigures } from './derive-trial-figures.js';
export type { TrialCounts, DerivedTrialFigures } from './derive-trial-figures.js';
export { findTukeyOutliers, TUKEY_FENCE_IQR_MULTIPLE } from './find-tukey-outliers.js';
export type { TukeyOutliers } from './find-tukey-outliers.js';
export { HEADLINE_TARGET_COVERAGE, headlineFigure, medianIntervalCoverage } from './headline-figure.js';
export type { HeadlineFigure, HeadlineTrial } from './headline-figure.js';
export { recordedHeadline } from './recorded-headline.js';
export type { RecordedHeadlineFigure } from './recorded-headline.js';
export {
  formatBaselineMultiple,
  formatCoverage,
  formatHeadlineCycles,
  formatHeadlineCyclesPerByte,
} from './headline-formats.js';
export { linearQuantile } from './linear-quantile.js';
export { median } from './median.js';
export {
  formatCycles,
  formatCyclesPerByte,
  formatDigestShort,
  formatDuration,
  formatKib,
  formatMeasurementCount,
  formatOpsPerSecond,
  formatMegabytesPerSecond,
  formatSeconds,
} from './number-formats.js';
export { formatRankRange, intervalOrder, rankByIntervals } from './rank-by-intervals.js';
export type { EstablishedOrder, IntervalFigure, IntervalRank } from './rank-by-intervals.js';
export { PAIRED_MINIMUM_DIFFERENCE, pairedRatio } from './paired-ratio.js';
export type { PairedRatio } from './paired-ratio.js';
export { rankByMetrics } from './rank-by-metrics.js';
export type { MetricsRanking, RankByMetricsOptions } from './rank-by-metrics.js';
export { rankMeanRanks } from './rank-mean-ranks.js';
export type { MeanRankSpan } from './rank-mean-ranks.js';
export { metricDropEffects } from './metric-drop-effects.js';
export type { MetricDropEffect } from './metric-drop-effects.js';
export { groupSeparations } from './group-separations.js';
export type { GroupSeparation } from './group-separations.js';
export { recordTrialFigures } from './record-trial-figures.js';
export type { RecordTrialFigures } from './record-trial-figures.js';
export { StatsError } from './stats-error.js';
export type { StatsErrorCode } from './stats-error.js';
export { regularizedIncompleteBeta, studentTQuantile, studentTTwoSidedP, tCritical95 } from './student-t.js';
export { summarizeSamples } from './summarize-samples.js';
export type { SampleStats } from './summarize-samples.js';
export { expectedReruns, preemptionProbability } from './rerun-probability.js';
export { WIDE_INTERVAL_FRACTION, wideInterval } from './wide-interval.js';
