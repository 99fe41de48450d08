import { z } from 'zod';

const count = z.number().int().nonnegative();

/**
 * Zod schema of the name of an ICCS placeholder primitive a public-key instance may call (the ICCS
 * public-key APIs, auxfunc.h and drng.h): the three hashes round 2 replaces by the winning hash, and
 * the DRNG's output function.
 */
export const placeholderPrimitiveSchema = z.enum(['sm3hash', 'pseudohash', 'pseudoXOF', 'get_random_number']);

/** An ICCS placeholder primitive. */
export type PlaceholderPrimitive = z.infer<typeof placeholderPrimitiveSchema>;

/** The four primitives in the order the driver, the records and the pages list them. */
export const PLACEHOLDER_PRIMITIVES: readonly PlaceholderPrimitive[] = placeholderPrimitiveSchema.options;

const perPrimitive = z.object({ sm3hash: count, pseudohash: count, pseudoXOF: count, get_random_number: count });

/**
 * Zod schema of one round of a profile (@ngcc-perf/native/PROTOCOL.md, `op-profile`): `iterations`
 * calls with counting off, then as many with counting on.
 */
export const profileRoundSchema = z.object({
  /** Ticks of the calls with counting off. */
  cleanTicks: count,
  /** Ticks of the calls with counting on (the probes' counter reads included). */
  profiledTicks: count,
  /** Ticks inside each primitive in the calls with counting on (a nested call's are its outer call's). */
  insideTicks: perPrimitive,
  /** Outermost calls of each primitive, each of whose ticks hold about one counter read. */
  timedCalls: perPrimitive,
});

/** One round of a profile. */
export type ProfileRound = z.infer<typeof profileRoundSchema>;

/**
 * Zod schema of one primitive's row of a profile. `origin` `instance`: the instance defines the
 * primitive itself (its own primitives, not measured: `share` is null, never 0).
 */
export const primitiveShareSchema = z.object({
  name: placeholderPrimitiveSchema,
  origin: z.enum(['driver', 'instance']),
  /** Calls over every round's profiled calls. */
  calls: count,
  /** calls / (iterations × rounds); 0 for an instance's own primitive (the driver sees none of its calls). */
  callsPerOperation: z.number().nonnegative(),
  /**
   * Median over the rounds of max(0, insideTicks − timedCalls × overheadTicks) / (profiledTicks −
   * 2 × Σ timedCalls × overheadTicks): the fraction of the operation's time spent inside the primitive,
   * the probes' own counter reads taken off; null for an instance's own primitive.
   */
  share: z.number().min(0).nullable(),
});

/** One primitive's row of a profile. */
export type PrimitiveShare = z.infer<typeof primitiveShareSchema>;

/**
 * Zod schema of a generic-form record's `primitiveProfile`: where the time of a public-key
 * operation goes, measured in a driver process of its own (`ngcc-perf-driver op-profile`) after the
 * timed trials, never inside them: calls per operation and share of the operation's time of each ICCS
 * placeholder primitive. Formulas in @ngcc-perf/record/docs/RUN-DIRECTORY.md.
 *
 * @example
 * ```ts
 * const profile = primitiveProfileSchema.parse(record.primitiveProfile);
 * console.log(profile.primitives.map((p) => `${p.name} ${p.share}`));
 * ```
 */
export const primitiveProfileSchema = z.object({
  /** argv of the profiling process, the driver first. */
  command: z.array(z.string()).min(1),
  /** The counter the profile read (its name, and the median cost of one read in its ticks). */
  counter: z.object({ name: z.string().min(1), overheadTicks: count.nullable() }),
  /** Calls per batch (one batch with counting off and one with counting on per round). */
  iterations: z.number().int().positive(),
  rounds: z.array(profileRoundSchema).min(1),
  /** Counter reads that failed inside a primitive (their calls added no ticks). */
  readFailures: count,
  primitives: z.array(primitiveShareSchema).length(4),
  /** Σ share over the primitives the driver measured. */
  sharesSum: z.number().min(0),
  /** Median over the rounds of profiledTicks / cleanTicks − 1: what the probes added to the profiled calls. */
  probeOverheadRatio: z.number(),
  /** Wall time of the profiling process, seconds. */
  seconds: z.number().nonnegative(),
  /**
   * How primitives the instance defines without exporting them (a `static` function, hidden
   * visibility: the driver's stand-in is then never called) were looked for in the library's own
   * symbol table (`nm --defined-only`): `read` (a primitive defined there reads `origin` `instance`),
   * `stripped` (the library has no symbol table: a primitive of 0 calls may be such a copy) or
   * `unavailable` (`nm` could not read it). Absent in profiles written before it was looked for.
   */
  symbolTable: z.enum(['read', 'stripped', 'unavailable']).optional(),
});

/** The profile of one public-key operation. */
export type PrimitiveProfile = z.infer<typeof primitiveProfileSchema>;
