import type { TimingRecord } from '@ngcc-perf/record';

/** The per-call memory figures of a record's `memory` field that a report checks for growth. */
export type CallMemoryFigure = 'stackHighWaterBytes' | 'heapPeakBytes' | 'operationPeakBytes';

/** The figures {@link findCallMemoryGrowth} looks at, in report order. */
export const CALL_MEMORY_FIGURES: readonly CallMemoryFigure[] = [
  'stackHighWaterBytes',
  'heapPeakBytes',
  'operationPeakBytes',
];

/**
 * When per-call memory counts as growing with the message: the figure at the largest message
 * exceeds that at the smallest by more than `minimumBytes` and by more than `ratio` (or the
 * smallest is 0). The byte floor keeps page-granular noise out: the operation peak moves in 4 KiB
 * pages, so one page more is not growth; four pages (16 KiB) more is. The ratio is the one the
 * peak-RSS flag uses (25 %, {@link PEAK_RSS_GROWTH_THRESHOLD}).
 *
 * @example
 * ```ts
 * findCallMemoryGrowth(records, { ...CALL_MEMORY_GROWTH_LIMITS, minimumBytes: 4096 });
 * ```
 */
export const CALL_MEMORY_GROWTH_LIMITS = Object.freeze({ ratio: 0.25, minimumBytes: 16384 });

/** One per-call memory figure of one instance at its smallest and largest message. */
export interface CallMemoryGrowth {
  instance: string;
  figure: CallMemoryFigure;
  smallestMessageBytes: number;
  largestMessageBytes: number;
  smallestBytes: number;
  largestBytes: number;
  /** largestBytes − smallestBytes (may be negative). */
  growthBytes: number;
  /** largest / smallest − 1; null when the smallest is 0. */
  growthRatio: number | null;
  /** True when the growth passes both limits of {@link CALL_MEMORY_GROWTH_LIMITS}. */
  flagged: boolean;
}

/**
 * For each instance and each figure of {@link CALL_MEMORY_FIGURES} measured at two or more message
 * sizes, compares the figure at the largest message with that at the smallest and flags growth
 * (issue "Memory you can attribute": memory that grows with message size must be visible, as
 * TaiChi-1024's peak RSS is in seed 001). Records without `memory`, or with the figure `null`,
 * are skipped.
 *
 * @param records - records in any order
 * @param limits - {@link CALL_MEMORY_GROWTH_LIMITS} by default
 * @returns entries by instance (first appearance), then figure in {@link CALL_MEMORY_FIGURES} order
 * @example
 * ```ts
 * // heap peak 0 B at 32 B → 65 536 B at 65 536 B: growthBytes 65536, growthRatio null, flagged
 * findCallMemoryGrowth(records).filter((entry) => entry.flagged);
 * ```
 */
export function findCallMemoryGrowth(
  records: readonly TimingRecord[],
  limits: Readonly<{ ratio: number; minimumBytes: number }> = CALL_MEMORY_GROWTH_LIMITS,
): CallMemoryGrowth[] {
  const byInstance = new Map<string, TimingRecord[]>();
  for (const record of records) {
    if (record.memory === null || record.memory === undefined) continue;
    byInstance.set(record.instance, [...(byInstance.get(record.instance) ?? []), record]);
  }
  const result: CallMemoryGrowth[] = [];
  for (const [instance, instanceRecords] of byInstance) {
    for (const figure of CALL_MEMORY_FIGURES) {
      const points = instanceRecords
        .flatMap((record) => {
          const bytes = record.memory?.[figure];
          return bytes === null || bytes === undefined ? [] : [{ messageBytes: record.messageBytes, bytes }];
        })
        .sort((a, b) => a.messageBytes - b.messageBytes);
      if (points.length < 2) continue;
      const smallest = points[0]!;
      const largest = points[points.length - 1]!;
      const growthBytes = largest.bytes - smallest.bytes;
      const growthRatio = smallest.bytes > 0 ? largest.bytes / smallest.bytes - 1 : null;
      result.push({
        instance,
        figure,
        smallestMessageBytes: smallest.messageBytes,
        largestMessageBytes: largest.messageBytes,
        smallestBytes: smallest.bytes,
        largestBytes: largest.bytes,
        growthBytes,
        growthRatio,
        flagged: growthBytes > limits.minimumBytes && (growthRatio === null || growthRatio > limits.ratio),
      });
    }
  }
  return result;
}
