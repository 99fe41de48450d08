import { median as sampleMedian } from 'simple-statistics';
import { StatsError } from './stats-error.js';

/**
 * The median of `values`: the middle value, or the mean of the two middle values for an even
 * count (simple-statistics' `median`, which sorts a copy; `values` is left as it is).
 *
 * @param values - one or more finite numbers, in any order, in any unit.
 * @returns the median, in the unit of the values.
 * @throws {@link StatsError} `EMPTY_SAMPLE` for no value; `NOT_FINITE` for a value that is not finite.
 * @example
 * ```ts
 * median([3, 1, 2]); // 2
 * median([4, 1, 3, 2]); // 2.5
 * ```
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new StatsError('EMPTY_SAMPLE', 'median of no value: pass at least one number.');
  const bad = values.find((value) => !Number.isFinite(value));
  if (bad !== undefined) throw new StatsError('NOT_FINITE', `median of a value that is not finite (${bad}).`);
  return sampleMedian([...values]);
}
