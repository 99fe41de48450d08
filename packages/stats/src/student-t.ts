// Student's t distribution from the regularized incomplete beta function, written from the
// definitions (no table): I_x(a, b) by its continued fraction (DLMF 8.17.22) evaluated with the
// modified Lentz method (DLMF 3.10.v), and P(|T| > t) = I_{ν/(ν+t²)}(ν/2, 1/2) (Abramowitz &
// Stegun 26.7.1 with 26.5.27), valid for real ν > 0 as Welch's test needs.
import { gammaln } from 'simple-statistics';
import { StatsError } from './stats-error.js';

const TINY = 1e-300;
const EPSILON = 1e-15;
const MAX_TERMS = 10000;

/** 1 / (1 + d1 / (1 + d2 / (1 + …))) with the coefficients d_m of DLMF 8.17.22. */
function continuedFraction(x: number, a: number, b: number): number {
  const coefficient = (m: number): number => {
    const k = Math.floor(m / 2);
    return m % 2 === 1
      ? (-(a + k) * (a + b + k) * x) / ((a + 2 * k) * (a + 2 * k + 1))
      : (k * (b - k) * x) / ((a + 2 * k - 1) * (a + 2 * k));
  };
  let value = TINY;
  let c = value;
  let d = 0;
  for (let term = 1; term <= MAX_TERMS; term += 1) {
    const numerator = term === 1 ? 1 : coefficient(term - 1);
    d = 1 + numerator * d;
    if (Math.abs(d) < TINY) d = TINY;
    d = 1 / d;
    c = 1 + numerator / c;
    if (Math.abs(c) < TINY) c = TINY;
    const delta = c * d;
    value *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return value;
}

/**
 * I_x(a, b), the regularized incomplete beta function, for 0 ≤ x ≤ 1 and a, b > 0.
 *
 * @remarks Source: DLMF 8.17.22 (continued fraction), 3.10.v (modified Lentz).
 * @example
 * ```ts
 * regularizedIncompleteBeta(0.5, 2, 2); // 0.5
 * ```
 */
export function regularizedIncompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  if (x > (a + 1) / (a + b + 2)) return 1 - regularizedIncompleteBeta(1 - x, b, a);
  const logFront = a * Math.log(x) + b * Math.log1p(-x) - Math.log(a) - (gammaln(a) + gammaln(b) - gammaln(a + b));
  return Math.exp(logFront) * continuedFraction(x, a, b);
}

/**
 * P(|T| > |t|) for Student's t with ν > 0 (real) degrees of freedom: the two-sided p-value.
 *
 * @param t - the statistic.
 * @param degreesOfFreedom - ν > 0, real (Welch's test gives fractional ν).
 * @returns a probability in [0, 1].
 * @remarks Source: Abramowitz & Stegun 26.7.1 with 26.5.27.
 * @example
 * ```ts
 * studentTTwoSidedP(2.776445105, 4); // 0.05
 * ```
 */
export function studentTTwoSidedP(t: number, degreesOfFreedom: number): number {
  if (!Number.isFinite(t)) return Number.isNaN(t) ? Number.NaN : 0;
  return regularizedIncompleteBeta(degreesOfFreedom / (degreesOfFreedom + t * t), degreesOfFreedom / 2, 0.5);
}

/**
 * The t with P(T ≤ t) = probability for Student's t with ν degrees of freedom, by bisection on
 * the distribution function (to 1e-13 relative).
 *
 * @param probability - 0.5 < p < 1 (0.975 for a two-sided 95 % interval).
 * @param degreesOfFreedom - ν > 0.
 * @returns t, dimensionless.
 * @throws {@link StatsError} `INVALID_DEGREES_OF_FREEDOM` for ν ≤ 0 or p outside (0.5, 1).
 * @example
 * ```ts
 * studentTQuantile(0.975, 4); // 2.7764451051977…  (NIST/SEMATECH table: 2.776)
 * ```
 */
export function studentTQuantile(probability: number, degreesOfFreedom: number): number {
  if (!(degreesOfFreedom > 0) || !(probability > 0.5 && probability < 1)) {
    throw new StatsError(
      'INVALID_DEGREES_OF_FREEDOM',
      `a t quantile needs degrees of freedom > 0 and 0.5 < p < 1 (got df ${degreesOfFreedom}, p ${probability}); a t interval needs at least 2 samples.`,
    );
  }
  const cdf = (t: number): number => 1 - studentTTwoSidedP(t, degreesOfFreedom) / 2;
  let high = 1;
  while (cdf(high) < probability) high *= 2;
  let low = 0;
  for (let step = 0; step < 200 && high - low > 1e-13 * high; step += 1) {
    const middle = (low + high) / 2;
    if (cdf(middle) < probability) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/**
 * t(0.975; df), the two-sided 95 % critical value of Student's t: the t in mean ± t · sd / √k
 * for a 95 % confidence interval over k = df + 1 samples (guide §3.4). Exact to 1e-13, not the
 * three decimals of printed tables.
 *
 * @param degreesOfFreedom - an integer ≥ 1 (trials − 1).
 * @returns t(0.975; df), dimensionless.
 * @throws {@link StatsError} `INVALID_DEGREES_OF_FREEDOM` when df is not an integer ≥ 1.
 * @remarks Source: the quantile of {@link studentTQuantile}; NIST/SEMATECH e-Handbook §1.3.6.7.2 prints it to three decimals.
 * @example
 * ```ts
 * tCritical95(4); // 2.7764451… (5 trials)
 * ```
 */
export function tCritical95(degreesOfFreedom: number): number {
  if (!Number.isInteger(degreesOfFreedom) || degreesOfFreedom < 1) {
    throw new StatsError(
      'INVALID_DEGREES_OF_FREEDOM',
      `degreesOfFreedom is ${degreesOfFreedom}; a t interval needs an integer ≥ 1 (at least 2 trials).`,
    );
  }
  return studentTQuantile(0.975, degreesOfFreedom);
}
