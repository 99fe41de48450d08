// The constant-time audit on the pages (build.json `ct`, written by the campaign's `ct` phase): a
// candidate-page section after §5 with the findings table, a summary-page column and the method
// page's section. Runs without `ct` get none of them, so their pages stay exactly as before.
import { codeSpan, paragraph } from './report-model.js';
import type { BuildInstance } from '@ngcc-perf/record';
import type { CtAudit } from '@ngcc-perf/record';
import type { Dataset } from '../dataset.js';
import type { Block, Inline, ReportSection } from './report-model.js';

/** True when some instance of the dataset carries a constant-time audit. */
export function hasConstantTimeAudit(instances: readonly BuildInstance[]): boolean {
  return instances.some((entry) => entry.ct !== undefined && entry.ct !== null);
}

/** The summary-page cell: the verdict, with the number of findings or the reason. */
export function constantTimeCell(entry: BuildInstance): string {
  const ct = entry.ct;
  if (ct === undefined || ct === null) return '—';
  if (ct.verdict === 'secret-dependent') return `⚠ secret-dependent (${ct.findings.length})`;
  if (ct.verdict === 'unknown') return `unknown (${ct.reason ?? 'no reason given'})`;
  return 'constant-time';
}

function verdictSentence(ct: CtAudit): string {
  if (ct.verdict === 'unknown') return `unknown: ${ct.detail ?? ct.reason ?? ''}`;
  return ct.verdict === 'secret-dependent'
    ? `⚠ secret-dependent, ${ct.findings.length} finding${ct.findings.length === 1 ? '' : 's'}`
    : 'constant-time, no finding';
}

function timingSentence(ct: CtAudit): string {
  const t = ct.timing;
  if (t === null) return ct.timingDetail ?? 'not run';
  return `Welch t up to ±${t.maxAbsT.toFixed(1)} over ${t.samplesCount} calls of ${t.messageBits / 8} B (${t.differenceSuspected ? 'above' : 'below'} ${t.thresholdAbsT})`;
}

function findingsTable(instances: BuildInstance[]): Block[] {
  const rows: Inline[][][] = instances.flatMap((entry) =>
    (entry.ct?.findings ?? []).map((f) => [
      [codeSpan(entry.instance)],
      [f.kind],
      [codeSpan(f.function)],
      [f.file === null ? '—' : codeSpan(`${f.file}:${f.line ?? '?'}`)],
      [f.firstMessageBits === null ? 'disassembly' : `from ${f.firstMessageBits} bits, ${f.occurrences ?? 0}×`],
    ]),
  );
  if (rows.length === 0) return [];
  return [
    {
      kind: 'table',
      caption: 'Constant-time findings',
      headers: ['instance', 'kind', 'function', 'file:line', 'seen'],
      numeric: [false, false, false, false, false],
      rows,
    },
  ];
}

/** The candidate page's section after §5, or null when no instance was audited. */
export function buildConstantTimeSection(instances: BuildInstance[]): ReportSection | null {
  const audited = instances.filter((entry) => entry.ct !== undefined && entry.ct !== null);
  if (audited.length === 0) return null;
  return {
    heading: 'Constant-time audit',
    id: 'constant-time',
    blocks: [
      paragraph(
        'Each library was run again, built with the same flags plus ',
        codeSpan('-g'),
        ', under valgrind memcheck with the message (and nothing else) marked as secret: a branch or a table index computed from message bytes is a finding, and so is an integer division in the disassembly. ' +
          'The timing test (fixed against random messages, Welch’s t) is evidence only; this host is shared and noisy. A clean result is not a proof: see the method page.',
      ),
      {
        kind: 'table',
        caption: 'Constant-time verdict by instance',
        headers: ['instance', 'audited build', 'verdict', 'timing test'],
        numeric: [false, false, false, false],
        rows: audited.map((entry) => [
          [codeSpan(entry.instance)],
          [codeSpan(entry.ct!.auditedBuildFlags)],
          [verdictSentence(entry.ct!)],
          [timingSentence(entry.ct!)],
        ]),
      },
      ...findingsTable(audited),
    ],
  };
}

/** The method page's section, or null when the run has no audit. */
export function constantTimeMethodSection(dataset: Dataset): ReportSection | null {
  const audited = dataset.build.instances.flatMap((entry) =>
    entry.ct === undefined || entry.ct === null ? [] : [entry.ct],
  );
  if (audited.length === 0) return null;
  const valgrind =
    [...new Set(audited.flatMap((ct) => (ct.valgrindVersion === null ? [] : [ct.valgrindVersion])))].join(', ') ||
    'not available';
  return {
    heading: 'Constant-time audit',
    id: 'constant-time',
    blocks: [
      paragraph(
        `Taint analysis (${valgrind}, memcheck): the driver marks the message bytes undefined before each CryptHash call at lengths ${[...new Set(audited.flatMap((ct) => ct.messageBits))].sort((a, b) => a - b).join(', ')} bits and marks the digest defined afterwards; ` +
          'a conditional jump or move on message-derived data is a branch finding, an address computed from it a memory-index finding. The length stays public, so block counts and padding are not findings. ' +
          'Memcheck does not see divisions: every div/idiv in the audited build’s disassembly is listed as variable-latency, whatever its operands.',
      ),
      paragraph(
        'Timing test (after dudect): calls on an all-zero and on random messages, the class drawn at random per call, the counter read around each call; Welch’s t on all calls and below 20 percentile crops; |t| above 4.5 suggests a difference. It is evidence beside the taint result, never the verdict.',
      ),
      paragraph(
        'Limits: valgrind models one CPU and not its caches or timings; the audited build is the debug build (the same flags plus -g), and a build with other flags may differ; only the lengths hashed were seen; a clean result is not a proof. ' +
          'An instance is unknown when valgrind is missing, cannot run the library (an instruction it does not know) or the library crashed or hung under it.',
      ),
    ],
  };
}
