// §5 Resource consumption of a candidate of a category other than hash, per operation: the static
// ELF image (PT_LOAD MemSiz, record `imageBytes`), baseline and peak RSS of the timing processes
// (VmHWM), and the stack and heap of one call after the operation's set-up (record `memory`, the
// driver's op-memory), with why a figure is missing.
import type { OperationRecord } from '@ngcc-perf/record';
import { formatMemoryBytes } from '../format-memory-bytes.js';
import { codeSpan, paragraph } from './report-model.js';
import { kibOrDash, RESOURCE_CAVEAT } from './resource-section.js';
import { STATIC_IMAGE_SENTENCE } from './static-image-note.js';
import type { Block, Inline, ReportSection } from './report-model.js';

function bytesOrDash(bytes: number | null | undefined): string {
  return bytes === null || bytes === undefined ? '—' : formatMemoryBytes(bytes);
}

function resourceRow(record: OperationRecord, label: string): Inline[][] {
  const rss = record.status === 'complete' ? record.derived : null;
  const memory = record.memory ?? null;
  return [
    [codeSpan(record.instance)],
    [label],
    [record.imageBytes === null ? '—' : String(record.imageBytes)],
    [rss === null ? '—' : kibOrDash(rss.baselineRssBytes)],
    [rss === null ? '—' : kibOrDash(rss.peakRssBytes)],
    [bytesOrDash(memory?.stackHighWaterBytes)],
    [bytesOrDash(memory?.heapPeakBytes)],
  ];
}

/** Why the memory of one call is missing for some operations, one line. */
function failureNote(records: readonly OperationRecord[], label: (record: OperationRecord) => string): Block[] {
  const failed = records.filter((record) => (record.memory ?? null) === null);
  if (failed.length === 0) return [];
  const inlines: Inline[] = ['The memory of one call was not measured for'];
  failed.forEach((record, index) =>
    inlines.push(
      index === 0 ? ' ' : '; ',
      codeSpan(record.instance),
      ` ${label(record)}: ${record.memoryFailure ?? (record.status === 'complete' ? 'no reason recorded' : 'its timing failed')}`,
    ),
  );
  return [paragraph(...inlines, '.')];
}

/** The driver's own frames counted in the stack figure, as measured with an empty function. */
function overheadSentence(records: readonly OperationRecord[]): string {
  const overheads = [
    ...new Set(
      records.flatMap((record) =>
        typeof record.memory?.stackOverheadBytes === 'number' ? [record.memory.stackOverheadBytes] : [],
      ),
    ),
  ].sort((a, b) => a - b);
  if (overheads.length === 0) return '';
  const range = overheads.length === 1 ? `${overheads[0]} B` : `${overheads[0]}–${overheads[overheads.length - 1]} B`;
  return ` The stack figure includes the driver’s own frames around the call (${range}, measured with an empty function in its place).`;
}

/**
 * §5 of the page of a candidate of a category other than hash: one row per instance and operation.
 * @param label - the operation's words on the page (the category's `operations.label`)
 */
export function buildOperationResourceSection(
  records: readonly OperationRecord[],
  label: (record: OperationRecord) => string,
): ReportSection {
  return {
    heading: '5. Resource consumption',
    id: 'resources',
    blocks: [
      paragraph(RESOURCE_CAVEAT),
      paragraph(STATIC_IMAGE_SENTENCE),
      paragraph(
        'Stack and heap belong to the operation alone: one call, measured in a driver process of its own after the objects it needs (a key pair, a ciphertext, a signature, the state of an exchange) were made and checked. ' +
          'Stack is how deep the call reached on a freshly painted stack, counted in 8-byte words; heap is the largest number of bytes requested from malloc and its relatives and live at the same time during the call, without allocator bookkeeping.' +
          overheadSentence(records),
      ),
      {
        kind: 'table',
        caption: 'Static image, resident memory and the memory of one call by instance and operation',
        headers: [
          'instance',
          'operation',
          'static: ELF image (bytes)',
          'baseline RSS',
          'peak RSS',
          'stack (one call)',
          'heap (one call)',
        ],
        numeric: [false, false, true, true, true, true, true],
        rows: records.map((record) => resourceRow(record, label(record))),
      },
      ...failureNote(records, label),
    ],
  };
}
