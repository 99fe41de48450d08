// Recomputes a record's instruction figures from its counted calls (`deriveInstructionFigures` of
// @ngcc-perf/stats, the definition timing writes with) and names the first field that disagrees.
import { deriveInstructionFigures } from '@ngcc-perf/stats';
import type { TimingRecord } from '@ngcc-perf/record';
import type { ValidationDifference } from '../validation-difference.js';

export function findInstructionCountDifference(file: string, record: TimingRecord): ValidationDifference | null {
  const count = record.instructionCount;
  if (count == null) return null;
  const figures = deriveInstructionFigures(count.harnessInstructions, count.libraryInstructions, record.messageBytes);
  for (const field of ['instructions', 'instructionsPerByte', 'exact'] as const) {
    const actual = count[field];
    const expected = figures[field];
    const same =
      typeof actual === 'number' && typeof expected === 'number'
        ? Math.abs(actual - expected) <= 1e-9 * Math.max(Math.abs(actual), Math.abs(expected)) || actual === expected
        : actual === expected;
    if (!same)
      return {
        check: 'derived',
        file,
        field: `instructionCount.${field}`,
        line: null,
        message: `${file}: field "instructionCount.${field}" is ${JSON.stringify(actual)}, but the counted calls give ${JSON.stringify(expected)}. Regenerate the record with "ngcc-perf run"; counts are never edited by hand.`,
      };
  }
  return null;
}
