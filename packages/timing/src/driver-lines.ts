import { driverErrorLineSchema, parseDriverOutput as parseDriverLines } from '@ngcc-perf/native';
import {
  addressLayoutSchema,
  counterKindSchema,
  counterNameSchema,
  driverSandboxSchema,
  timingScopeSchema,
} from '@ngcc-perf/record';
import { z } from 'zod';
import { TimingError } from './timing-error.js';

const ticksSchema = z.number().nonnegative();
const counterSchema = z.object({
  name: counterNameSchema,
  kind: counterKindSchema,
  reason: z.string().optional(),
  // Optional figures (added to protocol v1 later; older drivers leave them out).
  access: z.string().optional(),
  hz: z.number().positive().optional(),
  overheadTicks: ticksSchema.optional(),
  resolutionTicks: ticksSchema.optional(),
});
const count = z.number().int().nonnegative();
const cpuSchema = z.number().int().nullable();

const infoSchema = z.object({
  v: z.literal(1),
  type: z.literal('info'),
  driver: z.string(),
  arch: z.string(),
  pageBytes: z.number().int().positive(),
  counter: counterSchema,
  /** Every counter the driver probed, the chosen one among them (optional). */
  counters: z
    .array(
      z.object({
        name: z.string(),
        kind: counterKindSchema.optional(),
        available: z.boolean().optional(),
        reason: z.string().optional(),
        access: z.string().optional(),
        hz: z.number().positive().optional(),
        overheadTicks: ticksSchema.optional(),
        resolutionTicks: ticksSchema.optional(),
      }),
    )
    .optional(),
  /** The TSC rate CPUID states (leaf 0x15 or 0x16), Hz; null when CPUID does not say (optional). */
  tscHzCpuid: z.number().positive().nullable().optional(),
  tscHzCpuidLeaf: z.string().nullable().optional(),
  /** The sandbox a library-running driver process would enter (optional: older drivers have none). */
  sandbox: driverSandboxSchema.optional(),
});
const metaSchema = z.object({
  v: z.literal(1),
  type: z.literal('meta'),
  counter: counterSchema,
  /** `time` (hash) only. */
  messageBytes: count.optional(),
  digestBits: count.optional(),
  /** `op-time` only: the operation of a category (@ngcc-perf/native/PROTOCOL.md "Categories"). */
  category: z.string().optional(),
  operation: z.string().optional(),
  parameters: z.record(z.string(), z.string()).optional(),
  iterations: count,
  warmups: count,
  baselineRssBytes: count,
  cpu: cpuSchema,
  scope: timingScopeSchema.optional(),
  /** `fixed` under `--fixed-layout` (or kernel.randomize_va_space = 0), else `randomized`. */
  addressLayout: addressLayoutSchema.optional(),
});
const perCallSchema = z.object({
  count,
  rawMedianTicks: ticksSchema,
  rawQ1Ticks: ticksSchema,
  rawQ3Ticks: ticksSchema,
  rawMinTicks: ticksSchema,
  rawMaxTicks: ticksSchema.optional(),
  overheadTicks: ticksSchema,
  medianTicks: ticksSchema,
  q1Ticks: ticksSchema,
  q3Ticks: ticksSchema,
});
const trialSchema = z.object({
  v: z.literal(1),
  type: z.literal('trial'),
  iterations: count,
  seconds: z.number().nonnegative(),
  nanoseconds: count.optional(),
  ticks: count,
  cpuAfter: cpuSchema,
  involuntarySwitches: count,
  voluntarySwitches: count,
  migrations: count.nullable().optional(),
  /** Time runnable but waiting for a CPU during the loop, ns (/proc/self/schedstat; optional). */
  runDelayNs: count.optional(),
  /** Calls timed after the loop with `--warm-check` (never part of the trial's figures; optional). */
  warmCheck: z.object({ iterations: count, seconds: z.number().nonnegative(), ticks: count }).optional(),
  perCall: perCallSchema.optional(),
  /** `op-time` of a public-key category: failed attempts the timed calls retried (optional). */
  retries: count.optional(),
});
const endSchema = z.object({
  v: z.literal(1),
  type: z.literal('end'),
  peakRssBytes: count.optional(),
  count: count.optional(),
  /** `op-time` of a public-key category: failed attempts retried over the whole run (optional). */
  retries: count.optional(),
});
const clockProbeSchema = z.object({
  v: z.literal(1),
  type: z.literal('clock-probe'),
  counter: z.union([counterNameSchema, counterSchema]),
  cpu: cpuSchema.optional(),
  windows: count.optional(),
  windowMs: z.number().positive().optional(),
  windowsHz: z.array(z.number().nonnegative()).optional(),
  medianHz: z.number().positive(),
  q1Hz: z.number().nonnegative().optional(),
  q3Hz: z.number().nonnegative().optional(),
  iqrHz: z.number().nonnegative(),
  iqrRelative: z.number().nonnegative(),
  steady: z.boolean(),
  measures: z.enum(['counter-rate', 'core-clock']),
  involuntarySwitches: count.optional(),
});
const LINE_SCHEMAS = {
  info: infoSchema,
  meta: metaSchema,
  trial: trialSchema,
  end: endSchema,
  'clock-probe': clockProbeSchema,
};

/** A validated driver line: `info`, `meta`, `trial`, `end`, `error` or `clock-probe` (@ngcc-perf/native/PROTOCOL.md). */
export type DriverLine = z.infer<(typeof LINE_SCHEMAS)[keyof typeof LINE_SCHEMAS] | typeof driverErrorLineSchema>;
/**
 * The counter as the driver describes it (`info` and `meta` lines, @ngcc-perf/native/PROTOCOL.md); names,
 * kinds and the meaning of each figure: `@ngcc-perf/record`'s `counterSchema`.
 */
export type DriverCounter = z.infer<typeof counterSchema>;
export type { DriverSandbox } from '@ngcc-perf/record';

/** The `info` line, i.e. what `readDriverInfo` returns. */
export type DriverInfo = Omit<z.infer<typeof infoSchema>, 'v' | 'type'>;
/** The `meta` line of a `time` run. */
export type DriverMetaLine = z.infer<typeof metaSchema>;
/** The `trial` line of a `time` run. */
export type DriverTrialLine = z.infer<typeof trialSchema>;
/** The `end` line of a run. */
export type DriverEndLine = z.infer<typeof endSchema>;
/** The `error` line a failing driver writes before a non-zero exit. */
export type DriverErrorLine = z.infer<typeof driverErrorLineSchema>;
/** The line of `ngcc-perf-driver clock-probe`. */
export type DriverClockProbeLine = z.infer<typeof clockProbeSchema>;

/** Driver output split into validated protocol lines and anything else. */
export interface ParsedDriverOutput {
  lines: DriverLine[];
  /** Lines that are not JSON objects with a `v` field — e.g. a library printing to stdout. */
  strayLines: string[];
}

/**
 * Splits a driver's stdout into lines and validates the `info`, `meta`, `trial`, `end`, `error`
 * and `clock-probe` lines with this package's zod schemas, through `@ngcc-perf/native`'s one
 * envelope parser: a line that is not a JSON object carrying `v` is stray (a library under test
 * may print to stdout) and returned apart; a line of a type not listed here is skipped
 * (@ngcc-perf/native/PROTOCOL.md, "Reading the output").
 *
 * @param stdout - everything the driver wrote on stdout.
 * @param source - who wrote it, for error messages (e.g. the driver command).
 * @returns the validated lines in order, and the stray ones.
 * @throws {@link TimingError} `DRIVER_VERSION` for a line whose `v` is not 1 (rebuild the driver);
 *   `PROTOCOL` for a v1 line that does not match the protocol.
 * @remarks Source: @ngcc-perf/native/PROTOCOL.md, version 1.
 * @example
 * ```ts
 * const { lines } = parseDriverOutput('{"v":1,"type":"end","peakRssBytes":1503232}\n', 'driver');
 * lines[0]; // { v: 1, type: 'end', peakRssBytes: 1503232 }
 * ```
 */
export function parseDriverOutput(stdout: string, source: string): ParsedDriverOutput {
  const { lines, strayLines } = parseDriverLines(stdout, {
    source,
    schemas: LINE_SCHEMAS,
    makeError: (code, message, cause) => new TimingError(code, message, cause === undefined ? undefined : { cause }),
  });
  return { lines, strayLines };
}
