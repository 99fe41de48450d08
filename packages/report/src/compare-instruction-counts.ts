import type { TimingRecord } from '@ngcc-perf/record';

/**
 * What comparing two exact instruction counts found: `regression` (B executes more, beyond the
 * threshold), `improvement` (fewer, beyond it), `changed` (a different count within the threshold:
 * still reported, counts have no noise), `unchanged` (the same count), `not-comparable` (one side
 * was not counted or failed, or the sources differ).
 */
export type InstructionVerdict = 'regression' | 'improvement' | 'changed' | 'unchanged' | 'not-comparable';

/** One operation's instruction counts in runs A and B. No statistics: the counts are exact. */
export interface InstructionComparison {
  /** Instructions per call in A; null when A has no count. */
  instructionsA: number | null;
  instructionsB: number | null;
  /** instructionsB − instructionsA; null when not comparable. */
  differenceInstructions: number | null;
  /** instructionsB / instructionsA; null when not comparable or A counted 0. */
  ratio: number | null;
  verdict: InstructionVerdict;
  /** Why `not-comparable`; null otherwise. */
  reason: string | null;
}

/**
 * Compares the instruction counts of one operation in two runs: the difference and ratio B / A,
 * judged against `threshold` on the ratio (as for cycles). Null when neither run counted.
 *
 * @param a - the baseline record
 * @param b - the record to judge
 * @param threshold - relative change that is still only `changed`: 0.02 = ±2 %
 * @example
 * ```ts
 * compareInstructionCounts(recordA, recordB, 0.02)?.verdict; // 'regression' when B runs 5 % more instructions
 * ```
 */
export function compareInstructionCounts(
  a: TimingRecord,
  b: TimingRecord,
  threshold: number,
): InstructionComparison | null {
  const asked = (record: TimingRecord) => record.instructionCount != null || record.instructionCountFailure != null;
  if (!asked(a) && !asked(b)) return null;
  const countA = a.instructionCount ?? null;
  const countB = b.instructionCount ?? null;
  const base = { instructionsA: countA?.instructions ?? null, instructionsB: countB?.instructions ?? null };
  const notComparable = (reason: string): InstructionComparison => ({
    ...base,
    differenceInstructions: null,
    ratio: null,
    verdict: 'not-comparable',
    reason,
  });
  if (countA === null || countB === null)
    return notComparable(
      `${countA === null ? 'A' : 'B'} has no instruction count (${
        (countA === null ? a : b).instructionCountFailure ?? 'not counted'
      })`,
    );
  if (countA.source !== countB.source)
    return notComparable(`sources differ (${countA.source} vs ${countB.source}): they count differently`);
  const difference = countB.instructions - countA.instructions;
  const ratio = countA.instructions > 0 ? countB.instructions / countA.instructions : null;
  const verdict: InstructionVerdict =
    difference === 0
      ? 'unchanged'
      : ratio === null || Math.abs(ratio - 1) > threshold
        ? difference > 0
          ? 'regression'
          : 'improvement'
        : 'changed';
  return { ...base, differenceInstructions: difference, ratio, verdict, reason: null };
}
