import { baselineMultiple, formatBaselineMultiple, type BaselineMultiple } from '@ngcc-perf/stats';
import { recordHeadline } from './record-headline.js';
import type { Dataset } from './dataset.js';
import type { TimingRecord } from '@ngcc-perf/record';

/**
 * The baseline instance a record is compared with (SPEC §9): the `pseudoXOF` instance of the
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
 * An operation's headline as a multiple of the baseline's at the same output width and message
 * length (`baselineMultiple` of `@ngcc-perf/stats`, above 1 = more ticks per call than the baseline).
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
