// §7 Raw evidence index: each instance's KAT log, then its timing records by file name (for a
// category other than hash, each operation's record with its memory of one call). The Markdown
// page keeps the seeds' layout (code spans, text order); the HTML page, where people read, links
// each file and sorts names naturally.
import { formatDigestShort } from '@ngcc-perf/stats';
import { naturalCompare } from './natural-sort.js';
import { runFileFromCandidate } from './page-links.js';
import { codeSpan, link, paragraph } from './report-model.js';
import type { AnyTimingRecord, BuildInstance, Campaign } from '@ngcc-perf/record';
import type { PageFormat } from './page-links.js';
import type { Inline, ReportSection } from './report-model.js';

function fileName(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1);
}

/**
 * The file as a link on the HTML page (relative, so the run directory can be published as it is);
 * the Markdown page keeps the seeds' code span.
 */
function fileCell(file: string, format: PageFormat, copiedTo: string | undefined): Inline[] {
  return format === 'html' ? [link(runFileFromCandidate(file, copiedTo), codeSpan(file))] : [codeSpan(file)];
}

/** HTML: natural order (hash_128 before hash_1024); Markdown: the seeds' text order, unchanged. */
function compareNames(left: string, right: string, format: PageFormat): number {
  if (format === 'html') return naturalCompare(left, right);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** What the evidence index lists: one candidate's instances and records, of any category. */
export interface EvidenceContext {
  dataset: { campaign: Campaign };
  instances: readonly BuildInstance[];
  records: readonly { file: string; record: AnyTimingRecord }[];
}

/** The hash pages' item of a record: `timing hash_64`. */
function hashItems(record: AnyTimingRecord): string[] {
  return [
    `timing ${typeof record.operation === 'string' ? `${record.operation}_${record.messageBytes}` : record.operation.name}`,
  ];
}

/**
 * §7 of a candidate page.
 * @param items - the items a record's file is evidence of, one row each (default: `timing hash_<L>`)
 */
export function buildEvidenceSection(
  context: EvidenceContext,
  format: PageFormat,
  evidenceCopied = false,
  items: (record: AnyTimingRecord) => string[] = hashItems,
): ReportSection {
  const copiedTo = evidenceCopied ? `evidence/${context.dataset.campaign.systemId}` : undefined;
  const rows: Inline[][][] = [];
  for (const entry of context.instances) {
    if (entry.katLog !== null) {
      const digest: Inline[] =
        entry.katLogSha256 === null
          ? ['KAT log']
          : ['KAT log (sha256 ', codeSpan(formatDigestShort(entry.katLogSha256)), ')'];
      rows.push([[codeSpan(entry.instance)], digest, fileCell(entry.katLog, format, copiedTo)]);
    }
    const timing = context.records
      .filter(({ record }) => record.instance === entry.instance)
      .sort((a, b) => compareNames(fileName(a.file), fileName(b.file), format));
    for (const { file, record } of timing) {
      for (const item of items(record))
        rows.push([[codeSpan(entry.instance)], [item], fileCell(file, format, copiedTo)]);
    }
  }
  return {
    heading: '7. Raw evidence index',
    id: 'evidence',
    blocks: [
      paragraph(
        'Paths are relative to the run directory, next to ',
        codeSpan('campaign.json'),
        ' and ',
        codeSpan('build.json'),
        '; each JSON record keeps the commands, plan, counter and trials its figures were computed from.' +
          (copiedTo === undefined ? '' : ' These pages were written outside the run directory: '),
        ...(copiedTo === undefined ? [] : [codeSpan(`${copiedTo}/`), ' of this site holds copies of those files.']),
      ),
      {
        kind: 'table',
        caption: 'Evidence files',
        headers: ['instance', 'item', 'file'],
        numeric: [false, false, false],
        rows,
      },
    ],
  };
}
