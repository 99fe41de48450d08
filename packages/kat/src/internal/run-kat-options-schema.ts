// The shape of runKat's options object: which keys exist, which are required and what type each
// holds, checked first so a misspelt key is refused ("did you mean") instead of being ignored and
// a mistyped value is named ("got a string"). The ranges are checkRunOptions'.
import { describeOptionsProblem } from '@ngcc-perf/native';
import { z } from 'zod';
import { KatError } from '../kat-error.js';

const object = (what: string) =>
  z.custom<object>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), `expected ${what}`);

const runKatOptionsSchema = z.strictObject({
  library: z.string(),
  digestBits: z.number(),
  name: z.string(),
  candidateId: z.string().optional(),
  manifest: z.union([z.string(), object('a parsed manifest')]).optional(),
  label: z.string().optional(),
  twinLabel: z.string().optional(),
  katDir: z.string().optional(),
  outDir: z.string().optional(),
  files: z.array(z.string()).optional(),
  maxMemoryBytes: z.number().optional(),
  testSizes: z
    .strictObject({ largeMessageBits: z.number().optional(), loopIterations: z.number().optional() })
    .optional(),
  driverPath: z.string().optional(),
  runner: object('a runner object').optional(),
  timeoutSeconds: z.number().optional(),
  logHeader: object('the log header fields').optional(),
  logPathsRelativeTo: z.string().optional(),
  onProgress: z
    .custom<(message: string) => void>((value) => typeof value === 'function', 'expected a function')
    .optional(),
});

/** Throws `INVALID_ARGUMENT` for an unknown key (with the one it resembles), a missing required key or a mistyped value. */
export function checkRunOptionsShape(options: unknown): void {
  const problem = describeOptionsProblem(runKatOptionsSchema, options);
  if (problem !== null) {
    throw new KatError(
      'INVALID_ARGUMENT',
      `runKat: ${problem}. library, digestBits and name are required; the options are listed in the README of @ngcc-perf/kat.`,
    );
  }
}
