// §4 per-call table: beside the seeds' loop-scope table, the per-call quartiles of the instances
// whose records carry `derived.perCall` (a per-call-scope run, or the per-call sample process).
import { formatCycles } from '@ngcc-perf/stats';
import { ReportError } from '../report-error.js';
import { buildPerCallResolutionCaveat } from './per-call-resolution-caveat.js';
import { paragraph } from './report-model.js';
import type { CandidateContext } from './candidate-context.js';
import type { PerCallSummary } from '@ngcc-perf/record';
import type { TimingRecord } from '@ngcc-perf/record';
import type { Block, Inline, TableBlock } from './report-model.js';

type PerCallSource = NonNullable<PerCallSummary['source']>;

const NO_FIGURE: Inline[] = ['—'];

function perCallOf(record: TimingRecord): PerCallSummary | null {
  return record.status === 'complete' ? (record.derived.perCall ?? null) : null;
}

/** Records without `source` predate the per-call sample: only per-call trials wrote figures then. */
function sourceOf(perCall: PerCallSummary): PerCallSource {
  return perCall.source ?? 'trials';
}

/** (Q3 − Q1) / median in %, one decimal; no figure when the median is 0 (an empty function). */
function formatSpreadPercent(perCall: PerCallSummary): string {
  const spreadCycles = perCall.q3Cycles - perCall.q1Cycles;
  if (!Number.isFinite(spreadCycles) || spreadCycles < 0) {
    throw new ReportError(
      'INVALID_NUMBER',
      `per-call Q3 (${perCall.q3Cycles}) must not be below Q1 (${perCall.q1Cycles}). Check the record's derived.perCall.`,
    );
  }
  if (!(perCall.medianCycles > 0)) return '—';
  return `${((spreadCycles / perCall.medianCycles) * 100).toFixed(1)} %`;
}

function perCallRow(record: TimingRecord, instance: Inline[]): Inline[][] {
  const message = [`${record.messageBytes} B`];
  if (record.status !== 'complete') return [instance, message, ...Array<Inline[]>(7).fill(NO_FIGURE)];
  const loopMean = [formatCycles(record.derived.meanCycles)];
  const perCall = perCallOf(record);
  if (perCall === null) return [instance, message, loopMean, ...Array<Inline[]>(6).fill(NO_FIGURE)];
  return [
    instance,
    message,
    loopMean,
    [formatCycles(perCall.q1Cycles)],
    [formatCycles(perCall.medianCycles)],
    [formatCycles(perCall.q3Cycles)],
    [formatSpreadPercent(perCall)],
    perCall.overheadCycles === undefined ? NO_FIGURE : [formatCycles(perCall.overheadCycles)],
    [String(perCall.calls)],
  ];
}

function describeSource(sources: ReadonlySet<PerCallSource>): string {
  const subtract = 'the cost of one counter read (the read overhead) is subtracted from each reading';
  if (!sources.has('trials')) {
    return (
      'Per-call scope: after the loop-scope trials, one more process reads the counter before and after every single call, ' +
      `${subtract}, and Q1, median and Q3 are the quartiles over its calls (last column); that process does not enter the table above.`
    );
  }
  if (!sources.has('sample')) {
    return (
      'Per-call scope: here the trials themselves read the counter before and after every single call; ' +
      `${subtract}, each trial takes the quartiles over its calls, and each figure is the median over the trials (last column: the calls of all trials together). ` +
      'The loop mean of such trials includes one counter read per call.'
    );
  }
  return (
    'Per-call scope: the counter is read before and after every single call — in the trials themselves where they ran in per-call scope, else in one more process after the loop-scope trials; ' +
    `${subtract}, and Q1, median and Q3 are the quartiles over the calls of the last column (for per-call trials, the median over the trials).`
  );
}

const MEANING =
  ' The loop mean is the figure of the table above and of the seed reports: the counter read once around n calls, divided by n. ' +
  'A per-call median far below the loop mean does not contradict it: the mean carries the rare slow calls (an interrupt, a page fault, caches refilled after a context switch) that the median ignores. ' +
  'IQR / median, (Q3 − Q1) / median, says how much the ordinary calls themselves vary.';

/**
 * The paragraph and table of per-call quartiles beside the loop-scope table of §4, for each
 * instance that has `derived.perCall` in at least one record (its other sizes show —); no block
 * at all when no record has them, so pages of loop-only runs stay the seeds' layout.
 */
export function buildPerCallBlocks(
  context: CandidateContext,
  instanceCell: (record: TimingRecord) => Inline[],
): Block[] {
  const records = context.records.map(({ record }) => record);
  const withPerCall = records.filter((record) => perCallOf(record) !== null);
  if (withPerCall.length === 0) return [];
  const instances = new Set(withPerCall.map((record) => record.instance));
  const sources = new Set(withPerCall.map((record) => sourceOf(perCallOf(record)!)));
  const coreCycles = withPerCall.every((record) => record.counter?.kind === 'core-cycles');
  const unit = coreCycles ? 'cycles' : 'ticks';
  const table: TableBlock = {
    kind: 'table',
    caption: 'Per-call quartiles beside the loop-scope mean, by instance and message length',
    headers: [
      'instance',
      'message',
      `loop mean ${unit}`,
      `per-call Q1 ${unit}`,
      `per-call median ${unit}`,
      `per-call Q3 ${unit}`,
      'IQR / median',
      `read overhead ${unit}`,
      'calls',
    ],
    numeric: [false, true, true, true, true, true, true, true, true],
    rows: records
      .filter((record) => instances.has(record.instance))
      .map((record) => perCallRow(record, instanceCell(record))),
  };
  return [paragraph(describeSource(sources) + MEANING), table, ...buildPerCallResolutionCaveat(records)];
}
