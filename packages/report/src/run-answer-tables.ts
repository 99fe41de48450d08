// The answer of a run in a few terminal lines (what `ngcc-perf run` prints at its end): per hash
// instance its KAT verdict, its headline per byte at every measured message length, the interval
// and × pseudoXOF at the longest, and the constant-time verdict; per instance of another category
// (KEM, signature, key exchange) its headline per call of each operation. A median whose interval
// is wide (`wideInterval` of @ngcc-perf/stats: beyond ±10 % of it) carries a `~`, said under the table.
import { formatRecordBaselineMultiple, isBaselineCandidate } from './baseline-figures.js';
import { orderedRecords, splitByCategory, type CategoryDataset } from './category-datasets.js';
import type { Dataset } from './dataset.js';
import { katVerdictMeaning } from './kat-verdict-meanings.js';
import { formatRecordHeadline, recordHeadline } from './record-headline.js';
import type { AnyTimingRecord, TimingRecord } from '@ngcc-perf/record';
import { formatCycles, formatCyclesPerByte, WIDE_INTERVAL_FRACTION, wideInterval } from '@ngcc-perf/stats';
import type { HeadlineFigure } from '@ngcc-perf/stats';

function constantTime(verdict: string | undefined, findings: number): string {
  if (verdict === undefined) return '—';
  return verdict === 'secret-dependent' ? `⚠ secret-dependent (${findings})` : verdict;
}

/** The measured message lengths, ascending, each once. */
function sizesOf(messageBytes: readonly number[]): number[] {
  return [...new Set(messageBytes)].sort((a, b) => a - b);
}

/**
 * The answer table's caption and header for records of these message lengths (bytes): one column
 * per length with the headline per byte, then the interval and × pseudoXOF at the longest; or
 * "not measured" for a run without a measure phase (check-host, build, kat, report).
 * @example
 * answerHeader([64, 4096], 'ticks').caption; // 'ticks/byte by message length (median of the trial means); interval and × pseudoXOF at 4096 B'
 */
export function answerHeader(
  messageBytes: readonly number[],
  term: 'ticks' | 'cycles',
): { caption: string; columns: string[] } {
  const sizes = sizesOf(messageBytes);
  if (sizes.length === 0)
    return {
      caption: `${term}/byte: not measured in this run`,
      columns: ['instance', 'KAT', 'constant-time'],
    };
  const longest = sizes[sizes.length - 1]!;
  return {
    caption: `${term}/byte by message length (median of the trial means); interval and × pseudoXOF at ${longest} B`,
    columns: [
      'instance',
      'KAT',
      ...sizes.map((bytes) => `${bytes} B`),
      `interval @ ${longest} B`,
      '× pseudoXOF',
      'constant-time',
    ],
  };
}

/** The mark of a median whose interval is wide ({@link wideInterval}): its trials disagree. */
export const WIDE_INTERVAL_MARK = '~';

/** The line under a table with a marked median, saying what the mark means and what to do. */
export const WIDE_INTERVAL_NOTE = `${WIDE_INTERVAL_MARK} interval wider than ±${Math.round(WIDE_INTERVAL_FRACTION * 100)} % of the median: trials disagree, a difference of that size may be noise; rerun on a quieter host or with a longer trial target`;

/** A median's text, marked when its interval is wide. */
function marked(figure: HeadlineFigure, text: string): string {
  return wideInterval(figure) ? `${WIDE_INTERVAL_MARK}${text}` : text;
}

/** The tables' lines, with the note under them when a cell carries the mark. */
function withNote(lines: string[], cells: readonly string[]): string[] {
  return cells.some((cell) => cell.startsWith(WIDE_INTERVAL_MARK)) ? [...lines, WIDE_INTERVAL_NOTE] : lines;
}

/** The median per byte of one record: the headline without its interval, marked when the interval is wide. */
function medianPerByte(record: TimingRecord | undefined): string {
  if (record === undefined) return '—';
  const figure = recordHeadline(record);
  if (figure === null || figure.medianCycles === null) return 'failed';
  return record.messageBytes > 0 ? marked(figure, formatCyclesPerByte(figure.medianCycles / record.messageBytes)) : '—';
}

/** The interval part of the headline at the longest length: `118.0–126.0`, or the whole text when it has none. */
function intervalPerByte(record: TimingRecord | undefined): string {
  const text = formatRecordHeadline(record, 'per-byte');
  return /\((.*)\)$/.exec(text)?.[1] ?? text;
}

/**
 * The answer table of a run directory's dataset, as lines for the terminal: a caption saying what
 * the figures are, the header, one row per instance (the ICCS baseline left out); a median whose
 * interval is wider than ±10 % of it (`wideInterval` of @ngcc-perf/stats) is marked `~`, and
 * {@link WIDE_INTERVAL_NOTE} under the table says what the mark means.
 * @example
 * answerTable(dataset)[0]; // 'ticks/byte by message length (median of the trial means); interval and × pseudoXOF at 128 B'
 */
export function answerTable(dataset: Dataset): string[] {
  const records = dataset.records.map((item) => item.record);
  const term = termOf(records);
  const { caption, columns } = answerHeader(
    records.map((record) => record.messageBytes),
    term,
  );
  const sizes = sizesOf(records.map((record) => record.messageBytes));
  const longest = sizes[sizes.length - 1];
  const rows = dataset.build.instances
    .filter((entry) => !isBaselineCandidate(dataset, entry))
    .map((entry) => {
      const at = (bytes: number | undefined) =>
        records.find(
          (item) =>
            item.candidate === entry.candidate && item.instance === entry.instance && item.messageBytes === bytes,
        );
      const ct = constantTime(entry.ct?.verdict, entry.ct?.findings.length ?? 0);
      const kat = katVerdictMeaning(entry.kat).label;
      if (longest === undefined) return [`${entry.candidate}/${entry.instance}`, kat, ct];
      return [
        `${entry.candidate}/${entry.instance}`,
        kat,
        ...sizes.map((bytes) => medianPerByte(at(bytes))),
        intervalPerByte(at(longest)),
        formatRecordBaselineMultiple(dataset, at(longest)),
        ct,
      ];
    });
  return withNote([caption, ...aligned([columns, ...rows])], rows.flat());
}

/** Rows of a terminal table, each column padded to its widest cell, two spaces apart. */
function aligned(table: readonly string[][]): string[] {
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => [...row[column]!].length)));
  return table.map((row) =>
    row
      .map((text, column) => text + ' '.repeat(widths[column]! - [...text].length))
      .join('  ')
      .trimEnd(),
  );
}

/** The term of these records' figures: `ticks` when a counter runs at a fixed rate, else `cycles`. */
function termOf(records: readonly AnyTimingRecord[]): 'ticks' | 'cycles' {
  return records.some((record) => record.counter?.kind === 'fixed-rate') ? 'ticks' : 'cycles';
}

/** One category's answer: per instance its KAT verdict, the median per call of each operation (the category's order, marked as in {@link answerTable}) and the constant-time verdict. */
function categoryTable(dataset: Dataset, group: CategoryDataset): string[] {
  const { category } = group;
  const records = orderedRecords(group, null).map(({ record }) => record);
  const term = termOf(records);
  const labels = [...new Set(records.map((record) => category.operations.label(record.operation)))];
  const caption =
    labels.length === 0
      ? `${category.pages.title}: ${term}/call not measured in this run`
      : `${category.pages.title}: ${term} per call of each operation (median of the trial means)`;
  const rows = group.instances
    .filter((entry) => !isBaselineCandidate(dataset, entry))
    .map((entry) => {
      const cells = labels.map((label) => {
        const record = records.find(
          (item) =>
            item.candidate === entry.candidate &&
            item.instance === entry.instance &&
            category.operations.label(item.operation) === label,
        );
        if (record === undefined) return '—';
        const headline = record.status === 'complete' ? record.derived.headline : undefined;
        return headline == null ? 'failed' : marked(headline, formatCycles(headline.medianCycles));
      });
      const ct = constantTime(entry.ct?.verdict, entry.ct?.findings.length ?? 0);
      return [`${entry.candidate}/${entry.instance}`, katVerdictMeaning(entry.kat).label, ...cells, ct];
    });
  return withNote([caption, ...aligned([['instance', 'KAT', ...labels, 'constant-time'], ...rows])], rows.flat());
}

/**
 * The answer tables of a run directory's dataset: the hash instances' ({@link answerTable}; none
 * when the run has no hash instance), then one per other category, its operations' headlines per call.
 * @example
 * answerTables(kemDataset)[0]; // 'Key encapsulation mechanisms: ticks per call of each operation (median of the trial means)'
 */
export function answerTables(dataset: Dataset): string[] {
  const { hash, others } = splitByCategory(dataset);
  return [
    ...(hash.build.instances.length === 0 && others.length > 0 ? [] : answerTable(hash)),
    ...others.flatMap((group) => categoryTable(dataset, group)),
  ];
}
