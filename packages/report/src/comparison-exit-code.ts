import type { InstructionVerdict } from './compare-instruction-counts.js';
import type { ComparisonVerdict, RunComparison } from './compare-runs.js';

/**
 * Exit code of each comparison verdict, for a CI gate (README "Exit codes"): `regression` 1 (a
 * negative verdict); `not-comparable` (B's record failed, or the counters differ) and
 * `insufficient-trials` 3 (the comparison cannot vouch for B); the others 0.
 *
 * @example
 * ```ts
 * COMPARISON_VERDICT_EXIT_CODES['not-comparable']; // 3
 * ```
 */
export const COMPARISON_VERDICT_EXIT_CODES: Readonly<Record<ComparisonVerdict, 0 | 1 | 3>> = Object.freeze({
  regression: 1,
  improvement: 0,
  'within-noise': 0,
  'not-significant': 0,
  'insufficient-trials': 3,
  'not-comparable': 3,
});

/**
 * Exit code of each instruction-count verdict, as for cycles: `regression` 1, `not-comparable` 3
 * (a side not counted or failed, or the sources differ), the others 0.
 *
 * @example
 * ```ts
 * INSTRUCTION_VERDICT_EXIT_CODES.changed; // 0: reported, within the threshold
 * ```
 */
export const INSTRUCTION_VERDICT_EXIT_CODES: Readonly<Record<InstructionVerdict, 0 | 1 | 3>> = Object.freeze({
  regression: 1,
  improvement: 0,
  changed: 0,
  unchanged: 0,
  'not-comparable': 3,
});

/** Options of {@link comparisonExitCode}. */
export interface ComparisonExitCodeOptions {
  /** Let rows that cannot be vouched for (exit 3) and sizes missing from B pass with 0; regressions still exit 1. */
  allowIncomparable?: boolean;
}

/**
 * The exit code of a whole comparison: 1 when any row is a regression; else 3 when any row
 * cannot be vouched for (`not-comparable`, `insufficient-trials`) or an instance × size of A is
 * missing from B, unless `allowIncomparable`; else 0.
 * @param comparison - the result of `compareRuns(a, b)`
 * @returns 0, 1 or 3
 * @example
 * ```ts
 * process.exitCode = comparisonExitCode(compareRuns(a, b), { allowIncomparable: false });
 * ```
 */
export function comparisonExitCode(comparison: RunComparison, options: ComparisonExitCodeOptions = {}): 0 | 1 | 3 {
  const codes = comparison.rows.flatMap((row) => [
    COMPARISON_VERDICT_EXIT_CODES[row.verdict],
    ...(row.instructions === null ? [] : [INSTRUCTION_VERDICT_EXIT_CODES[row.instructions.verdict]]),
  ]);
  if (codes.includes(1)) return 1;
  if (options.allowIncomparable === true) return 0;
  return codes.includes(3) || comparison.onlyInA.length > 0 ? 3 : 0;
}

/**
 * The rows of a comparison that cannot vouch for B (exit code 3), as `candidate/instance L B: verdict (reason)`,
 * followed by the instance × sizes of A that B lacks.
 * @example
 * ```ts
 * unvouchedRows(comparison); // ['ex/sm3 64 B: not-comparable (a record failed)']
 * ```
 */
export function unvouchedRows(comparison: RunComparison): string[] {
  const rows = comparison.rows
    .filter((row) => COMPARISON_VERDICT_EXIT_CODES[row.verdict] === 3)
    .map(
      (row) =>
        `${row.candidate}/${row.instance} ${row.messageBytes} B: ${row.verdict}${row.reason === null ? '' : ` (${row.reason})`}`,
    );
  const counts = comparison.rows
    .filter((row) => row.instructions?.verdict === 'not-comparable')
    .map(
      (row) =>
        `${row.candidate}/${row.instance} ${row.messageBytes} B: instruction count not comparable (${row.instructions!.reason})`,
    );
  return [...rows, ...counts, ...comparison.onlyInA.map((key) => `${key}: missing from B`)];
}
