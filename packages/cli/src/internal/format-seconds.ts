/**
 * Seconds in the largest unit where the value is ≥ 1, 3 significant digits (`4.10 µs`,
 * `986 µs`, `1.31 ms`; `1500 s` from 1000 s on). Rounds first, then picks the unit, so a value
 * just under a unit boundary never prints as `1.00e+3 µs`.
 * @param seconds - a duration, seconds
 * @returns the duration with its unit (s, ms, µs or ns)
 * @example
 * formatSeconds(0.0009875); // '988 µs'
 */
export function formatSeconds(seconds: number): string {
  const units: Array<[number, string]> = [[1, 's'], [1e-3, 'ms'], [1e-6, 'µs'], [1e-9, 'ns']];
  for (const [scale, unit] of units) {
    const scaled = Number((seconds / scale).toPrecision(3));
    if (scaled >= 1 || unit === 'ns') return `${scaled >= 1000 ? String(Math.round(seconds / scale)) : scaled.toPrecision(3)} ${unit}`;
  }
  return `${seconds} s`;
}
