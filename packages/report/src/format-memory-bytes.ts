import { ReportError } from './report-error.js';

const UNITS = [
  { scale: 1024, unit: 'KiB', decimals: 1 },
  { scale: 1024 ** 2, unit: 'MiB', decimals: 2 },
  { scale: 1024 ** 3, unit: 'GiB', decimals: 2 },
] as const;

/**
 * Formats the memory of one call (stack high-water, heap peak, operation peak): below 10 000 as
 * whole bytes (`712 B`), then `x.x KiB`, `x.xx MiB`, `x.xx GiB` (binary units). As for cycles
 * (guide §3.5), the value is rounded first and the unit picked from the rounded value, so
 * 1 048 575 bytes gives `1.00 MiB`, never `1024.0 KiB`.
 *
 * @param bytes - a size in bytes, ≥ 0
 * @returns e.g. `'712 B'`, `'64.7 KiB'`, `'1.00 MiB'`
 * @throws {@link ReportError} `INVALID_NUMBER` for a negative or non-finite value
 * @example
 * ```ts
 * formatMemoryBytes(712); // '712 B'
 * formatMemoryBytes(65536 + 712); // '64.7 KiB'
 * formatMemoryBytes(1048576); // '1.00 MiB'
 * ```
 */
export function formatMemoryBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) {
    throw new ReportError(
      'INVALID_NUMBER',
      `bytes must be a finite number ≥ 0, got ${bytes}. Check the record's memory figures.`,
    );
  }
  const whole = Math.round(bytes);
  if (whole < 1e4) return `${whole} B`;
  for (const { scale, unit, decimals } of UNITS) {
    const text = (bytes / scale).toFixed(decimals);
    if (Number(text) < 1024 || unit === 'GiB') return `${text} ${unit}`;
  }
  throw new Error('unreachable');
}
