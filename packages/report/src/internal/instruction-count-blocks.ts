// Instruction counts beside the cycle figures (records' `instructionCount`, `run --count-instructions`):
// the candidate page's table, the summary's columns and the method page's section. Only runs that
// counted get them; other pages stay as they were.
import { formatCyclesPerByte } from '@ngcc-perf/stats';
import { codeSpan, paragraph } from './report-model.js';
import type { InstructionCount, TimingRecord } from '@ngcc-perf/record';
import type { Dataset } from '../dataset.js';
import type { Block, Inline, ReportSection, TableBlock } from './report-model.js';

/** True when some record of the list carries an instruction count or says why it has none. */
export function hasInstructionCounts(records: readonly TimingRecord[]): boolean {
  return records.some((record) => record.instructionCount != null || record.instructionCountFailure != null);
}

/** How a count's source is named on a page. */
export function describeInstructionSource(count: InstructionCount): string {
  return count.source === 'pmu-instructions'
    ? 'PMU (PERF_COUNT_HW_INSTRUCTIONS, user mode)'
    : `callgrind${count.tool === null ? '' : ` (${count.tool})`}`;
}

/** `170377` or `170377 (calls differ)`: the count of one record; `—` or `not counted` without one. */
export function instructionsCell(record: TimingRecord | undefined): string {
  if (record === undefined) return '—';
  const count = record.instructionCount;
  if (count == null) return record.instructionCountFailure == null ? '—' : 'not counted';
  return count.exact ? String(count.instructions) : `${count.instructions} (calls differ)`;
}

/** Instructions per byte with one decimal, as cycles/byte. */
export function instructionsPerByteCell(record: TimingRecord | undefined): string {
  const count = record?.instructionCount;
  if (count == null || record === undefined) return record?.instructionCountFailure == null ? '—' : 'not counted';
  return record.messageBytes === 0 ? '—' : formatCyclesPerByte(count.instructionsPerByte);
}

function candidateRow(record: TimingRecord, instance: (record: TimingRecord) => Inline[]): Inline[][] {
  const cycles = record.status === 'complete' ? formatCyclesPerByte(record.derived.cyclesPerByte) : '—';
  const count = record.instructionCount;
  return [
    instance(record),
    [`${record.messageBytes} B`],
    [instructionsCell(record)],
    [instructionsPerByteCell(record)],
    [cycles],
    [count == null ? (record.instructionCountFailure ?? '—') : describeInstructionSource(count)],
  ];
}

/**
 * The candidate page's instruction table (after the timing table): instructions per call and per byte
 * beside cycles/byte, with the source of each count. Empty when the run did not count.
 */
export function buildInstructionCountBlocks(
  records: readonly TimingRecord[],
  instance: (record: TimingRecord) => Inline[],
): Block[] {
  if (!hasInstructionCounts(records)) return [];
  // The timing table's unit: core cycles only when every record's counter counts them.
  const perByte = records.every((record) => record.counter?.kind === 'core-cycles') ? 'cycles/byte' : 'ticks/byte';
  return [
    paragraph(
      'Instructions per call are counted, not timed: the instructions the library executed in one call, the same in ' +
        'every run on any host, busy or not (see the method page). They rank work, not speed: they say nothing of ' +
        'cache misses, latency or how many instructions a cycle retires.',
    ),
    {
      kind: 'table',
      caption: `Instructions per call (exact counts) beside ${perByte}`,
      headers: ['instance', 'message', 'instructions', 'instructions/byte', perByte, 'source'],
      numeric: [false, true, true, true, true, false],
      rows: records.map((record) => candidateRow(record, instance)),
    },
  ];
}

/** Adds `instructions/byte @ SIZE` after the summary's cycles/byte column, for runs that counted. */
export function withInstructionColumn(
  table: TableBlock,
  recordsOfRow: readonly TimingRecord[][],
  perByteBytes: number,
  perByteLabel: string,
): TableBlock {
  if (!hasInstructionCounts(recordsOfRow.flat())) return table;
  // After the per-byte column (cycles/byte, or ticks/byte with a fixed-rate counter), else at the end.
  const perByteColumn = table.headers.findIndex((header) => header.includes('/byte @'));
  const at = perByteColumn === -1 ? table.headers.length : perByteColumn + 1;
  const insert = <T>(values: T[], value: T): T[] => [...values.slice(0, at), value, ...values.slice(at)];
  return {
    ...table,
    headers: insert(table.headers, `instructions/byte @ ${perByteLabel}`),
    numeric: insert(table.numeric, true),
    ...(table.prose === undefined ? {} : { prose: insert(table.prose, false) }),
    rows: table.rows.map((cells, i) =>
      insert(cells, [instructionsPerByteCell(recordsOfRow[i]!.find((record) => record.messageBytes === perByteBytes))]),
    ),
  };
}

/** The method page's section on instruction counts; null for a run that did not count. */
export function instructionCountMethodSection(dataset: Dataset): ReportSection | null {
  const records = dataset.records.map(({ record }) => record);
  if (!hasInstructionCounts(records)) return null;
  const sources = [
    ...new Set(
      records.flatMap((record) =>
        record.instructionCount == null ? [] : [describeInstructionSource(record.instructionCount)],
      ),
    ),
  ];
  const calls = [
    ...new Set(
      records.flatMap((record) =>
        record.instructionCount == null ? [] : [record.instructionCount.libraryInstructions.length],
      ),
    ),
  ];
  const failed = records.filter((record) => record.instructionCount == null && record.instructionCountFailure != null);
  const blocks: Block[] = [
    paragraph(
      'Besides its trials, every operation had the instructions of one call counted, in a driver process of its own (',
      codeSpan('ngcc-perf-driver count'),
      `): after uncounted warm-up calls, ${calls.join(' or ') || 'the'} calls were counted, and the same count of an empty ` +
        'function called the same way (the driver’s own instructions around a call) was taken off each. The figure is the ' +
        'median of those calls; ' +
        'a deterministic source gives three equal counts, and a record says when they were not. Under valgrind (callgrind, ' +
        'event Ir) counting is switched on for the library’s calls alone; from the PMU it is the user-mode event ',
      codeSpan('PERF_COUNT_HW_INSTRUCTIONS'),
      ' read right before and after each call. The two sources do not count alike (a repeated string instruction is one ' +
        'instruction to the PMU, one per repetition to valgrind): compare counts of one source only.',
    ),
    paragraph(
      'What a count does not tell: time. Two implementations with the same count can differ several-fold in cycles through ' +
        'cache misses, memory latency, branch mispredictions and instructions retired per cycle (wide vector instructions ' +
        'do more per instruction); a count ranks the work done, and that ranking no host noise can reorder.',
    ),
    paragraph(`Sources used in this run: ${sources.length === 0 ? 'none' : sources.join(', ')}.`),
  ];
  if (failed.length > 0)
    blocks.push(
      paragraph(
        `Not counted: ${failed.map((record) => `${record.instance} at ${record.messageBytes} B (${record.instructionCountFailure})`).join('; ')}.`,
      ),
    );
  return { heading: 'Instruction counts', id: 'instruction-counts', blocks };
}
