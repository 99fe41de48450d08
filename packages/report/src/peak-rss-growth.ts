import type { TimingRecord } from '@ngcc-perf/record';

/**
 * Growth of peak RSS from the smallest to the largest message above which a report flags an
 * instance: 0.25 = more than 25 %. Process-level noise in the seeds stays below 10 % (seed
 * 000: litchi_768 1776 → 1844 KiB, +3.8 %); seed 001's TaiChi-1024 grows 4268 → 12512 KiB
 * (+193 %), memory that scales with the input, which a report must show.
 *
 * @example
 * ```ts
 * findPeakRssGrowth(records, PEAK_RSS_GROWTH_THRESHOLD / 2); // a stricter flag
 * ```
 */
export const PEAK_RSS_GROWTH_THRESHOLD = 0.25;

/** Peak RSS at the smallest and largest message of one instance. */
export interface PeakRssGrowth {
  instance: string;
  smallestMessageBytes: number;
  largestMessageBytes: number;
  smallestPeakRssBytes: number;
  largestPeakRssBytes: number;
  /** largest / smallest − 1 (0.25 = +25 %). */
  growthRatio: number;
  /** `growthRatio > threshold`. */
  flagged: boolean;
}

/**
 * For each instance with at least two complete records, compares peak RSS at its largest
 * message with that at its smallest, and flags growth above `threshold` (guide report item
 * (5): memory that grows with the input must be visible, SPEC seeds README).
 *
 * @param records - complete and failed records (failed ones, and those without a peak RSS, are ignored), any order
 * @param threshold - relative growth that raises the flag; default {@link PEAK_RSS_GROWTH_THRESHOLD}
 * @returns one entry per instance, in order of first appearance in `records`
 * @example
 * ```ts
 * const flagged = findPeakRssGrowth(records).filter((entry) => entry.flagged);
 * // TaiChi-1024: 4268 KiB at 32 B → 12512 KiB at 65536 B, growthRatio 1.93
 * ```
 */
export function findPeakRssGrowth(
  records: readonly TimingRecord[],
  threshold = PEAK_RSS_GROWTH_THRESHOLD,
): PeakRssGrowth[] {
  const byInstance = new Map<string, { messageBytes: number; peakRssBytes: number }[]>();
  for (const record of records) {
    if (record.status !== 'complete' || record.derived.peakRssBytes === null) continue;
    const points = byInstance.get(record.instance) ?? [];
    points.push({ messageBytes: record.messageBytes, peakRssBytes: record.derived.peakRssBytes });
    byInstance.set(record.instance, points);
  }
  const result: PeakRssGrowth[] = [];
  for (const [instance, points] of byInstance) {
    if (points.length < 2) continue;
    const sorted = [...points].sort((a, b) => a.messageBytes - b.messageBytes);
    const smallest = sorted[0]!;
    const largest = sorted[sorted.length - 1]!;
    const growthRatio = smallest.peakRssBytes > 0 ? largest.peakRssBytes / smallest.peakRssBytes - 1 : 0;
    result.push({
      instance,
      smallestMessageBytes: smallest.messageBytes,
      largestMessageBytes: largest.messageBytes,
      smallestPeakRssBytes: smallest.peakRssBytes,
      largestPeakRssBytes: largest.peakRssBytes,
      growthRatio,
      flagged: growthRatio > threshold,
    });
  }
  return result;
}
