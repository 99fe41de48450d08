import type { SampleStats, TukeyOutliers } from '@ngcc-perf/stats';
import type { DisturbanceCode, DisturbedReason, RerunStop } from '../trial-types.js';
import { outlierWarning, type CounterKind, type CpuQuota } from '@ngcc-perf/record';
import { cpuQuotaFigures } from '../describe-cpu-quota.js';

/** What the warnings look at, per trial. */
export interface WarningTrial {
  disturbed?: true;
  disturbedReasons?: readonly DisturbedReason[];
  rerunStopped?: RerunStop;
}

const DISTURBANCE_LABEL: Record<DisturbanceCode, string> = {
  'slow-clock': 'a core clock below 95 % of nominal',
  'context-switch': 'involuntary context switches',
  migration: 'CPU migrations',
};

const STOP_LABEL: Record<RerunStop, string> = {
  'max-attempts': 'all 3 attempts were disturbed',
  budget: 'a rerun would have overrun the budget',
  futile: 'reruns had proved futile on this host',
};

const percent = (fraction: number) => `${(fraction * 100).toFixed(2)} %`;

/**
 * The record's warning sentences, in a fixed order: too few trials, CV above its limit, each
 * outlier trial, each disturbed trial that was kept, then one line per flag-only disturbance, and
 * last, under a CFS CPU quota, the quota as the cause (the CV warning then asks to lift it, not for
 * a quieter host).
 */
export function derivationWarnings(
  trials: readonly WarningTrial[],
  trialMeansCycles: readonly number[],
  stats: SampleStats,
  outliers: TukeyOutliers,
  cvLimit: number,
  messageBytes: number,
  longMessageBytes: number,
  counterKind: CounterKind | null,
  cpuQuota: CpuQuota | null = null,
): string[] {
  const warnings: string[] = [];
  if (trials.length < 2) {
    warnings.push(`only ${trials.length} trial completed: no spread, confidence interval or outlier test`);
  }
  if (stats.cv !== null && stats.cv > cvLimit) {
    const range =
      messageBytes >= longMessageBytes
        ? `messages of ${longMessageBytes} B or more`
        : `messages under ${longMessageBytes} B`;
    warnings.push(
      `CV of the trial means is ${percent(stats.cv)}, above the ${percent(cvLimit)} limit for ${range}: ` +
        (cpuQuota === null
          ? 'the trials disagree; measure on a quieter host or with longer trials'
          : `the trials disagree under the CFS CPU quota of ${cpuQuotaFigures(cpuQuota)}; lift the quota: the host's other work is not the cause`),
    );
  }
  for (const index of outliers.outlierIndices) {
    warnings.push(outlierWarning(index, trialMeansCycles[index] ?? Number.NaN, outliers, counterKind));
  }
  trials.forEach((trial, index) => {
    if (trial.disturbed !== true) return;
    const codes = (trial.disturbedReasons ?? []).filter((reason) => reason.rerun).map((reason) => reason.code);
    const why = trial.rerunStopped === undefined ? '' : `: ${STOP_LABEL[trial.rerunStopped]}`;
    warnings.push(`trial ${index + 1} was kept although disturbed (${[...new Set(codes)].join(', ')})${why}`);
  });
  const flaggedOnly = new Map<DisturbanceCode, number>();
  for (const trial of trials) {
    const codes = new Set(
      (trial.disturbedReasons ?? []).filter((reason) => !reason.rerun).map((reason) => reason.code),
    );
    for (const code of codes) flaggedOnly.set(code, (flaggedOnly.get(code) ?? 0) + 1);
  }
  for (const [code, count] of flaggedOnly) {
    warnings.push(
      `${count} of ${trials.length} trials had ${DISTURBANCE_LABEL[code]} during the timed loop (flagged, not rerun)`,
    );
  }
  if (cpuQuota !== null) {
    warnings.push(
      `every trial ran under a CFS CPU quota of ${cpuQuotaFigures(cpuQuota)}: the kernel throttles the process, ` +
        "so calls are slower and preemptions are the quota's, not other work's; lift the quota to measure the library",
    );
  }
  return warnings;
}
