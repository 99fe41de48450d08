// §4 Performance: what the counter is, how trials were run, the timing table, the per-call
// table (when records have per-call figures) and the charts.
import { katVerdictMeaning, type KatOutcome } from '../kat-verdict-meanings.js';
import {
  formatCycles,
  formatCyclesPerByte,
  formatMeasurementCount,
  formatMegabytesPerSecond,
  formatSeconds,
} from '@ngcc-perf/stats';
import { formatGigahertz } from './candidate-context.js';
import { counterTerm } from './counter-term.js';
import { countersUsed } from './environment-section.js';
import { buildPerCallBlocks } from './per-call-table.js';
import { isUnsteady, UNSTEADY_MARKER } from './reliability.js';
import { buildReliabilityBlocks } from './reliability-table.js';
import { buildPerformanceCharts } from './performance-charts.js';
import { buildInstructionCountBlocks } from './instruction-count-blocks.js';
import { codeSpan, paragraph } from './report-model.js';
import type { CandidateContext } from './candidate-context.js';
import type { CounterInfo, TimingRecord } from '@ngcc-perf/record';
import type { Block, Inline, ReportSection } from './report-model.js';

/**
 * What the figures of a page count: core clock cycles of a hardware counter, or ticks of a
 * fixed-rate counter with its rate and why the cycle counter was not used. `perByte`: the page
 * shows ticks/byte (hash pages), said in the same sentence.
 */
export function describeCounter(counter: CounterInfo, perByte = true): Inline[] {
  if (counter.kind === 'core-cycles') {
    return [
      'The cycle figures are core clock cycles, counted in user mode by the hardware counter ',
      codeSpan(counter.name),
      '.',
    ];
  }
  const rate =
    counter.hz === null || counter.hz === undefined ? 'a fixed rate' : `a fixed rate of ${formatGigahertz(counter.hz)}`;
  const reason = counter.reason ? ` The hardware cycle counter was not used: ${counter.reason}.` : '';
  return [
    'The ticks in this table are counts of the ',
    codeSpan(counter.name),
    ` counter, which runs at ${rate}; they are not core clock cycles${perByte ? ', so ticks/byte are counter ticks per byte' : ''}.${reason}`,
  ];
}

function describeMethod(context: CandidateContext): Inline[] {
  const { plan } = context.dataset.campaign;
  const term = counterTerm(context.dataset.records.map(({ record }) => record));
  return [
    `Method: a single cold call calibrates, for each instance and message length, how many calls make a trial of about ${plan.trialTargetSeconds} s ` +
      `(no fewer than ${plan.minIterations}, no more than ${plan.maxIterations}, within ${plan.budgetSeconds} s per operation). ` +
      `Then ${plan.trials} trials run, each in a fresh driver process pinned to one CPU and preceded by warm-up calls. ` +
      `Mean ${term.perCall} and mean time divide the totals over all n calls by n; MB/s counts 10^6 bytes. ` +
      'Every call hashes the same L-byte buffer, filled by the rule ',
    codeSpan(plan.messageRule),
    '.',
    ...warmPlanSentence(context),
  ];
}

/** Said only when some operation was planned from its warm calls (records since the warm check); else nothing. */
function warmPlanSentence(context: CandidateContext): Inline[] {
  const plans = context.records.flatMap(({ record }) =>
    record.plan === null || record.plan === undefined ? [] : [record.plan],
  );
  const warm = plans.filter((plan) => plan.calibrationBasis === 'warm-calls').length;
  if (warm === 0) return [];
  return [
    ` For ${warm} of ${plans.length} operations the cold call took more than twice as long as the calls right after it — one-time set-up or cold caches, ` +
      'not the steady hash — so their trials were planned from those warm calls instead (the method page says which figure each plan used).',
  ];
}

/** `n (trials × iterations)` of a record's trials, or `n (k trials)` when their iterations differ. */
export function trialShape(record: Pick<TimingRecord, 'processes'>): string {
  const iterations = record.processes.flatMap((entry) => (entry.trial === null ? [] : [entry.trial.iterations]));
  const distinct = new Set(iterations);
  if (distinct.size === 1) return formatMeasurementCount(iterations.length, iterations[0]!);
  const total = iterations.reduce((sum, value) => sum + value, 0);
  return `${total} (${iterations.length} trials)`;
}

/** The mark beside an instance whose KAT did not pass: ⚠ for wrong answers or a failed run, ? when not checked. */
const OUTCOME_MARK: Record<KatOutcome, string> = { correct: '', wrong: ' ⚠', faulted: ' ⚠', unchecked: ' ?' };

function instanceCell(record: TimingRecord): Inline[] {
  const mark = OUTCOME_MARK[katVerdictMeaning(record.kat).outcome];
  return mark === '' ? [codeSpan(record.instance)] : [codeSpan(record.instance), mark];
}

/** One sentence per kind of mark in the table, each from the verdicts' meanings. */
function markSentences(records: TimingRecord[]): Block[] {
  const outcomes = new Set(records.map((record) => katVerdictMeaning(record.kat).outcome));
  const sentences: string[] = [];
  if (outcomes.has('wrong'))
    sentences.push(
      '⚠ beside a MISMATCH (section 3) marks an instance that gives wrong answers: its figures describe an implementation that is not correct.',
    );
  if (outcomes.has('faulted'))
    sentences.push(
      '⚠ beside a CRYPTOFAIL, OVERFLOW, TIMEOUT or CRASH (section 3) marks an instance whose KAT run failed: its figures describe an implementation that misbehaves.',
    );
  if (outcomes.has('unchecked'))
    sentences.push(
      '? marks an instance whose answers were not checked (NOKAT, section 3: no reference digest to compare with): its figures are of code whose correctness is not known.',
    );
  return sentences.map((sentence) => paragraph(sentence));
}

function performanceRow(record: TimingRecord): Inline[][] {
  const message = [`${record.messageBytes} B`];
  if (record.status !== 'complete') {
    return [instanceCell(record), message, ['—'], ['—'], ['—'], ['—'], [`failed: ${record.failure}`]];
  }
  const { derived } = record;
  return [
    instanceCell(record),
    message,
    [formatCycles(derived.meanCycles)],
    [
      isUnsteady(record)
        ? `${formatCyclesPerByte(derived.cyclesPerByte)} ${UNSTEADY_MARKER}`
        : formatCyclesPerByte(derived.cyclesPerByte),
    ],
    [formatSeconds(derived.meanSeconds)],
    [formatMegabytesPerSecond(derived.megabytesPerSecond)],
    [trialShape(record)],
  ];
}

export function buildPerformanceSection(context: CandidateContext): ReportSection {
  const records = context.records.map(({ record }) => record);
  const term = counterTerm(context.dataset.records.map(({ record }) => record));
  const blocks: Block[] = [];
  for (const counter of countersUsed(context)) blocks.push(paragraph(...describeCounter(counter)));
  blocks.push(paragraph(...describeMethod(context)));
  const retries = records.reduce((sum, record) => sum + record.disturbedRetries, 0);
  if (retries > 0) {
    // guide §3.4's slow clock is one cause; ngcc-perf also reruns a trial that moved to another CPU or
    // waited for one longer than 0.5 % of its loop, and with a fixed-rate counter only those apply.
    blocks.push(
      paragraph(
        `Trials rerun because they were disturbed (a core clock below 95 % of its fixed rate, a move to another CPU, or a wait for a CPU longer than 0.5 % of the loop): ${retries}.`,
      ),
    );
  }
  blocks.push(...markSentences(records));
  if (records.length === 0) blocks.push(paragraph('No timing record exists for this candidate.'));
  blocks.push({
    kind: 'table',
    caption: 'Mean cost per call by instance and message length',
    headers: ['instance', 'message', `mean ${term.perCall}`, term.perByte, 'mean time', 'MB/s', 'n'],
    numeric: [false, true, true, true, true, true, true],
    rows: records.map(performanceRow),
  });
  blocks.push(...buildInstructionCountBlocks(records, instanceCell));
  blocks.push(...buildReliabilityBlocks(context));
  blocks.push(...buildPerCallBlocks(context, instanceCell));
  blocks.push(...buildPerformanceCharts(context));
  return { heading: '4. Performance', id: 'performance', blocks };
}
