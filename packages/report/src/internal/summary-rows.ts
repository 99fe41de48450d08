// One summary row per built instance: cycles at 32 B, 1 KiB and 64 KiB, cycles/byte at 64 KiB,
// the KAT verdict and short notes (failures, memory growth, unsteady trials).
import { findCallMemoryGrowth } from '../call-memory-growth.js';
import { formatMemoryBytes } from '../format-memory-bytes.js';
import { formatCycles, formatCyclesPerByte } from '../number-formats.js';
import { formatGigahertz } from './candidate-context.js';
import { findPeakRssGrowth } from '../peak-rss-growth.js';
import { countersUsed } from './environment-section.js';
import { FIGURE_LABEL } from './call-memory-section.js';
import type { BuildInstance } from '../build-manifest-schema.js';
import type { Dataset } from '../dataset.js';
import type { TimingRecord } from '../record-schema.js';
import type { Inline } from './report-model.js';

/** Message lengths of the summary columns (SPEC §1 S1, S4, S8). */
export const SUMMARY_SIZES_BYTES = [32, 1024, 65536] as const;
export const PER_BYTE_SIZE_BYTES = 65536;

/** Trial CV limits of the timing package (issue "Cycle capture you can trust"): 2 % from 4 KiB, else 5 %. */
const CV_LIMIT = (messageBytes: number): number => (messageBytes >= 4096 ? 0.02 : 0.05);

export interface SummaryRow {
  entry: BuildInstance;
  records: TimingRecord[];
  /** Cells for 32 B, 1 KiB, 64 KiB. */
  cycles: string[];
  cyclesPerByte: string;
  /** cycles/byte at 64 KiB as a number, for the bar chart; null when not measured. */
  cyclesPerByteValue: number | null;
  kat: string;
  notes: string[];
}

function cyclesCell(records: TimingRecord[], messageBytes: number): string {
  const record = records.find((candidate) => candidate.messageBytes === messageBytes);
  if (record === undefined) return '—';
  return record.status === 'complete' ? formatCycles(record.derived.meanCycles) : 'failed';
}

function notesOf(entry: BuildInstance, records: TimingRecord[]): string[] {
  const notes: string[] = [];
  if (records.length === 0) notes.push(entry.kat === 'LOADFAIL' || entry.kat === 'CRASH' ? `not timed (KAT ${entry.kat})` : 'no timing record');
  const failed = records.filter((record) => record.status === 'failed').map((record) => `${record.messageBytes} B`);
  if (failed.length > 0) notes.push(`timing failed at ${failed.join(', ')}`);
  for (const growth of findPeakRssGrowth(records).filter((item) => item.flagged)) {
    notes.push(`peak RSS +${Math.round(growth.growthRatio * 100)} % from ${growth.smallestMessageBytes} B to ${growth.largestMessageBytes} B`);
  }
  for (const growth of findCallMemoryGrowth(records).filter((item) => item.flagged)) {
    notes.push(`${FIGURE_LABEL[growth.figure]} grows with the message (${formatMemoryBytes(growth.smallestBytes)} → ${formatMemoryBytes(growth.largestBytes)})`);
  }
  const unsteady = records.filter((record) => record.status === 'complete' && typeof record.derived.cv === 'number' && record.derived.cv > CV_LIMIT(record.messageBytes));
  if (unsteady.length > 0) notes.push(`trial CV above its limit at ${unsteady.length} of ${records.length} sizes`);
  return notes;
}

export function buildSummaryRows(dataset: Dataset): SummaryRow[] {
  return dataset.build.instances.map((entry) => {
    const records = dataset.records
      .map(({ record }) => record)
      .filter((record) => record.candidate === entry.candidate && record.instance === entry.instance)
      .sort((a, b) => a.messageBytes - b.messageBytes);
    const perByte = records.find((record) => record.messageBytes === PER_BYTE_SIZE_BYTES);
    const cyclesPerByteValue = perByte?.status === 'complete' ? perByte.derived.cyclesPerByte : null;
    return {
      entry,
      records,
      cycles: SUMMARY_SIZES_BYTES.map((bytes) => cyclesCell(records, bytes)),
      cyclesPerByte: perByte === undefined ? '—' : cyclesPerByteValue === null ? 'failed' : formatCyclesPerByte(cyclesPerByteValue),
      cyclesPerByteValue,
      kat: entry.kat === 'PASS' ? 'PASS' : `⚠ ${entry.kat}`,
      notes: notesOf(entry, records),
    };
  });
}

/** "cycles are ticks of the tsc counter at 2.45 GHz (not core cycles)" for a whole dataset. */
export function describeDatasetCounters(dataset: Dataset): Inline[] {
  const counters = countersUsed({ dataset, candidateId: '', instances: dataset.build.instances, records: dataset.records });
  if (counters.length === 0) return ['No timing record exists on this system.'];
  return counters.flatMap((counter, index) => {
    const lead = index === 0 ? '' : ' ';
    if (counter.kind === 'core-cycles') return [`${lead}Cycles are core clock cycles counted by `, { code: counter.name }, '.'];
    const rate = typeof counter.hz === 'number' ? ` at ${formatGigahertz(counter.hz)}` : '';
    return [`${lead}“Cycles” are ticks of the `, { code: counter.name }, ` counter${rate}, a fixed rate: not core clock cycles.`];
  });
}
