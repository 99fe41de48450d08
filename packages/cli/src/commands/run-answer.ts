// The end of `ngcc-perf run`, on stdout: the answer in a few lines — per instance its KAT verdict,
// its headline per byte at every measured message length, the interval and × pseudoXOF at the
// longest, and the constant-time verdict — and the paths of the system index, the summary and the
// method page.
import path from 'node:path';
import {
  formatRecordBaselineMultiple,
  formatRecordHeadline,
  isBaselineCandidate,
  katVerdictMeaning,
  loadRunDirectory,
  recordHeadline,
  REPORT_PATHS,
  type Dataset,
} from '@ngcc-perf/report';
import type { TimingRecord } from '@ngcc-perf/record';
import { formatCyclesPerByte } from '@ngcc-perf/stats';

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

/** The median per byte of one record: the headline without its interval. */
function medianPerByte(record: TimingRecord | undefined): string {
  if (record === undefined) return '—';
  const figure = recordHeadline(record);
  if (figure === null || figure.medianCycles === null) return 'failed';
  return record.messageBytes > 0 ? formatCyclesPerByte(figure.medianCycles / record.messageBytes) : '—';
}

/** The interval part of the headline at the longest length: `118.0–126.0`, or the whole text when it has none. */
function intervalPerByte(record: TimingRecord | undefined): string {
  const text = formatRecordHeadline(record, 'per-byte');
  return /\((.*)\)$/.exec(text)?.[1] ?? text;
}

/**
 * The answer table of a run directory's dataset, as lines for the terminal: a caption saying what
 * the figures are, the header, one row per instance (the ICCS baseline left out).
 * @example
 * answerTable(dataset)[0]; // 'ticks/byte by message length (median of the trial means); interval and × pseudoXOF at 128 B'
 */
export function answerTable(dataset: Dataset): string[] {
  const records = dataset.records.map((item) => item.record);
  const term = records.some((record) => record.counter?.kind === 'fixed-rate') ? 'ticks' : 'cycles';
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
  const table = [columns, ...rows];
  const widths = columns.map((_, column) => Math.max(...table.map((row) => [...row[column]!].length)));
  return [
    caption,
    ...table.map((row) =>
      row
        .map((text, column) => text + ' '.repeat(widths[column]! - [...text].length))
        .join('  ')
        .trimEnd(),
    ),
  ];
}

/**
 * The answer of a finished run directory ({@link answerTable}, then the paths of the index, summary
 * and method pages), as lines for stdout; empty when the run holds no report (a shard) or cannot be read.
 */
export async function renderRunAnswer(runDirectory: string): Promise<string[]> {
  const dataset = await loadRunDirectory(runDirectory).catch(() => null);
  if (dataset === null) return [];
  const systemId = dataset.campaign.systemId;
  const page = (relative: string): string => path.join(runDirectory, relative);
  return [
    ...answerTable(dataset),
    `index:   ${page(REPORT_PATHS.systemIndexHtml(systemId))}`,
    `summary: ${page(REPORT_PATHS.summaryHtml(systemId))}`,
    `method:  ${page(REPORT_PATHS.methodHtml(systemId))}`,
  ];
}
