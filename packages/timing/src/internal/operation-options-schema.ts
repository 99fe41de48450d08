// The shape of the options objects of planOperation and measureOperation: which keys exist and
// what type each holds. Checked before anything else, so a misspelt key (`trialTarget`) or a
// number given as text (`messageBytes: '64'`) is refused with a sentence naming it instead of
// being ignored; the ranges are checkOperation's and checkTimingOptions'.
import { describeOptionsProblem } from '@ngcc-perf/native';
import { z } from 'zod';
import { TimingError } from '../timing-error.js';

const number = z.number();
const callback = z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', 'expected a function');

/** `options` of planOperation/measureOperation: TimingOptions and `iterationsPerTrial`. */
const trialOptionsSchema = z.strictObject({
  trialTargetSeconds: number.optional(),
  budgetSeconds: number.optional(),
  trials: number.optional(),
  minIterations: number.optional(),
  maxIterations: number.optional(),
  minMeasurements: number.optional(),
  iterationsPerTrial: number.optional(),
});

const runnerSchema = z.custom<object>(
  (value) => typeof value === 'object' && value !== null,
  'expected a runner object',
);

/** Every key of `PlanOperationOptions`. */
export const planOperationOptionsSchema = z.strictObject({
  library: z.string(),
  digestBits: number.optional(),
  messageBytes: number,
  operation: z
    .strictObject({
      category: z.string(),
      name: z.string(),
      parameters: z.record(z.string(), z.string()),
      adapterPath: z.string().optional(),
    })
    .optional(),
  options: trialOptionsSchema.optional(),
  cpu: number.nullable().optional(),
  counter: z.string().optional(),
  scope: z.string().optional(),
  message: z.string().optional(),
  alignmentOffsetBytes: number.optional(),
  addressLayout: z.string().optional(),
  onContextSwitch: z.string().optional(),
  coreClockHz: number.optional(),
  operationTimeoutSeconds: number.optional(),
  driverPath: z.string().optional(),
  runner: runnerSchema.optional(),
});

/** Every key of `MeasureOperationOptions`. */
export const measureOperationOptionsSchema = planOperationOptionsSchema.extend({
  onProgress: callback.optional(),
  onEstimate: callback.optional(),
  perCallSample: z.boolean().optional(),
  takeTurn: callback.optional(),
  hostCheck: z.enum(['warn', 'quiet', 'off']).optional(),
  cpuQuota: z.object({}).loose().nullable().optional(),
});

/**
 * Throws `INVALID_OPTIONS` when `input` has a key the schema does not know ("did you mean"), lacks
 * a required one, or holds a value of another type (named in the message).
 */
export function checkOptionsShape(schema: z.ZodType, input: unknown, caller: string): void {
  const problem = describeOptionsProblem(schema, input);
  if (problem === null) return;
  const library = (input as { library?: unknown } | null)?.library;
  const subject = typeof library === 'string' ? `${caller}(${library})` : caller;
  throw new TimingError(
    'INVALID_OPTIONS',
    `${subject}: ${problem}. The options are listed in the README of @ngcc-perf/timing.`,
  );
}
