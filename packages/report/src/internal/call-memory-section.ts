// §5, second table: the memory of one CryptHash call (stack high-water, heap peak, allocations,
// operation peak) from each record's optional `memory` field, and its growth flag. Nothing is
// added when no record has the field, so such pages stay exactly in the seeds' layout.
import { CALL_MEMORY_GROWTH_LIMITS, findCallMemoryGrowth } from '../call-memory-growth.js';
import { formatMemoryBytes } from '../format-memory-bytes.js';
import { codeSpan, paragraph } from './report-model.js';
import type { CallMemoryFigure } from '../call-memory-growth.js';
import type { TimingRecord } from '@ngcc-perf/record';
import type { Block, Inline } from './report-model.js';

export const FIGURE_LABEL: Record<CallMemoryFigure, string> = {
  stackHighWaterBytes: 'stack',
  heapPeakBytes: 'heap peak',
  operationPeakBytes: 'operation peak',
};

function bytesOrDash(bytes: number | null | undefined): string {
  return bytes === null || bytes === undefined ? '—' : formatMemoryBytes(bytes);
}

/** The figure cells of a record (everything after instance and operation). */
function figureCells(record: TimingRecord): Inline[][] {
  const memory = record.memory ?? null;
  return [
    [bytesOrDash(memory?.stackHighWaterBytes)],
    [bytesOrDash(memory?.heapPeakBytes)],
    [memory === null || memory.heapAllocations === null ? '—' : String(memory.heapAllocations)],
    [bytesOrDash(memory?.operationPeakBytes)],
  ];
}

/**
 * One row per run of consecutive records of an instance with the same figures: a table of eight
 * identical rows says less than one row "hash_32 … hash_65536 (8 sizes)".
 */
export function collapsedMemoryRows(records: readonly TimingRecord[]): Inline[][][] {
  const rows: Inline[][][] = [];
  let start = 0;
  for (let index = 1; index <= records.length; index += 1) {
    const first = records[start]!;
    const same =
      index < records.length &&
      records[index]!.instance === first.instance &&
      JSON.stringify(figureCells(records[index]!)) === JSON.stringify(figureCells(first));
    if (same) continue;
    const last = records[index - 1]!;
    const operation =
      index - 1 === start
        ? `${first.operation}_${first.messageBytes}`
        : `${first.operation}_${first.messageBytes} … ${last.operation}_${last.messageBytes} (${index - start} sizes)`;
    rows.push([[codeSpan(first.instance)], [operation], ...figureCells(first)]);
    start = index;
  }
  return rows;
}

function describeOverhead(records: TimingRecord[]): string {
  const overheads = [
    ...new Set(
      records.flatMap((record) =>
        typeof record.memory?.stackOverheadBytes === 'number' ? [record.memory.stackOverheadBytes] : [],
      ),
    ),
  ].sort((a, b) => a - b);
  if (overheads.length === 0) return '';
  const range = overheads.length === 1 ? `${overheads[0]} B` : `${overheads[0]}–${overheads[overheads.length - 1]} B`;
  return ` The stack figure includes the driver’s own frames around the call (${range}, measured with an empty function in place of CryptHash).`;
}

function growthNote(records: TimingRecord[]): Block {
  const growth = findCallMemoryGrowth(records);
  const { ratio, minimumBytes } = CALL_MEMORY_GROWTH_LIMITS;
  const rule = `more than ${formatMemoryBytes(minimumBytes)} and more than ${Math.round(ratio * 100)} % higher at the largest message than at the smallest`;
  if (growth.length === 0)
    return paragraph(
      'Whether the memory of one call grows with message size cannot be judged here: no instance has it for two message sizes.',
    );
  const flagged = growth.filter((entry) => entry.flagged);
  if (flagged.length === 0)
    return paragraph(`The memory of one call does not grow with message size: no figure of any instance is ${rule}.`);
  const inlines: Inline[] = ['⚠ The memory of one call grows with message size'];
  flagged.forEach((entry, index) => {
    inlines.push(index === 0 ? ' for ' : '; for ', codeSpan(entry.instance));
    inlines.push(
      ` (${FIGURE_LABEL[entry.figure]}): ${formatMemoryBytes(entry.smallestBytes)} at ${entry.smallestMessageBytes} B → ${formatMemoryBytes(entry.largestBytes)} at ${entry.largestMessageBytes} B`,
    );
  });
  inlines.push(`. A figure is flagged when it is ${rule}.`);
  return paragraph(...inlines);
}

/** Per instance, the threads its call started: the stack figure is then the deepest thread's, or misses some. */
function threadNotes(records: TimingRecord[]): Block[] {
  const byInstance = new Map<string, { threads: number; unmeasured: number; workerDeeper: boolean }>();
  for (const record of records) {
    const memory = record.memory;
    const threads = memory?.threadsCreated ?? 0;
    if (memory === null || memory === undefined || threads === 0) continue;
    const entry = byInstance.get(record.instance) ?? { threads: 0, unmeasured: 0, workerDeeper: false };
    entry.threads = Math.max(entry.threads, threads);
    entry.unmeasured = Math.max(entry.unmeasured, memory.workerStacksUnmeasured ?? 0);
    entry.workerDeeper ||= (memory.workerStackHighWaterBytes ?? 0) > (memory.callerStackHighWaterBytes ?? Infinity);
    byInstance.set(record.instance, entry);
  }
  return [...byInstance].map(([instance, entry]) => {
    const started = `${entry.threads} thread${entry.threads === 1 ? '' : 's'}`;
    const inlines: Inline[] = [
      entry.unmeasured > 0 ? '⚠ ' : '',
      codeSpan(instance),
      ` starts ${started} in its call: the stack figure is the deepest of the calling thread and those threads` +
        (entry.workerDeeper ? ' (a worker thread’s stack, deeper than the calling thread’s)' : ''),
    ];
    if (entry.unmeasured > 0) {
      inlines.push(
        `; ${entry.unmeasured} of them ran on a stack the library gave it, whose depth is not measured, so the stack figure may be too low`,
      );
    }
    return paragraph(...inlines, '.');
  });
}

function failureNote(records: TimingRecord[]): Block[] {
  const failed = records.filter(
    (record) => (record.memory === null || record.memory === undefined) && typeof record.memoryFailure === 'string',
  );
  if (failed.length === 0) return [];
  const inlines: Inline[] = ['Not measured for'];
  failed.forEach((record, index) =>
    inlines.push(
      index === 0 ? ' ' : '; ',
      codeSpan(record.instance),
      ` ${record.operation}_${record.messageBytes}: ${record.memoryFailure}`,
    ),
  );
  return [paragraph(...inlines, '.')];
}

export function buildCallMemoryBlocks(records: TimingRecord[]): Block[] {
  if (!records.some((record) => record.memory !== null && record.memory !== undefined)) return [];
  const unsupported = records.some(
    (record) => typeof record.memory?.clearRefs === 'string' && record.memory.clearRefs !== 'supported',
  );
  return [
    paragraph(
      'The second table belongs to the algorithm alone: one CryptHash call, measured in a driver process of its own. ' +
        'Stack is how deep the call reached on a freshly painted stack, counted in 8-byte words; heap peak is the largest number of bytes requested from malloc and its relatives and live at the same time during the call, without allocator bookkeeping; allocations counts those requests; operation peak is how much resident memory grew during the call after the high-water mark was reset.' +
        describeOverhead(records) +
        (unsupported
          ? ' Where the kernel could not reset the high-water mark, the operation peak is not available (—).'
          : ''),
    ),
    {
      kind: 'table',
      caption: 'Memory of one call by instance and operation (consecutive sizes with the same figures share a row)',
      headers: ['instance', 'operation', 'stack', 'heap peak', 'allocations', 'operation peak'],
      numeric: [false, false, true, true, true, true],
      rows: collapsedMemoryRows(records),
    },
    ...threadNotes(records),
    ...failureNote(records),
    growthNote(records),
  ];
}
