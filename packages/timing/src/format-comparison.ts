// The text of a comparison: one table row per library and size, then one verdict line per pair.
import { formatCoverage, formatHeadlineCyclesPerByte } from '@ngcc-perf/stats';
import type { ComparedPair, LibraryComparison } from './compare-libraries.js';

function unitOf(comparison: LibraryComparison): string {
  const counter = comparison.figures.find((figure) => figure.counter !== null)?.counter ?? null;
  if (counter === null) return 'ticks/byte';
  return counter.kind === 'core-cycles' ? 'cycles/byte' : `${counter.name} ticks/byte`;
}

function verdictLine(pair: ComparedPair): string {
  const subject = `${pair.messageBytes} B: ${pair.a} / ${pair.b}`;
  const { ratio } = pair;
  const winner = pair.verdict === 'A faster' ? pair.a : pair.verdict === 'B faster' ? pair.b : null;
  const said = winner === null ? 'cannot be told apart' : `${winner} faster`;
  if (ratio === null) return `${subject}: not measured: ${said}`;
  const interval =
    ratio.lowRatio === null || ratio.highRatio === null || ratio.coverage === null
      ? 'no interval'
      : `${ratio.lowRatio.toFixed(3)}–${ratio.highRatio.toFixed(3)} at ${formatCoverage(ratio.coverage)}`;
  return `${subject} = ${ratio.medianRatio.toFixed(3)} (${interval}, ${ratio.rounds} rounds): ${said}`;
}

/**
 * A comparison as text: a table (library, bytes, the headline per byte with its interval and
 * coverage, or why it failed), one line per pair (`64 B: a / b = 0.512 (0.508–0.519 at 93.8 %, 5
 * rounds): a faster`: the paired ratio of trial means, below 1 when A needs fewer ticks). The host's
 * problems are not part of it: the result's `hostProblems`, and stderr unless silenced.
 *
 * @param comparison - from {@link compareLibraries}.
 * @returns the text, lines ending in `\n`.
 * @throws nothing for a comparison from compareLibraries.
 * @example
 * ```js
 * process.stdout.write(formatComparison(await compareLibraries({ libraries })));
 * ```
 */
export function formatComparison(comparison: LibraryComparison): string {
  const rows = comparison.figures.map((figure) => {
    const { headline } = figure;
    const value =
      headline === null
        ? `failed: ${figure.failure ?? 'no trial completed'}`
        : `${formatHeadlineCyclesPerByte(headline, figure.messageBytes)}` +
          (headline.coverage === null ? '' : ` at ${formatCoverage(headline.coverage)}`);
    return [figure.name, String(figure.messageBytes), value];
  });
  const header = ['library', 'bytes', `${unitOf(comparison)} with interval`];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 1 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd() + '\n';
  return line(header) + rows.map(line).join('') + comparison.pairs.map((pair) => `${verdictLine(pair)}\n`).join('');
}
