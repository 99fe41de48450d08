import { median } from './median.js';
import { StatsError } from './stats-error.js';

/** The figures of one instruction count (record `instructionCount`, @ngcc-perf/record/docs/RUN-DIRECTORY.md). */
export interface InstructionFigures {
  /** median(library[i] − min(harness)), instructions per call. */
  instructions: number;
  /** instructions / messageBytes. */
  instructionsPerByte: number;
  /** Every library call gave the same figure, and every harness call too. */
  exact: boolean;
}

function checkCounts(name: string, values: readonly number[]): void {
  if (values.length === 0) throw new StatsError('EMPTY_SAMPLE', `${name}: no counted call; count at least one.`);
  const bad = values.find((value) => !Number.isInteger(value) || value < 0);
  if (bad !== undefined)
    throw new StatsError('INVALID_NUMBER', `${name}: ${bad} is not an instruction count (a whole number ≥ 0).`);
}

/**
 * The instructions per call of one operation from the counts of one `count` process: the harness (an
 * empty function called the way the library is) is taken off each library call, and the median of
 * what is left is the figure. No statistics beyond that: a deterministic source gives the same count
 * on every call, and `exact` says whether it did.
 *
 * @param harnessInstructions - instructions of each counted call of the empty function
 * @param libraryInstructions - instructions of each counted library call, harness included
 * @param messageBytes - the message length in bytes (instructionsPerByte is instructions / it; 0 when 0 bytes)
 * @throws {@link StatsError} `EMPTY_SAMPLE` for no call; `INVALID_NUMBER` for a count that is not a whole number ≥ 0.
 * @example
 * ```ts
 * deriveInstructionFigures([19, 19, 19], [170415, 170415, 170415], 4096);
 * // { instructions: 170396, instructionsPerByte: 41.6, exact: true }
 * ```
 */
export function deriveInstructionFigures(
  harnessInstructions: readonly number[],
  libraryInstructions: readonly number[],
  messageBytes: number,
): InstructionFigures {
  checkCounts('harnessInstructions', harnessInstructions);
  checkCounts('libraryInstructions', libraryInstructions);
  const harness = Math.min(...harnessInstructions);
  const instructions = Math.max(0, median(libraryInstructions.map((value) => value - harness)));
  const same = (values: readonly number[]): boolean => values.every((value) => value === values[0]);
  return {
    instructions,
    instructionsPerByte: messageBytes > 0 ? instructions / messageBytes : 0,
    exact: same(harnessInstructions) && same(libraryInstructions),
  };
}
