// The first screen of a candidate page: per instance, the KAT verdict, cycles/byte and MB/s at
// the longest message measured, and the memory (static image, stack, heap peak) — everything an
// evaluator looks for, before the seed-layout sections.
import { katVerdictInline as verdictInline } from './kat-verdict-inline.js';
import { formatMemoryBytes } from '../format-memory-bytes.js';
import { formatMegabytesPerSecond } from '@ngcc-perf/stats';
import { formatRecordBaselineMultiple } from '../baseline-figures.js';
import { formatRecordHeadline } from '../record-headline.js';
import { counterTerm } from './counter-term.js';
import type { Dataset } from '../dataset.js';
import { constantTimeCell, hasConstantTimeAudit } from './constant-time-section.js';
import { codeSpan, paragraph } from './report-model.js';
import { headlineIntervalWords } from './headline-words.js';
import { cvCell, CV_LIMIT_SENTENCE, isUnsteady, UNSTEADY_MARKER } from './reliability.js';
import type { CandidateContext } from './candidate-context.js';
import type { BuildInstance } from '@ngcc-perf/record';
import type { TimingRecord } from '@ngcc-perf/record';
import type { Block, Inline } from './report-model.js';

/** The KAT verdict as the headline shows it: its label and tone from `KAT_VERDICT_MEANINGS`. */
export function katVerdictInline(entry: BuildInstance): Inline {
  return verdictInline(entry.kat);
}

function longestComplete(records: TimingRecord[]): TimingRecord | undefined {
  return records.filter((record) => record.status === 'complete').sort((a, b) => b.messageBytes - a.messageBytes)[0];
}

/** The constant-time verdict as the headline shows it: ⚠ and red when secret-dependent. */
function ctInline(entry: BuildInstance): Inline {
  const text = constantTimeCell(entry);
  return entry.ct?.verdict === 'secret-dependent'
    ? { text, tone: 'bad' }
    : entry.ct?.verdict === 'constant-time'
      ? { text, tone: 'good' }
      : text;
}

function memoryOrDash(bytes: number | null | undefined): string {
  return typeof bytes === 'number' ? formatMemoryBytes(bytes) : '—';
}

function headlineRow(
  dataset: Dataset,
  withBaseline: boolean,
  entry: BuildInstance,
  records: TimingRecord[],
  withCallMemory: boolean,
  withMessage: boolean,
  withCt: boolean,
): Inline[][] {
  const longest = longestComplete(records);
  const derived = longest?.status === 'complete' ? longest.derived : null;
  const marker = longest !== undefined && isUnsteady(longest) ? ` ${UNSTEADY_MARKER}` : '';
  const image = entry.imageBytes ?? records.find((record) => record.imageBytes !== null)?.imageBytes ?? null;
  const memory = longest?.memory ?? null;
  return [
    [codeSpan(entry.instance)],
    [katVerdictInline(entry)],
    ...(withMessage ? [[longest === undefined ? '—' : `${longest.messageBytes} B`]] : []),
    [derived === null ? '—' : `${formatRecordHeadline(longest, 'per-byte')}${marker}`],
    ...(withBaseline ? [[formatRecordBaselineMultiple(dataset, longest)]] : []),
    [derived === null ? '—' : formatMegabytesPerSecond(derived.megabytesPerSecond)],
    [longest === undefined ? '—' : cvCell(longest)],
    [memoryOrDash(image)],
    ...(withCallMemory ? [[memoryOrDash(memory?.stackHighWaterBytes)], [memoryOrDash(memory?.heapPeakBytes)]] : []),
    ...(withCt ? [[ctInline(entry)]] : []),
  ];
}

/**
 * The headline table (one row per instance of build.json) and one sentence on the marker and
 * where the details are. Same facts in Markdown and HTML; HTML colours the verdict.
 */
export function buildHeadlineBlocks(context: CandidateContext): Block[] {
  const withCallMemory = context.records.some(({ record }) => record.memory !== null && record.memory !== undefined);
  const recordsOf = (entry: BuildInstance): TimingRecord[] =>
    context.records.map(({ record }) => record).filter((record) => record.instance === entry.instance);
  // one longest message for every instance: named in the caption, not repeated on every row
  const longestSizes = new Set(context.instances.map((entry) => longestComplete(recordsOf(entry))?.messageBytes));
  const withMessage = longestSizes.size !== 1 || longestSizes.has(undefined);
  const withCt = hasConstantTimeAudit(context.instances);
  const withBaseline = context.dataset.campaign.baseline !== undefined;
  const rows = context.instances.map((entry) =>
    headlineRow(context.dataset, withBaseline, entry, recordsOf(entry), withCallMemory, withMessage, withCt),
  );
  const commonSize = withMessage ? '' : ` (figures at ${[...longestSizes][0]} B)`;
  const unit = counterTerm(context.records.map(({ record }) => record)).perByte;
  const flagged = context.records.some(({ record }) => isUnsteady(record));
  const notes: Inline[] = [
    `At a glance: figures at the longest message measured${withMessage ? '' : `, ${[...longestSizes][0]} B`}; ${unit} is the headline — the median of the trial means with its interval (${headlineIntervalWords(context.dataset.campaign.plan.trials)}), the figure every page and export gives for the operation` +
      (withBaseline ? '; × pseudoXOF divides it by the ICCS baseline’s at the same output width and length' : '') +
      '; memory is the static ELF image of the library' +
      (withCallMemory
        ? ' and the stack high-water and heap peak of one call at that length'
        : ' (this run did not measure the memory of one call)') +
      '. Sections 4 and 5 give every message length.',
  ];
  if (flagged)
    notes.push(` ${UNSTEADY_MARKER} marks a figure for which ${CV_LIMIT_SENTENCE}; read it with its interval in §4.`);
  return [
    {
      kind: 'table',
      caption: `At a glance, per instance${commonSize}`,
      headers: [
        'instance',
        'KAT',
        ...(withMessage ? ['message'] : []),
        `${unit} (interval)`,
        ...(withBaseline ? ['× pseudoXOF'] : []),
        'MB/s',
        'trial CV',
        'static image',
        ...(withCallMemory ? ['stack', 'heap peak'] : []),
        ...(withCt ? ['constant-time'] : []),
      ],
      numeric: [
        false,
        false,
        ...(withMessage ? [true] : []),
        true,
        ...(withBaseline ? [true] : []),
        true,
        true,
        true,
        ...(withCallMemory ? [true, true] : []),
        ...(withCt ? [false] : []),
      ],
      rows,
    },
    paragraph(...notes),
  ];
}
