import { z } from 'zod';

const count = z.number().int().nonnegative();

/**
 * Zod schema of where an instruction count comes from (@ngcc-perf/native/PROTOCOL.md, `count`): the PMU's
 * `PERF_COUNT_HW_INSTRUCTIONS` in user mode, or valgrind's callgrind (event `Ir`, guest instructions
 * as valgrind decodes them). The two are not interchangeable: a `rep`-prefixed string instruction is
 * one instruction to the PMU and one per iteration to valgrind.
 */
export const instructionSourceSchema = z.enum(['pmu-instructions', 'valgrind']);

/** Where an instruction count comes from. */
export type InstructionSource = z.infer<typeof instructionSourceSchema>;

/**
 * Zod schema of a record's `instructionCount`: the instructions one `CryptHash` call executes, counted
 * in one driver process (`ngcc-perf-driver count`) apart from the timed trials. The harness calls are
 * an empty function called the same way (the driver's own instructions around a call); the figure is
 * `instructions` = median over the counted calls of (library call − the fewest harness instructions).
 * Formulas in @ngcc-perf/record/docs/RUN-DIRECTORY.md; `validate` recomputes them.
 *
 * @example
 * ```ts
 * const count = instructionCountSchema.parse(record.instructionCount);
 * console.log(`${count.instructions} instructions (${count.source})`);
 * ```
 */
export const instructionCountSchema = z.object({
  source: instructionSourceSchema,
  /** `valgrind --version` (e.g. `valgrind-3.19.0`) for `valgrind`; null for the PMU. */
  tool: z.string().nullable(),
  /** Uncounted calls before the counted ones. */
  warmups: count,
  /** Instructions of each counted call of the empty function, in order. */
  harnessInstructions: z.array(count).min(1),
  /** Instructions of each counted library call, harness included, in order. */
  libraryInstructions: z.array(count).min(1),
  /** median(libraryInstructions[i] − min(harnessInstructions)): the library's instructions per call. */
  instructions: z.number().nonnegative(),
  /** instructions / messageBytes. */
  instructionsPerByte: z.number().nonnegative(),
  /** True when every counted library call gave the same figure, and every harness call too. */
  exact: z.boolean(),
  /** Wall time of the counting process, seconds. */
  seconds: z.number().nonnegative(),
});

/** The instruction count of one operation. */
export type InstructionCount = z.infer<typeof instructionCountSchema>;
