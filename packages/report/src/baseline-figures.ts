import { baselineMultiple, formatBaselineMultiple, type BaselineMultiple } from '@ngcc-perf/stats';
import { recordHeadline } from './record-headline.js';
import { pairedCycles } from './internal/cycles-order.js';
import type { Dataset } from './dataset.js';
import type { TimingRecord } from '@ngcc-perf/record';

/**
 * The baseline instance a record is compared with (the NGCC site's ordered measurements): the `pseudoXOF` instance of the
 * campaign's baseline at the record's output width; its record at the same message length.
 *
 * @param dataset - one run directory.
 * @param record - any record of it.
 * @returns the baseline's record, or null when the run measured no baseline at that width and length.
 * @throws nothing.
 * @example
 * ```ts
 * baselineRecordFor(dataset, record)?.instance; // 'pseudoxof_512'
 * ```
 */
export function baselineRecordFor(dataset: Dataset, record: TimingRecord): TimingRecord | null {
  const baseline = dataset.campaign.baseline;
  if (baseline === undefined) return null;
  const instance = baseline.instances.find(
    (entry) => entry.helper === 'pseudoXOF' && entry.digestBits === record.digestBits,
  )?.instance;
  if (instance === undefined) return null;
  return (
    dataset.records
      .map((entry) => entry.record)
      .find(
        (other) =>
          other.candidate === baseline.candidate &&
          other.instance === instance &&
          other.messageBytes === record.messageBytes,
      ) ?? null
  );
}

/**
 * An operation's ticks per call as a multiple of the baseline's at the same output width and
 * message length, above 1 = more ticks per call than the baseline. When the two were measured in
 * turns in one batch (the campaign's measure phase), the multiple is their paired comparison
 * (`pairedRatio` of `@ngcc-perf/stats`: the median of the round-by-round ratios of trial means,
 * with the headline's order-statistic interval and its exact coverage), so that a change of the
 * host during the batch cancels; otherwise the ratio of the two headlines with the Bonferroni
 * interval of `baselineMultiple`.
 *
 * @param dataset - one run directory.
 * @param record - the operation's record.
 * @returns the multiple; null without a complete record on either side or on different counters.
 * @throws nothing for a validated dataset.
 * @example
 * ```ts
 * recordBaselineMultiple(dataset, record)?.ratio; // 1.93
 * ```
 */
export function recordBaselineMultiple(dataset: Dataset, record: TimingRecord): BaselineMultiple | null {
  const baseline = baselineRecordFor(dataset, record);
  if (baseline === null || baseline.counter?.name !== record.counter?.name) return null;
  const figure = recordHeadline(record);
  const base = recordHeadline(baseline);
  if (figure === null || base === null || !(base.medianCycles > 0)) return null;
  const paired = pairedCycles(record, baseline);
  if (paired !== null)
    return { ratio: paired.medianRatio, low: paired.lowRatio, high: paired.highRatio, coverage: paired.coverage };
  return baselineMultiple(figure, base);
}

/**
 * The text of {@link recordBaselineMultiple} as every page and export prints it
 * (`1.93× (1.80–2.07)`), `—` when there is none.
 *
 * @param dataset - one run directory.
 * @param record - the operation's record, or undefined when not measured.
 * @returns the text.
 * @throws nothing for a validated dataset.
 * @example
 * ```ts
 * formatRecordBaselineMultiple(dataset, record); // '1.93× (1.80–2.07)'
 * ```
 */
export function formatRecordBaselineMultiple(dataset: Dataset, record: TimingRecord | undefined): string {
  const multiple = record === undefined ? null : recordBaselineMultiple(dataset, record);
  return multiple === null ? '—' : formatBaselineMultiple(multiple);
}

/**
 * True for a build entry or record of the campaign's baseline candidate.
 *
 * @param dataset - one run directory.
 * @param item - anything with a `candidate` id.
 * @returns whether it belongs to the baseline.
 * @throws nothing.
 * @example
 * ```ts
 * dataset.build.instances.filter((entry) => !isBaselineCandidate(dataset, entry));
 * ```
 */
export function isBaselineCandidate(dataset: Dataset, item: { candidate: string }): boolean {
  return dataset.campaign.baseline?.candidate === item.candidate;
}
