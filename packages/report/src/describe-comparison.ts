import { formatHeadlineCycles, type HeadlineFigure } from '@ngcc-perf/stats';
import type { ComparisonRow, RunComparison } from './compare-runs.js';
import { unvouchedRows } from './comparison-exit-code.js';

const cell = (figure: HeadlineFigure | null): string => (figure === null ? '—' : formatHeadlineCycles(figure));

function describeRow(row: ComparisonRow): string[] {
  const change = row.ratio === null ? '—' : `${row.ratio >= 1 ? '+' : ''}${((row.ratio - 1) * 100).toFixed(1)} %`;
  const p = row.test === null ? '—' : row.test.pValue < 0.0001 ? '<0.0001' : row.test.pValue.toFixed(4);
  return [
    `${row.candidate}/${row.instance}`,
    `${row.messageBytes} B`,
    cell(row.headlineA),
    cell(row.headlineB),
    change,
    p,
    row.reason === null ? row.verdict : `${row.verdict} (${row.reason})`,
  ];
}

function describeRows(result: RunComparison): string {
  const header = ['instance', 'message', 'headline A', 'headline B', 'B vs A', 'p (Welch)', 'verdict'];
  const rows = [header, ...result.rows.map(describeRow)];
  const widths = header.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) =>
    row.map((text, column) => (column === row.length - 1 ? text : text.padEnd(widths[column]!))).join('  '),
  );
  const noise = `${(result.threshold * 100).toFixed(1)} %`;
  lines.push(
    '',
    `${result.regressions} significant regression(s) beyond ${noise} (p < ${result.alpha}), ${result.improvements} improvement(s), ` +
      `${result.rows.filter((row) => row.verdict === 'within-noise').length} within noise, of ${result.rows.length} compared.`,
  );
  if (result.rows.some((row) => row.instructions !== null)) lines.push('', ...renderInstructionCounts(result));
  if (result.onlyInA.length > 0) lines.push(`only in A: ${result.onlyInA.join(', ')}`);
  if (result.onlyInB.length > 0) lines.push(`only in B: ${result.onlyInB.join(', ')}`);
  return `${lines.join('\n')}\n`;
}

/** The instruction-count part: exact, no test; every changed operation listed. */
function renderInstructionCounts(result: RunComparison): string[] {
  const compared = result.rows.filter(
    (row) => row.instructions !== null && row.instructions.verdict !== 'not-comparable',
  );
  const limit = `${(result.instructionThreshold * 100).toFixed(1)} %`;
  return [
    `instruction counts (exact, not time): ${result.instructionChanges.length} of ${compared.length} operation(s) changed, ` +
      `${result.instructionRegressions} regression(s) beyond ${limit}${result.instructionChanges.length > 0 ? ':' : '.'}`,
    ...result.instructionChanges.map((change) => `  ${change}`),
  ];
}

/** The closing lines when B cannot be vouched for: which rows, and how to let them pass. */
function renderUnvouched(result: RunComparison, allowIncomparable: boolean): string {
  const rows = unvouchedRows(result);
  if (rows.length === 0) return '';
  const outcome = allowIncomparable ? 'allowed by --allow-incomparable' : 'exit 3; --allow-incomparable lets them pass';
  return `cannot vouch for B at ${rows.length} instance × size(s) (${outcome}):\n${rows.map((row) => `  ${row}\n`).join('')}`;
}

/**
 * The human form of a comparison, as `ngcc-perf compare` prints it: one row per instance × size
 * (headline cycles of A and B, B vs A in %, Welch's p, the verdict), the counts of regressions,
 * improvements and rows within noise, the instruction counts that changed, the instances only in
 * one run, and the rows that cannot vouch for B with what they do to the exit code
 * (`comparisonExitCode`: 3, or 0 with `allowIncomparable`).
 * @example
 * process.stdout.write(describeComparison(compareRuns(a, b), { allowIncomparable: false }));
 */
export function describeComparison(
  result: RunComparison,
  { allowIncomparable }: { allowIncomparable: boolean },
): string {
  return describeRows(result) + renderUnvouched(result, allowIncomparable);
}

/**
 * `compare --json`'s text: the comparison as indented JSON, with a Welch t of ±Infinity (both
 * runs' trials without spread and different means, `welchTTest`) written as the strings
 * `"Infinity"` and `"-Infinity"`. JSON has no infinite number and `JSON.stringify` would write
 * `null`, which reads as "no test was made" (`test: null`).
 * @param value - what the command prints (the comparison, its unvouched rows, the exit code)
 * @returns the JSON text, ending in a newline
 * @example
 * ```ts
 * comparisonJson({ test: { t: -Infinity } }); // '{\n  "test": {\n    "t": "-Infinity"\n  }\n}\n'
 * ```
 */
export function comparisonJson(value: unknown): string {
  const replacer = (_key: string, field: unknown): unknown =>
    field === Infinity ? 'Infinity' : field === -Infinity ? '-Infinity' : field;
  return `${JSON.stringify(value, replacer, 2)}\n`;
}
