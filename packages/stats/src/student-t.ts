// Student's t distribution from the regularized incomplete beta function, written from the
// definitions (no table): I_x(a, b) by its continued fraction (DLMF 8.17.22) evaluated with the
// modified Lentz method (DLMF 3.10.v), and P(|T| > t) = I_{ν/(ν+t²)}(ν/2, 1/2) (Abramowitz &
// Stegun 26.7.1 with 26.5.27), valid for real ν > 0 as Welch's test needs.
import { gammaln } from 'simple-statistics';

const TINY = 1e-300;
const EPSILON = 1e-15;
const MAX_TERMS = 10000;

/** 1 / (1 + d1 / (1 + d2 / (1 + …))) with the coefficients d_m of DLMF 8.17.22. */
function continuedFraction(x: number, a: number, b: number): number {
  const coefficient = (m: number): number => {
    const k = Math.floor(m / 2);
    return m % 2 === 1 ? (-(a + k) * (a + b + k) * x) / ((a + 2 * k) * (a + 2 * k + 1)) : (k * (b - k) * x) / ((a + 2 * k - 1) * (a + 2 * k));
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

/** I_x(a, b), the regularized incomplete beta function, for 0 ≤ x ≤ 1 and a, b > 0. */
export function regularizedIncompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  if (x > (a + 1) / (a + b + 2)) return 1 - regularizedIncompleteBeta(1 - x, b, a);
  const logFront = a * Math.log(x) + b * Math.log1p(-x) - Math.log(a) - (gammaln(a) + gammaln(b) - gammaln(a + b));
  return Math.exp(logFront) * continuedFraction(x, a, b);
}

/** P(|T| > |t|) for Student's t with ν > 0 degrees of freedom (two-sided p-value). */
export function studentTTwoSidedP(t: number, degreesOfFreedom: number): number {
  if (!Number.isFinite(t)) return Number.isNaN(t) ? Number.NaN : 0;
  return regularizedIncompleteBeta(degreesOfFreedom / (degreesOfFreedom + t * t), degreesOfFreedom / 2, 0.5);
}

/** The t with P(T ≤ t) = probability (0.5 < probability < 1), by bisection on the distribution function. */
export function studentTQuantile(probability: number, degreesOfFreedom: number): number {
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
