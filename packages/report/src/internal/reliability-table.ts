// §4, beside the seeds' table: how far each row can be trusted — its trial CV against the limit,
// the 95 % interval of the mean cycles/byte, the headline (the median of the trial means, which
// one disturbed trial cannot move, with its interval) and the outlier trials. Rows follow the
// seeds' table, one per record.
import { cvWarningLimit } from '@ngcc-perf/stats';
import { formatRecordHeadline } from '../record-headline.js';
import { counterTerm } from './counter-term.js';
import { headlineIntervalWords } from './headline-words.js';
import { codeSpan, paragraph } from './report-model.js';
import { cvCell, CV_LIMIT_SENTENCE, formatIntervalPerByte, isUnsteady, UNSTEADY_MARKER } from './reliability.js';
import type { CandidateContext } from './candidate-context.js';
import type { TimingRecord } from '@ngcc-perf/record';
import type { Block, Inline } from './report-model.js';

function reliabilityRow(record: TimingRecord): Inline[][] {
  const head: Inline[][] = [[codeSpan(record.instance)], [`${record.messageBytes} B`]];
  if (record.status !== 'complete')
    return [...head, ['—'], [`${Math.round(cvWarningLimit(record.messageBytes) * 100)} %`], ['—'], ['—'], ['—']];
  const trials = record.processes.filter((entry) => entry.trial !== null).length;
  const outliers = record.derived.outlierTrials;
  return [
    ...head,
    [cvCell(record)],
    [`${Math.round(cvWarningLimit(record.messageBytes) * 100)} %`],
    [formatIntervalPerByte(record)],
    [formatRecordHeadline(record, 'per-byte')],
    [outliers === undefined ? 'not recorded' : `${outliers.length} of ${trials}`],
  ];
}

function unsteadySentence(flagged: number, rows: number): string {
  return `${UNSTEADY_MARKER} marks ${flagged} of ${rows} rows for which ${CV_LIMIT_SENTENCE}; their mean is less certain than the others — read the interval and the headline beside it.`;
}

/**
 * What the rows' trial CVs show when none is above its limit: agreement is claimed only for the
 * rows that have a CV; rows without one (a single trial, a CV not recorded, a failed row) are
 * counted and said to claim nothing.
 */
function agreementSentence(records: readonly TimingRecord[]): string {
  const withCv = records.filter((record) => record.status === 'complete' && typeof record.derived.cv === 'number');
  const limits =
    'the trial CV (standard deviation of the trial means over their mean) is at most 5 % below 4096 B and 2 % from 4096 B';
  if (withCv.length === records.length) return `Every row’s trials agree within the limit: ${limits}.`;
  const without = records.length - withCv.length;
  const none = `${without} of ${records.length} rows ${without === 1 ? 'has' : 'have'} no trial CV (a single trial, a failed measurement or a CV not recorded), so nothing is claimed about how well their trials agree`;
  if (withCv.length === 0) return `${none[0]!.toUpperCase()}${none.slice(1)}.`;
  return `The trials of the other ${withCv.length} rows agree within the limit: ${limits}; ${none}.`;
}

/** The paragraph and table; no block when the candidate has no record. */
export function buildReliabilityBlocks(context: CandidateContext): Block[] {
  const records = context.records.map(({ record }) => record);
  if (records.length === 0) return [];
  const flagged = records.filter(isUnsteady);
  const unit = counterTerm(records).perByte;
  const sentence = flagged.length > 0 ? unsteadySentence(flagged.length, records.length) : agreementSentence(records);
  const remeasured = records.filter((record) => record.remeasure !== undefined);
  const remeasureSentence: Inline[] = [];
  remeasured.forEach((record, index) => {
    const previous = record.remeasure!;
    remeasureSentence.push(
      index === 0 ? ' Measured again because the first measurement’s trial CV was above its limit: ' : '; ',
      codeSpan(record.instance),
      ` ${record.messageBytes} B`,
    );
    remeasureSentence.push(
      previous.previousCv === null
        ? ' (previous record '
        : ` (previous CV ${(previous.previousCv * 100).toFixed(1)} %, record `,
      codeSpan(previous.previousRecord),
      ')',
    );
  });
  if (remeasured.length > 0) remeasureSentence.push('.');
  return [
    paragraph(
      `How far each row of the table above can be trusted: the trial CV, the 95 % Student-t interval of the mean ${unit} over the trials, the headline ${unit} — the median of the trial means with its interval (${headlineIntervalWords(context.dataset.campaign.plan.trials)}), the figure the summary, the rankings and the exports give — and trials outside Tukey’s fences. ` +
        sentence,
      ...remeasureSentence,
    ),
    {
      kind: 'table',
      caption: 'Reliability of each row: trial CV, 95 % interval of the mean and the headline',
      headers: [
        'instance',
        'message',
        'trial CV',
        'limit',
        `95 % interval of the mean (${unit})`,
        `headline (${unit}, interval)`,
        'outlier trials',
      ],
      numeric: [false, true, true, true, true, true, true],
      rows: records.map(reliabilityRow),
    },
  ];
}
