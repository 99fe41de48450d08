// The shape of compareLibraries' options, checked before anything runs: a misspelt key, a number
// given as text, fewer than two libraries or a name used twice is refused with a sentence naming it.
import { describeOptionsProblem } from '@ngcc-perf/native';
import { z } from 'zod';
import { TimingError } from '../timing-error.js';

const number = z.number();

const comparedLibrarySchema = z.strictObject({ name: z.string(), library: z.string(), digestBits: number });

const compareLibrariesSchema = z.strictObject({
  libraries: z.array(comparedLibrarySchema),
  messageSizesBytes: z.array(number).optional(),
  options: z.record(z.string(), number).optional(),
  cpu: number.nullable().optional(),
  minimumDifference: number.optional(),
  hostCheck: z.enum(['warn', 'quiet', 'off']).optional(),
  onProgress: z.custom<() => void>((value) => typeof value === 'function', 'expected a function').optional(),
  driverPath: z.string().optional(),
  runner: z.custom<object>((value) => typeof value === 'object' && value !== null, 'expected a runner').optional(),
});

/** Throws `INVALID_OPTIONS` naming the problem and the fix; the per-operation ranges are measureOperation's. */
export function checkComparisonOptions(options: {
  libraries: readonly { name: string }[];
  messageSizesBytes?: readonly number[];
  minimumDifference?: number;
}): void {
  const fail = (problem: string): never => {
    throw new TimingError(
      'INVALID_OPTIONS',
      `compareLibraries: ${problem}. The options are listed in the README of @ngcc-perf/timing.`,
    );
  };
  const problem = describeOptionsProblem(compareLibrariesSchema, options);
  if (problem !== null) fail(problem);
  if (options.libraries.length < 2) fail(`got ${options.libraries.length} library; pass two or more to compare`);
  const seen = new Set<string>();
  for (const { name } of options.libraries) {
    if (seen.has(name)) fail(`the name "${name}" is given to two libraries; give each its own name`);
    seen.add(name);
  }
  if (options.messageSizesBytes !== undefined && options.messageSizesBytes.length === 0)
    fail('messageSizesBytes is empty; give at least one message length in bytes, e.g. [64, 4096]');
  const difference = options.minimumDifference;
  if (difference !== undefined && !(difference >= 0 && Number.isFinite(difference)))
    fail(`minimumDifference is ${difference}; give a fraction ≥ 0, e.g. 0.01 for 1 %`);
}
