// The constant-time audit on the pages (build.json `ct`, written by the campaign's `ct` phase): a
// candidate-page section after §5 with the findings table, a summary-page column and the method
// page's section. Runs without `ct` get none of them, so their pages stay exactly as before.
import { codeSpan, paragraph } from './report-model.js';
import type { BuildInstance } from '@ngcc-perf/record';
import type { CtAudit } from '@ngcc-perf/record';
import type { Dataset } from '../dataset.js';
import type { Block, Inline, ReportSection } from './report-model.js';
import {
  isOperationAudit,
  operationAuditParagraph,
  operationTimingSentence,
  operationTimingsTable,
} from './constant-time-operations.js';
import { operationAuditMethodBlocks } from './constant-time-method-operations.js';
import type { CategoryRegistry } from '@ngcc-perf/category';

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
  if (isOperationAudit(ct)) return operationTimingSentence(ct);
  const t = ct.timing;
  if (t === null) return ct.timingDetail ?? 'not run';
  const base = `Welch t up to ±${t.maxAbsT.toFixed(1)} over ${t.samplesCount} calls of ${t.messageBits / 8} B`;
  if (t.repeat === null) return `${base} (${t.differenceSuspected ? 'above' : 'below'} ${t.thresholdAbsT})`;
  const size =
    t.direction === null || t.differenceTicks === null
      ? ''
      : `, ${t.direction.replace('-', ' ')} by ${Math.abs(t.differenceTicks).toFixed(0)} ticks (${Math.abs(t.differencePercent ?? 0).toFixed(1)} %)`;
  const repeat = `repeat ±${t.repeat.maxAbsT.toFixed(1)}${t.repeat.direction === null ? '' : ` ${t.repeat.direction.replace('-', ' ')}`}`;
  const verdict = t.differenceSuspected
    ? `difference confirmed (both above ${t.thresholdAbsT}, same direction)`
    : `no confirmed difference (threshold ${t.thresholdAbsT})`;
  const power = t.minSamplesReached === false ? `; stopped before its ${t.minSamplesCount} samples` : '';
  return `${base}${size}; ${repeat}; ${verdict}${power}`;
}

/** `function (file:line)` of a source place, for the pages. */
export function sourcePlaceText(place: { function: string; file: string | null; line: number | null }): string {
  return place.file === null ? place.function : `${place.function} (${place.file}:${place.line ?? '?'})`;
}

/**
 * The cells of one finding: kind, the load/jump/division, where the secret entered (the origin
 * line, or — when the run predates it or the finding comes from the disassembly), how it was seen.
 */
export function constantTimeFindingCells(f: CtAudit['findings'][number]): Inline[][] {
  const origin =
    f.origin === null
      ? '—'
      : f.origin.function === f.function && f.origin.file === f.file && f.origin.line === f.line
        ? 'same line'
        : codeSpan(sourcePlaceText(f.origin));
  return [
    [f.kind],
    [codeSpan(f.function)],
    [f.file === null ? '—' : codeSpan(`${f.file}:${f.line ?? '?'}`)],
    [origin],
    [
      f.source === 'division-probe'
        ? `division probe, ${f.occurrences ?? 0}×`
        : f.source === 'memcheck' && f.firstMessageBits === null
          ? `memcheck, ${f.occurrences ?? 0}×`
          : f.firstMessageBits === null
            ? 'disassembly'
            : `from ${f.firstMessageBits} bits, ${f.occurrences ?? 0}×`,
    ],
  ];
}

/** Headers of {@link constantTimeFindingCells}. */
export const CONSTANT_TIME_FINDING_HEADERS = ['kind', 'function', 'file:line', 'secret enters at', 'seen'] as const;

function findingsTable(instances: BuildInstance[]): Block[] {
  const byOperation = instances.some((entry) => (entry.ct?.findings ?? []).some((f) => f.operation !== undefined));
  const rows: Inline[][][] = instances.flatMap((entry) =>
    (entry.ct?.findings ?? []).map((f) => [
      [codeSpan(entry.instance)],
      ...(byOperation ? [[f.operation ?? '—']] : []),
      ...constantTimeFindingCells(f),
    ]),
  );
  if (rows.length === 0) return [];
  const headers = ['instance', ...(byOperation ? ['operation'] : []), ...CONSTANT_TIME_FINDING_HEADERS];
  return [
    {
      kind: 'table',
      caption: 'Constant-time findings',
      headers,
      numeric: headers.map(() => false),
      rows,
    },
  ];
}

function publicDivisionsTable(instances: BuildInstance[]): Block[] {
  const rows: Inline[][][] = instances.flatMap((entry) =>
    (entry.ct?.publicDivisions ?? []).map((d) => [
      [codeSpan(entry.instance)],
      [codeSpan(sourcePlaceText(d))],
      [d.operands === 'public' ? `public operands, ${d.executions}×` : 'never executed'],
    ]),
  );
  if (rows.length === 0) return [];
  return [
    {
      kind: 'table',
      caption: 'Divisions of public values (not findings)',
      headers: ['instance', 'division', 'operands at run time'],
      numeric: [false, false, false],
      rows,
    },
  ];
}

/** One paragraph per audited instance with limits or hidden CPU features: what the result cannot say. */
function limitsParagraphs(instances: BuildInstance[]): Block[] {
  return instances.flatMap((entry) => {
    const ct = entry.ct!;
    const hidden =
      ct.cpu === null || ct.cpu.hiddenFeatures.length === 0
        ? []
        : [
            `valgrind hid ${ct.cpu.hiddenFeatures.join(', ')} from the library (native view: ${ct.cpu.nativeSource})` +
              (ct.cpu.dispatchEvidence.length === 0
                ? '; no sign of CPU dispatch in the disassembly'
                : `; it dispatches on CPU features (${ct.cpu.dispatchEvidence.join('; ')})`),
          ];
    const sentences = [...ct.limits, ...(ct.coverageLimits ?? []), ...hidden];
    return sentences.length === 0
      ? []
      : [paragraph('Limits for ', codeSpan(entry.instance), `: ${sentences.join('. ')}.`)];
  });
}

/** The candidate page's section after §5, or null when no instance was audited. */
export function buildConstantTimeSection(instances: BuildInstance[]): ReportSection | null {
  const audited = instances.filter((entry) => entry.ct !== undefined && entry.ct !== null);
  if (audited.length === 0) return null;
  return {
    heading: 'Constant-time audit',
    id: 'constant-time',
    blocks: [
      audited.every((entry) => isOperationAudit(entry.ct!))
        ? operationAuditParagraph(audited.map((entry) => entry.ct!))
        : paragraph(
            'Each library was run again, built with the same flags plus ',
            codeSpan('-g'),
            ', under valgrind memcheck with the message (and nothing else) marked as secret: a branch or a table index computed from message bytes is a finding, and so is an integer division whose operands changed with the message at run time. ' +
              'Each finding names the load or jump and the line where the secret entered (the caller in the library’s own code that passed it down). ' +
              'The timing test (fixed against random messages, Welch’s t, run twice) is evidence only; this host is shared and noisy. A clean result is not a proof: see the limits below and the method page.',
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
      ...operationTimingsTable(audited),
      ...findingsTable(audited),
      ...publicDivisionsTable(audited),
      ...limitsParagraphs(audited),
    ],
  };
}

/**
 * The method page's section, or null when the run has no audit: the CryptHash audit's method when
 * some audit is of a hash, the public-key operations' ({@link operationAuditMethodBlocks}) when some
 * audit ran operations.
 */
export function constantTimeMethodSection(dataset: Dataset, categories: CategoryRegistry): ReportSection | null {
  const entries = dataset.build.instances.flatMap((entry) =>
    entry.ct === undefined || entry.ct === null ? [] : [{ category: entry.category, ct: entry.ct }],
  );
  if (entries.length === 0) return null;
  const operations = entries.filter((entry) => isOperationAudit(entry.ct));
  const audited = entries.filter((entry) => !isOperationAudit(entry.ct)).map((entry) => entry.ct);
  const operationBlocks = operationAuditMethodBlocks(operations, categories);
  if (audited.length === 0) return { heading: 'Constant-time audit', id: 'constant-time', blocks: operationBlocks };
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
          'Each finding keeps the library frames of its report and names two lines: the load or jump, and where the secret entered — the nearest caller in the library’s own code (the call that passed the message-derived value down), or the load itself when its function was called from outside; findings are merged by that pair.',
      ),
      paragraph(
        'Divisions: memcheck does not report a division on message-derived operands, so every div/idiv of the audited build (from its disassembly) is probed at run time: the library runs with each division trapped and its operands recorded, on messages of the same length and different contents. A division whose operands change with the message is a variable-latency finding; one whose operands stay the same (they derive from the length or the digest length, which are public) is listed as public and never changes the verdict.',
      ),
      paragraph(
        'CPU dispatch: valgrind’s CPUID hides features it does not implement (AVX-512, SHA-NI, …). The library’s CPUID view under valgrind is compared with the native one; when features were hidden and the library’s disassembly shows it picks its code by CPU features (cpuid, __cpu_model, or instructions of the hidden sets), the verdict is unknown (dispatch-hidden): the audited path may not be the one that runs on this host. When valgrind cannot run an instruction, its own lines about it are quoted.',
      ),
      paragraph(
        'Timing test (after dudect): calls on an all-zero and on random messages, the class drawn at random per call, the counter read around each call; Welch’s t on all calls and below 20 percentile crops; |t| above 4.5 suggests a difference. Each run lasts until a minimum number of calls, 20,000 for calls up to 10 µs and proportionally more for slower calls (at most 200,000), capped in time; the test runs twice, and a difference counts only when both runs are above the threshold in the same direction (which class was slower, and by how much, is shown). It is evidence beside the taint result, never the verdict.',
      ),
      paragraph(
        'Limits: valgrind models one CPU and not its caches or timings; memcheck treats a value loaded through a message-derived address as public, so findings downstream of a memory-index finding may be hidden and such a list is a lower bound (said per instance); the audited build is the debug build (the same flags plus -g), and a build with other flags may differ; only the lengths hashed were seen; a clean result is not a proof. ' +
          'An instance is unknown when valgrind is missing, cannot run the library (an instruction it does not know), the library crashed or hung under it, or CPU dispatch was hidden.',
      ),
      ...operationBlocks,
    ],
  };
}
