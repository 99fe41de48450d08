import { mean, median, sampleStandardDeviation } from 'simple-statistics';
import { tCritical95 } from './student-t.js';
import { StatsError } from './stats-error.js';

/**
 * Summary of a small sample (tinybench's field names); the unit is that of the values — say it
 * on the container (`trialMeansCycles: SampleStats`).
 */
export interface SampleStats {
  samplesCount: number;
  mean: number;
  /** Median. */
  p50: number;
  min: number;
  max: number;
  /** Sample standard deviation (divisor k − 1); null for one value. */
  sd: number | null;
  /** sd / mean, a fraction (0.02 = 2 %); null for one value or a zero mean. */
  cv: number | null;
  /** mean − t(0.975; k − 1) · sd / √k; null for one value. */
  ciLow: number | null;
  /** mean + t(0.975; k − 1) · sd / √k; null for one value. */
  ciHigh: number | null;
}

/**
 * Mean, median, minimum, maximum, sample standard deviation, coefficient of variation and the
 * 95 % confidence interval of the mean (Student's t with k − 1 degrees of freedom, see
 * {@link tCritical95}) of k values. Mean, median and sd come from simple-statistics.
 *
 * @param values - k ≥ 1 finite numbers (e.g. the per-trial mean cycles).
 * @returns {@link SampleStats} in the unit of the values.
 * @throws {@link StatsError} `EMPTY_SAMPLE` for an empty sample; `NOT_FINITE` for a value
 *   that is not finite.
 * @remarks Source: the t interval as in the NIST/SEMATECH e-Handbook §1.3.5.2 (confidence limits
 *   for the mean).
 * @example
 * ```ts
 * summarizeSamples([100, 102, 98, 101, 99]);
 * // mean 100, sd √2.5 = 1.5811, cv 0.015811, t(4) = 2.776445:
 * // ciLow 100 − 2.776445 · 1.5811 / √5 = 98.0368, ciHigh 101.9632
 * ```
 */
export function summarizeSamples(values: readonly number[]): SampleStats {
  if (values.length === 0) {
    throw new StatsError('EMPTY_SAMPLE', 'summarizeSamples got no value; pass at least one (e.g. one trial mean).');
  }
  const bad = values.findIndex((value) => !Number.isFinite(value));
  if (bad >= 0) {
    throw new StatsError(
      'NOT_FINITE',
      `summarizeSamples: value ${bad} is ${values[bad]}; every value must be a finite number.`,
    );
  }
  const sample = [...values];
  const average = mean(sample);
  const base = {
    samplesCount: sample.length,
    mean: average,
    p50: median(sample),
    min: Math.min(...sample),
    max: Math.max(...sample),
  };
  if (sample.length < 2) return { ...base, sd: null, cv: null, ciLow: null, ciHigh: null };
  const sd = sampleStandardDeviation(sample);
  const halfWidth = (tCritical95(sample.length - 1) * sd) / Math.sqrt(sample.length);
  return {
    ...base,
    sd,
    cv: average === 0 ? null : sd / Math.abs(average),
    ciLow: average - halfWidth,
    ciHigh: average + halfWidth,
  };
}
