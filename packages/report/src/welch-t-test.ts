import { mean, sampleVariance } from 'simple-statistics';
import { studentTTwoSidedP } from '@ngcc-perf/stats';
import { ReportError } from './report-error.js';

/** Welch's unequal-variance t-test of two samples. */
export interface WelchTTestResult {
  /** Mean of the first sample (unit of the values). */
  meanA: number;
  /** Mean of the second sample. */
  meanB: number;
  /**
   * (meanB − meanA) / √(sA²/nA + sB²/nB); ±Infinity when both samples have no spread and differ
   * (`ngcc-perf compare --json` writes it as the string "Infinity" or "-Infinity").
   */
  t: number;
  /** Welch–Satterthwaite ν = (sA²/nA + sB²/nB)² / ((sA²/nA)²/(nA−1) + (sB²/nB)²/(nB−1)); nA + nB − 2 without spread. */
  degreesOfFreedom: number;
  /** Two-sided p-value P(|T_ν| ≥ |t|). */
  pValue: number;
}

/**
 * Welch's t-test (B. L. Welch, "The generalization of 'Student's' problem when several different
 * population variances are involved", Biometrika 34, 1947): whether two samples with possibly
 * different variances have the same mean. t = (x̄B − x̄A) / √(sA²/nA + sB²/nB) with sample
 * variances s² (divisor n − 1, simple-statistics `sampleVariance`), degrees of freedom by the
 * Welch–Satterthwaite formula, and the two-sided p-value from Student's t distribution with
 * real-valued ν, P(|T| > t) = I_{ν/(ν+t²)}(ν/2, 1/2) (Abramowitz & Stegun 26.7.1), I computed by
 * its continued fraction (DLMF 8.17.22). For performance comparisons the samples are the
 * per-trial mean cycles of two records.
 *
 * @param a - the first sample (e.g. baseline trial means, cycles), at least 2 finite values
 * @param b - the second sample, at least 2 finite values
 * @returns {@link WelchTTestResult}; both samples constant and equal gives t 0, p 1
 * @throws {@link ReportError} `INVALID_OPTION` when a sample has fewer than 2 values or a non-finite one
 * @example
 * ```ts
 * welchTTest([10, 12, 14], [20, 22, 24]);
 * // meanA 12, meanB 22, t = 10 / √(4/3 + 4/3) = 6.1237, ν = 4, pValue ≈ 0.00360
 * ```
 */
export function welchTTest(a: readonly number[], b: readonly number[]): WelchTTestResult {
  for (const [name, sample] of [
    ['first', a],
    ['second', b],
  ] as const) {
    if (sample.length < 2 || sample.some((value) => !Number.isFinite(value))) {
      throw new ReportError(
        'INVALID_OPTION',
        `welchTTest: the ${name} sample needs at least 2 finite values, got [${sample.join(', ')}]. Measure with at least 2 trials.`,
      );
    }
  }
  const meanA = mean([...a]);
  const meanB = mean([...b]);
  const varianceA = sampleVariance([...a]) / a.length;
  const varianceB = sampleVariance([...b]) / b.length;
  const standardError = Math.sqrt(varianceA + varianceB);
  if (standardError === 0) {
    const t = meanA === meanB ? 0 : meanB > meanA ? Infinity : -Infinity;
    return { meanA, meanB, t, degreesOfFreedom: a.length + b.length - 2, pValue: t === 0 ? 1 : 0 };
  }
  const t = (meanB - meanA) / standardError;
  const degreesOfFreedom =
    (varianceA + varianceB) ** 2 / (varianceA ** 2 / (a.length - 1) + varianceB ** 2 / (b.length - 1));
  return { meanA, meanB, t, degreesOfFreedom, pValue: studentTTwoSidedP(t, degreesOfFreedom) };
}
