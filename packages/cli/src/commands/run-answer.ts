// The end of `ngcc-perf run`: the answer in a few lines — per instance its KAT verdict, its
// headline at the longest message with the interval, × pseudoXOF and the constant-time verdict —
// and the paths of the system index, the summary and the method page.
import path from 'node:path';
import {
  formatRecordBaselineMultiple,
  formatRecordHeadline,
  isBaselineCandidate,
  loadRunDirectory,
  REPORT_PATHS,
} from '@ngcc-perf/report';

function constantTime(verdict: string | undefined, findings: number): string {
  if (verdict === undefined) return '—';
  return verdict === 'secret-dependent' ? `⚠ secret-dependent (${findings})` : verdict;
}

/**
 * The answer table's header for records of these message lengths (bytes): the headline per byte at
 * the longest, or "not measured" for a run without a measure phase (check-host, build, kat, report).
 * @example
 * answerHeader([], 'cycles')[2]; // 'cycles/byte (not measured in this run)'
 */
export function answerHeader(messageBytes: readonly number[], term: 'ticks' | 'cycles'): string[] {
  const perByte =
    messageBytes.length === 0
      ? `${term}/byte (not measured in this run)`
      : `${term}/byte @ ${Math.max(...messageBytes)} B (interval)`;
  return ['instance', 'KAT', perByte, '× pseudoXOF', 'constant-time'];
}

/**
 * The answer table of a finished run directory, as lines for the terminal; empty when the run
 * holds no report (a shard) or cannot be read.
 */
export async function renderRunAnswer(runDirectory: string): Promise<string[]> {
  const dataset = await loadRunDirectory(runDirectory).catch(() => null);
  if (dataset === null) return [];
  const systemId = dataset.campaign.systemId;
  const longest = Math.max(...dataset.records.map(({ record }) => record.messageBytes));
  const term = dataset.records.some(({ record }) => record.counter?.kind === 'fixed-rate') ? 'ticks' : 'cycles';
  const header = answerHeader(
    dataset.records.map(({ record }) => record.messageBytes),
    term,
  );
  const rows = dataset.build.instances
    .filter((entry) => !isBaselineCandidate(dataset, entry))
    .map((entry) => {
      const record = dataset.records
        .map((item) => item.record)
        .find(
          (item) =>
            item.candidate === entry.candidate && item.instance === entry.instance && item.messageBytes === longest,
        );
      return [
        `${entry.candidate}/${entry.instance}`,
        entry.kat ?? '—',
        formatRecordHeadline(record, 'per-byte'),
        formatRecordBaselineMultiple(dataset, record),
        constantTime(entry.ct?.verdict, entry.ct?.findings.length ?? 0),
      ];
    });
  const table = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...table.map((row) => [...row[column]!].length)));
  const lines = table.map((row) =>
    row
      .map((text, column) => text + ' '.repeat(widths[column]! - [...text].length))
      .join('  ')
      .trimEnd(),
  );
  const page = (relative: string): string => path.join(runDirectory, relative);
  return [
    ...lines,
    `index:   ${page(REPORT_PATHS.systemIndexHtml(systemId))}`,
    `summary: ${page(REPORT_PATHS.summaryHtml(systemId))}`,
    `method:  ${page(REPORT_PATHS.methodHtml(systemId))}`,
  ];
}
