// One summary row per built instance: the headline cycles at the summary's sizes (32 B, 1 KiB and
// 64 KiB when measured, else sizes the run has), the headline cycles/byte with its interval and
// the multiple of the baseline at the longest of them, the KAT verdict and short notes.
import { katEligible, katVerdictMeaning } from '../kat-verdict-meanings.js';
import { findCallMemoryGrowth } from '../call-memory-growth.js';
import { formatMemoryBytes } from '../format-memory-bytes.js';
import { formatCycles, intervalOrder, rankByIntervals, type HeadlineFigure, type IntervalRank } from '@ngcc-perf/stats';
import { pairedCyclesOrder } from './cycles-order.js';
import { formatRecordBaselineMultiple, isBaselineCandidate, recordBaselineMultiple } from '../baseline-figures.js';
import { formatRecordHeadline, recordHeadline } from '../record-headline.js';
import { formatGigahertz } from './candidate-context.js';
import { findPeakRssGrowth } from '../peak-rss-growth.js';
import { countersUsed } from './environment-section.js';
import { FIGURE_LABEL } from './call-memory-section.js';
import type { BuildInstance } from '@ngcc-perf/record';
import type { Dataset } from '../dataset.js';
import type { TimingRecord } from '@ngcc-perf/record';
import { formatCvPercent, isUnsteady, UNSTEADY_MARKER } from './reliability.js';
import type { Inline } from './report-model.js';

/** Message lengths of the summary columns when the run measured them (guide §3.3 S1, S4, S8). */
export const SUMMARY_SIZES_BYTES = [32, 1024, 65536] as const;

/**
 * The summary's columns: 32 B, 1 KiB and 64 KiB when all were measured; else every size when
 * there are at most three, else the smallest, the one nearest their geometric middle and the
 * largest. The per-byte columns use the last of them.
 */
export function summarySizes(dataset: Dataset): number[] {
  const sizes = [...new Set(dataset.records.map(({ record }) => record.messageBytes))].sort((a, b) => a - b);
  if (SUMMARY_SIZES_BYTES.every((bytes) => sizes.includes(bytes))) return [...SUMMARY_SIZES_BYTES];
  if (sizes.length <= 3) return sizes;
  const smallest = sizes[0]!;
  const largest = sizes[sizes.length - 1]!;
  const middle = Math.sqrt(smallest * largest);
  const inner = sizes
    .slice(1, -1)
    .reduce((best, bytes) => (Math.abs(Math.log(bytes / middle)) < Math.abs(Math.log(best / middle)) ? bytes : best));
  return [smallest, inner, largest];
}

export interface SummaryRow {
  entry: BuildInstance;
  records: TimingRecord[];
  /** True for an instance of the campaign's ICCS baseline. */
  baseline: boolean;
  /** Headline cycles per call (median trial) at the summary's sizes ({@link summarySizes}); ‡ marks an unsteady figure. */
  cycles: string[];
  /** The headline cycles/byte with its interval at the per-byte size (`formatRecordHeadline`), ‡ when unsteady. */
  cyclesPerByte: string;
  /** The headline at the per-byte size; null when not measured or failed. */
  headline: HeadlineFigure | null;
  /** The headline's median per byte at the per-byte size; null when not measured or failed. */
  headlinePerByteValue: number | null;
  /** × baseline at the per-byte size (`formatRecordBaselineMultiple`), `—` without a baseline. */
  baselineMultiple: string;
  /** The multiple's ratio; null without one. */
  baselineRatio: number | null;
  unsteadyAtPerByte: boolean;
  /**
   * Rank range by the headline at the per-byte size (`rankByIntervals`: instances whose difference
   * the trials cannot establish — paired rounds of one batch, else overlapping intervals — share a
   * range, `1–3`); null when not measured or the baseline.
   */
  rank: IntervalRank | null;
  kat: string;
  notes: string[];
}

function cyclesCell(records: TimingRecord[], messageBytes: number): string {
  const record = records.find((candidate) => candidate.messageBytes === messageBytes);
  if (record === undefined) return '—';
  if (record.status !== 'complete') return 'failed';
  const figure = recordHeadline(record);
  if (figure === null) return 'failed';
  return isUnsteady(record)
    ? `${formatCycles(figure.medianCycles)} ${UNSTEADY_MARKER}`
    : formatCycles(figure.medianCycles);
}

function notesOf(entry: BuildInstance, records: TimingRecord[]): string[] {
  const notes: string[] = [];
  if (records.length === 0)
    notes.push(entry.kat === 'LOADFAIL' || entry.kat === 'CRASH' ? `not timed (KAT ${entry.kat})` : 'no timing record');
  const failed = records.filter((record) => record.status === 'failed').map((record) => `${record.messageBytes} B`);
  if (failed.length > 0) notes.push(`timing failed at ${failed.join(', ')}`);
  for (const growth of findPeakRssGrowth(records).filter((item) => item.flagged)) {
    notes.push(
      `peak RSS +${Math.round(growth.growthRatio * 100)} % from ${growth.smallestMessageBytes} B to ${growth.largestMessageBytes} B`,
    );
  }
  for (const growth of findCallMemoryGrowth(records).filter((item) => item.flagged)) {
    notes.push(
      `${FIGURE_LABEL[growth.figure]} grows with the message (${formatMemoryBytes(growth.smallestBytes)} → ${formatMemoryBytes(growth.largestBytes)})`,
    );
  }
  const retainedBytes = Math.max(0, ...records.map((record) => record.memory?.heapRetainedBytes ?? 0));
  if (retainedBytes > 0)
    notes.push(`heap kept after a call: up to ${formatMemoryBytes(retainedBytes)} (a per-call leak or a kept table)`);
  if (entry.digestLengthProbe?.result === 'fixed-length') notes.push('writes its own digest length whatever is asked');
  const unsteady = records.filter(isUnsteady);
  if (unsteady.length > 0) notes.push(unsteadyNote(unsteady, records.length));
  return notes;
}

/** `trial CV above its limit at 32 B (36.4 %), 8192 B (22.2 %)`; at every size, the range instead of the list. */
function unsteadyNote(unsteady: TimingRecord[], measured: number): string {
  const cvs = unsteady.map((record) => (record.status === 'complete' ? (record.derived.cv ?? 0) : 0));
  if (unsteady.length === measured && measured > 2) {
    const worst = unsteady[cvs.indexOf(Math.max(...cvs))]!;
    return `trial CV above its limit at all ${measured} sizes (up to ${formatCvPercent(worst)} at ${worst.messageBytes} B)`;
  }
  return `trial CV above its limit at ${unsteady.map((record) => `${record.messageBytes} B (${formatCvPercent(record)})`).join(', ')}`;
}

export function buildSummaryRows(dataset: Dataset): SummaryRow[] {
  const sizes = summarySizes(dataset);
  const perByteSize = sizes[sizes.length - 1];
  const rows = dataset.build.instances.map((entry): SummaryRow => {
    const records = dataset.records
      .map(({ record }) => record)
      .filter((record) => record.candidate === entry.candidate && record.instance === entry.instance)
      .sort((a, b) => a.messageBytes - b.messageBytes);
    const perByte = records.find((record) => record.messageBytes === perByteSize);
    const headline = perByte === undefined ? null : recordHeadline(perByte);
    const unsteady = perByte !== undefined && isUnsteady(perByte);
    return {
      entry,
      records,
      baseline: isBaselineCandidate(dataset, entry),
      cycles: sizes.map((bytes) => cyclesCell(records, bytes)),
      cyclesPerByte: `${formatRecordHeadline(perByte, 'per-byte')}${unsteady ? ` ${UNSTEADY_MARKER}` : ''}`,
      headline,
      headlinePerByteValue: headline === null ? null : headline.medianCycles / perByte!.messageBytes,
      baselineMultiple: formatRecordBaselineMultiple(dataset, perByte),
      baselineRatio: perByte === undefined ? null : (recordBaselineMultiple(dataset, perByte)?.ratio ?? null),
      unsteadyAtPerByte: unsteady,
      rank: null,
      kat: katVerdictMeaning(entry.kat).label,
      notes: notesOf(entry, records),
    };
  });
  // as the ranking pages: only instances that passed their KAT are ranked
  const ranked = rows.filter((row) => row.headline !== null && !row.baseline && katEligible(row.entry.kat));
  const figures = ranked.map(({ headline }) => ({
    estimate: headline!.medianCycles,
    ciLow: headline!.lowCycles ?? -Infinity,
    ciHigh: headline!.highCycles ?? Infinity,
  }));
  // as the ranking pages: trials measured in one batch are compared round by round
  const byIntervals = intervalOrder(figures);
  const atPerByte = (row: SummaryRow) => row.records.find((record) => record.messageBytes === perByteSize);
  const ranks = rankByIntervals(
    figures,
    (a, b) => pairedCyclesOrder(atPerByte(ranked[a]!), atPerByte(ranked[b]!)) ?? byIntervals(a, b),
  );
  ranked.forEach((row, index) => {
    row.rank = ranks[index]!;
  });
  return rows;
}

/** "Ticks are counts of the tsc counter at 2.45 GHz, a fixed rate: not core clock cycles." for a whole dataset. */
export function describeDatasetCounters(dataset: Dataset): Inline[] {
  const counters = countersUsed({ dataset, records: dataset.records });
  if (counters.length === 0) return ['No timing record exists on this system.'];
  return counters.flatMap((counter, index) => {
    const lead = index === 0 ? '' : ' ';
    if (counter.kind === 'core-cycles')
      return [`${lead}Cycles are core clock cycles counted by `, { code: counter.name }, '.'];
    const rate = typeof counter.hz === 'number' ? ` at ${formatGigahertz(counter.hz)}` : '';
    return [
      `${lead}Ticks are counts of the `,
      { code: counter.name },
      ` counter${rate}, a fixed rate: not core clock cycles.`,
    ];
  });
}
