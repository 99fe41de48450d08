// The one place that validates what `ngcc-perf-driver ct-taint`, `ct-time` and `ct-div` print on stdout
// (@ngcc-perf/native/PROTOCOL.md, version 1).
import { z } from 'zod';
import { CtError } from '../ct-error.js';

const count = z.number().int().nonnegative();

const startLine = z.object({
  v: z.literal(1),
  type: z.literal('ct-start'),
  underValgrind: z.boolean(),
  calls: count,
  cpuid: z.boolean().default(false),
  cpuFeatures: z.string().default(''),
});
const callLine = z.object({ v: z.literal(1), type: z.literal('ct-call'), index: count, bits: count, reports: count });
const endLine = z.object({ v: z.literal(1), type: z.literal('end'), count });
const errorLine = z
  .object({ v: z.literal(1), type: z.literal('error'), code: z.string(), message: z.string() })
  .passthrough();
const timeLine = z.object({
  v: z.literal(1),
  type: z.literal('ct-time'),
  counter: z.object({ name: z.string() }).passthrough(),
  bits: count,
  samples: count,
  fixedSamples: count,
  randomSamples: count,
  seconds: z.number().nonnegative(),
  fixedMeanTicks: z.number(),
  randomMeanTicks: z.number(),
  medianTicks: count,
  tests: z.array(
    z.object({
      cropBelowTicks: count.nullable(),
      samples: count,
      t: z.number(),
      fixedMeanTicks: z.number().default(0),
      randomMeanTicks: z.number().default(0),
    }),
  ),
  maxAbsT: z.number().nonnegative(),
  maxAbsTTest: count,
  minSamples: count.default(0),
  cpuid: z.boolean().default(false),
  cpuFeatures: z.string().default(''),
});

const divSiteLine = z.object({
  v: z.literal(1),
  type: z.literal('ct-div-site'),
  address: z.string(),
  decoded: z.boolean(),
  executions: count,
  varies: z.boolean(),
  faults: count,
});

const publicCopiesLine = z.object({ v: z.literal(1), type: z.literal('ct-public-copies'), count });

const line = z.discriminatedUnion('type', [
  startLine,
  callLine,
  endLine,
  errorLine,
  timeLine,
  divSiteLine,
  publicCopiesLine,
]);

/** One validated stdout line of `ct-taint` or `ct-time`. */
export type CtDriverLine = z.infer<typeof line>;
/** The `ct-time` line. */
export type CtTimeLine = z.infer<typeof timeLine>;

/**
 * Parses the driver's stdout into validated lines; a line of an unknown type is skipped (PROTOCOL.md's
 * policy), an unfinished last line (a killed process) is dropped.
 * @throws {CtError} `DRIVER_PROTOCOL` for a line that is not protocol-1 JSON of a known shape
 */
export function parseCtDriverLines(stdout: string): CtDriverLine[] {
  const complete = stdout.endsWith('\n') ? stdout : stdout.slice(0, stdout.lastIndexOf('\n') + 1);
  const lines: CtDriverLine[] = [];
  for (const text of complete.split('\n')) {
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new CtError('DRIVER_PROTOCOL', `ngcc-perf-driver printed a line that is not JSON: ${text.slice(0, 120)}`, {
        cause: error,
      });
    }
    const type = (value as { type?: unknown }).type;
    if (!['ct-start', 'ct-call', 'end', 'error', 'ct-time', 'ct-div-site', 'ct-public-copies'].includes(String(type)))
      continue;
    const parsed = line.safeParse(value);
    if (!parsed.success) {
      throw new CtError(
        'DRIVER_PROTOCOL',
        `ngcc-perf-driver printed a malformed ${String(type)} line (${parsed.error.message}); rebuild native/ with npm run build`,
      );
    }
    lines.push(parsed.data);
  }
  return lines;
}
