// The caveat under the §4 per-call table for records whose per-call figures sit within a few
// counter resolutions of zero (`derived.perCall.belowResolution`, set and warned by the timing package).
import type { TimingRecord } from '@ngcc-perf/record';
import { paragraph, type Block } from './report-model.js';

/**
 * A paragraph naming each instance × size whose per-call median is within a few counter
 * resolutions of zero, with the counter's resolution, and saying to read the loop mean there;
 * no block when there is none.
 * @param records - the candidate's records, in page order
 */
export function buildPerCallResolutionCaveat(records: readonly TimingRecord[]): Block[] {
  const flagged = records.filter(
    (record) => record.status === 'complete' && record.derived.perCall?.belowResolution === true,
  );
  if (flagged.length === 0) return [];
  const rows = flagged.map((record) => {
    const resolution = record.counter?.resolutionTicks;
    return `${record.instance} ${record.messageBytes} B${resolution === undefined || resolution === null ? '' : ` (resolution ${resolution} ticks)`}`;
  });
  return [
    paragraph(
      `⚠ Per-call figures below the counter's resolution: at ${rows.join(', ')} the per-call median is within a few counter resolutions of zero, ` +
        "so its quartiles and IQR / median show the steps of the counter, not the call. Read the loop mean there (the record's warnings say the same).",
    ),
  ];
}
