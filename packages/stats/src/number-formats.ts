// Number formats of the report tables (guide §3.5, checked against the seeds' figures).
import { StatsError } from './stats-error.js';

function requireNonNegative(value: number, what: string): void {
  if (!Number.isFinite(value) || value < 0) {
    throw new StatsError(
      'INVALID_NUMBER',
      `${what} must be a finite number ≥ 0, got ${value}. Check the record's derived figures.`,
    );
  }
}

function requirePositiveInteger(value: number, what: string): void {
  if (!Number.isInteger(value) || value <= 0) {
    throw new StatsError(
      'INVALID_NUMBER',
      `${what} must be a positive integer, got ${value}. Check the record's plan and trials.`,
    );
  }
}

const CYCLE_UNITS = [
  { scale: 1e3, unit: 'k', decimals: 1 },
  { scale: 1e6, unit: 'M', decimals: 2 },
  { scale: 1e9, unit: 'G', decimals: 2 },
] as const;

/**
 * Formats a cycle count: below 10 000 as an integer, then `x.x k`, `x.xx M`, `x.xx G`.
 * The value is rounded first and the unit picked from the rounded value, so 9999.6 gives
 * `10.0 k` and 999 960 gives `1.00 M` (the anchor printed `10000` and `1000.0 k`).
 *
 * Source: guide §3.5 "Number formats"; seed figures `4129`, `20.4 k`, `2.06 M`.
 *
 * @param cycles - mean cycles (or counter ticks) per call, ≥ 0
 * @returns the text for the "mean cycles" column
 * @throws {@link StatsError} `INVALID_NUMBER` for a negative or non-finite value
 * @example
 * ```ts
 * formatCycles(4129.3); // '4129'
 * formatCycles(999949); // '999.9 k'
 * formatCycles(2_061_000); // '2.06 M'
 * ```
 */
export function formatCycles(cycles: number): string {
  requireNonNegative(cycles, 'cycles');
  const whole = Math.round(cycles);
  if (whole < 1e4) return String(whole);
  for (const { scale, unit, decimals } of CYCLE_UNITS) {
    const text = (cycles / scale).toFixed(decimals);
    if (Number(text) < 1000 || unit === 'G') return `${text} ${unit}`;
  }
  throw new Error('unreachable');
}

const TIME_UNITS = [
  { factor: 1, unit: 's' },
  { factor: 1e-3, unit: 'ms' },
  { factor: 1e-6, unit: 'µs' },
  { factor: 1e-9, unit: 'ns' },
] as const;

function dropTrailingZeros(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/**
 * Formats a duration with 3 significant digits in the largest of s, ms, µs, ns where the
 * rounded value is ≥ 1; trailing zeros after the decimal point are dropped, as in the seeds
 * (`64 µs`, `4 µs`, `3.8 ms`, `1.97 µs`). Never prints an exponent: 999.6 µs rounds to
 * 1.00 ms and is printed `1 ms`; 1000 s and more are printed as whole seconds.
 *
 * Source: guide §3.5 "Number formats"; seed figures `1.97 µs`, `986 µs`, `1.31 ms`.
 *
 * @param seconds - a duration in seconds, ≥ 0
 * @returns the text for the "mean time" column
 * @throws {@link StatsError} `INVALID_NUMBER` for a negative or non-finite value
 * @example
 * ```ts
 * formatSeconds(1.97e-6); // '1.97 µs'
 * formatSeconds(6.4e-5); // '64 µs'
 * formatSeconds(9.996e-4); // '1 ms'
 * ```
 */
export function formatSeconds(seconds: number): string {
  requireNonNegative(seconds, 'seconds');
  if (seconds === 0) return '0 s';
  for (const [index, { factor, unit }] of TIME_UNITS.entries()) {
    const scaled = seconds / factor;
    const rounded = Number(scaled.toPrecision(3));
    if (rounded < 1 && unit !== 'ns') continue;
    if (rounded >= 1000) {
      // Only whole seconds, or a floating-point edge just below the next unit up.
      return index === 0 ? `${Math.round(scaled)} s` : `1 ${TIME_UNITS[index - 1]!.unit}`;
    }
    return `${dropTrailingZeros(scaled.toPrecision(3))} ${unit}`;
  }
  throw new Error('unreachable');
}

/**
 * Formats cycles per byte with one decimal (guide §3.5; seed `129.0`, `31.5`).
 *
 * @param cyclesPerByte - mean cycles divided by the message length in bytes, ≥ 0
 * @returns e.g. `'129.0'`
 * @throws {@link StatsError} `INVALID_NUMBER` for a negative or non-finite value
 * @example
 * ```ts
 * formatCyclesPerByte(4129 / 32); // '129.0'
 * ```
 */
export function formatCyclesPerByte(cyclesPerByte: number): string {
  requireNonNegative(cyclesPerByte, 'cycles/byte');
  return cyclesPerByte.toFixed(1);
}

/**
 * Formats a throughput in decimal megabytes (10^6 bytes) per second with one decimal
 * (guide §3.4 and §7; seed `65.4`).
 *
 * @param megabytesPerSecond - L · n / Σ seconds / 10^6, ≥ 0
 * @returns e.g. `'65.4'`
 * @throws {@link StatsError} `INVALID_NUMBER` for a negative or non-finite value
 * @example
 * ```ts
 * formatMegabytesPerSecond(16384 / 250.5e-6 / 1e6); // '65.4'
 * ```
 */
export function formatMegabytesPerSecond(megabytesPerSecond: number): string {
  requireNonNegative(megabytesPerSecond, 'MB/s');
  return megabytesPerSecond.toFixed(1);
}

/**
 * Formats calls per second (`derived.opsPerSecond`, n / Σ seconds) with three significant figures
 * and never an exponent: whole numbers from 100 up, else three significant digits.
 *
 * @param opsPerSecond - calls per second, ≥ 0
 * @returns e.g. `'2375'`, `'93.1'`, `'0.0512'`
 * @throws {@link StatsError} `INVALID_NUMBER` for a negative or non-finite value
 * @example
 * ```ts
 * formatOpsPerSecond(2374.72); // '2375'
 * formatOpsPerSecond(93.14); // '93.1'
 * ```
 */
export function formatOpsPerSecond(opsPerSecond: number): string {
  requireNonNegative(opsPerSecond, 'ops/s');
  if (opsPerSecond >= 100 || opsPerSecond === 0) return String(Math.round(opsPerSecond));
  return String(Number(opsPerSecond.toPrecision(3)));
}

/**
 * Formats the number of calls measured as `n (trials × iterations)` (guide §3.5; seed
 * `100000 (5 × 20000)`).
 *
 * @param trials - trials (driver processes), a positive integer
 * @param iterationsPerTrial - calls per trial, a positive integer
 * @returns e.g. `'73960 (5 × 14792)'`
 * @throws {@link StatsError} `INVALID_NUMBER` unless both are positive integers
 * @example
 * ```ts
 * formatMeasurementCount(5, 20000); // '100000 (5 × 20000)'
 * ```
 */
export function formatMeasurementCount(trials: number, iterationsPerTrial: number): string {
  requirePositiveInteger(trials, 'trials');
  requirePositiveInteger(iterationsPerTrial, 'iterations per trial');
  return `${trials * iterationsPerTrial} (${trials} × ${iterationsPerTrial})`;
}

/**
 * Formats a byte count in kibibytes (1024 bytes), rounded to an integer (guide §3.1–7; seed
 * `1760 KiB`).
 *
 * @param bytes - a size in bytes, ≥ 0
 * @returns e.g. `'1760 KiB'`
 * @throws {@link StatsError} `INVALID_NUMBER` for a negative or non-finite value
 * @example
 * ```ts
 * formatKib(1802240); // '1760 KiB'
 * ```
 */
export function formatKib(bytes: number): string {
  requireNonNegative(bytes, 'bytes');
  return `${Math.round(bytes / 1024)} KiB`;
}

/**
 * Short form of a SHA-256 digest: its first 16 hex digits and `…` (guide §3.5; seed
 * `4cee4d72f05f9c85…`).
 *
 * @param sha256Hex - 64 hex digits
 * @returns 16 hex digits followed by U+2026
 * @throws {@link StatsError} `INVALID_NUMBER` when the text is not 64 hex digits
 * @example
 * ```ts
 * formatDigestShort('4cee4d72f05f9c85' + '0'.repeat(48)); // '4cee4d72f05f9c85…'
 * ```
 */
export function formatDigestShort(sha256Hex: string): string {
  if (!/^[0-9a-fA-F]{64}$/.test(sha256Hex)) {
    throw new StatsError(
      'INVALID_NUMBER',
      `a SHA-256 digest must be 64 hex digits, got "${sha256Hex}". Recompute it with sha256sum.`,
    );
  }
  return `${sha256Hex.slice(0, 16)}…`;
}

/**
 * Formats seconds for a progress line: `45 s`, `3 min 05 s`, `2 h 10 min`.
 * @example
 * formatDuration(185); // '3 min 05 s'
 */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
  return `${Math.floor(whole / 3600)} h ${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')} min`;
}
