import { TimingError } from '../timing-error.js';
import type { TimingOptions } from '../timing-options.js';

/** The options with their `undefined` fields dropped, so spreading them keeps the defaults. */
export function withoutUndefined<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Throws `INVALID_OPTIONS` for options no plan can use (and for a t1 that is not a positive time). */
export function checkTimingOptions(
  options: TimingOptions,
  fixedIterations?: number,
  calibrationSeconds?: number,
): void {
  if (calibrationSeconds !== undefined && (!Number.isFinite(calibrationSeconds) || calibrationSeconds <= 0)) {
    throw new TimingError(
      'INVALID_OPTIONS',
      `calibrationSeconds is ${calibrationSeconds}; it must be a positive number of seconds (the time of one call from calibrate()).`,
    );
  }
  const integers: Array<[string, number | undefined]> = [
    ['trials', options.trials],
    ['minIterations', options.minIterations],
    ['maxIterations', options.maxIterations],
    ['minMeasurements', options.minMeasurements],
    ['iterationsPerTrial', fixedIterations],
  ];
  for (const [name, value] of integers) {
    if (value !== undefined && (!Number.isInteger(value) || value < 1)) {
      throw new TimingError('INVALID_OPTIONS', `${name} is ${value}; it must be an integer ≥ 1.`);
    }
  }
  for (const name of ['trialTargetSeconds', 'budgetSeconds'] as const) {
    if (!Number.isFinite(options[name]) || options[name] <= 0) {
      throw new TimingError('INVALID_OPTIONS', `${name} is ${options[name]}; it must be a positive number of seconds.`);
    }
  }
  if (options.maxIterations < options.minIterations) {
    throw new TimingError(
      'INVALID_OPTIONS',
      `maxIterations (${options.maxIterations}) is below minIterations (${options.minIterations}); raise maxIterations.`,
    );
  }
}
