// The figures the ranking pages rank, one definition per metric: cycles per call at a message
// length (the record's headline figure with its interval) and, apart from speed, the
// static image, stack high-water and heap peak (exact figures, intervals of width zero).
import { formatHeadlineCycles } from '@ngcc-perf/stats';
import { recordHeadline } from '../record-headline.js';
import { counterTerm } from './counter-term.js';
import type { IntervalFigure } from '@ngcc-perf/stats';
import type { BuildInstance, TimingRecord } from '@ngcc-perf/record';
import { formatMemoryBytes } from '../format-memory-bytes.js';
import { pairedCyclesOrder } from './cycles-order.js';

/** One metric a ranking page ranks, lower is better. */
export interface RankingMetric {
  /** Column heading: `cycles @ 64 KiB`, `static image`. */
  label: string;
  /**
   * Whether the metric enters the overall mean rank: the cycle figures do (the published
   * comparison's metrics), the memory figures are ranked apart, in a table of their own.
   */
  enters: boolean;
  /** The figure of one instance from its build entry and its records; null when it has none. */
  figureOf: (entry: BuildInstance, records: readonly TimingRecord[]) => IntervalFigure | null;
  /** The figure as the pages print it: cycles as every page prints a headline (`4129 (4100–4187)`), bytes alone. */
  format: (figure: IntervalFigure) => string;
  /**
   * What the data establish about two instances beyond their intervals (-1: the first needs
   * fewer, 1: more, 0: not told apart), or null to compare the intervals: the paired comparison
   * of cycles measured in one interleaved batch ({@link pairedCyclesOrder}). Absent for exact figures.
   */
  order?: (a: readonly TimingRecord[], b: readonly TimingRecord[]) => -1 | 0 | 1 | null;
}

const sizeLabel = (bytes: number): string =>
  bytes >= 1024 && bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} B`;

/**
 * Cycles per call of a record: its headline ({@link recordHeadline}: the median of the trial
 * means with its order-statistic interval); without an interval (one trial) the interval is
 * unbounded, so the figure is told apart from none. Null for a failed record.
 */
export function cyclesFigure(record: TimingRecord): IntervalFigure | null {
  const headline = recordHeadline(record);
  if (headline === null) return null;
  const { medianCycles, lowCycles, highCycles } = headline;
  if (lowCycles === null || highCycles === null) return { estimate: medianCycles, ciLow: -Infinity, ciHigh: Infinity };
  return { estimate: medianCycles, ciLow: lowCycles, ciHigh: highCycles };
}

/** A cycles figure in the headline's one text (`formatHeadlineCycles`), interval included: `4129 (4100–4187)`. */
export function formatCyclesFigure(figure: IntervalFigure): string {
  return formatHeadlineCycles({
    medianCycles: figure.estimate,
    lowCycles: Number.isFinite(figure.ciLow) ? figure.ciLow : null,
    highCycles: Number.isFinite(figure.ciHigh) ? figure.ciHigh : null,
    coverage: null,
    trialsCount: 0,
  });
}

const exact = (value: number): IntervalFigure => ({ estimate: value, ciLow: value, ciHigh: value });

function largestMemory(
  records: readonly TimingRecord[],
  field: 'stackHighWaterBytes' | 'heapPeakBytes',
): number | null {
  const values = records.flatMap((record) => {
    const value = record.memory?.[field];
    return typeof value === 'number' ? [value] : [];
  });
  return values.length === 0 ? null : Math.max(...values);
}

/**
 * The metrics of a ranking: cycles (ticks with a fixed-rate counter) at each of `sizesBytes`, which
 * enter the overall mean rank (the published comparison's metrics), then, ranked apart, the static
 * image, the stack high-water and the heap peak (largest over the message lengths) when some record holds them.
 */
export function rankingMetrics(
  sizesBytes: readonly number[],
  instances: readonly { entry: BuildInstance; records: readonly TimingRecord[] }[],
): RankingMetric[] {
  // one term per counter: ticks of a fixed-rate counter are not cycles
  const term = counterTerm(instances.flatMap((item) => item.records)).perCall;
  const atSize = (records: readonly TimingRecord[], bytes: number): TimingRecord | undefined =>
    records.find((candidate) => candidate.messageBytes === bytes);
  const cycles = sizesBytes.map((bytes): RankingMetric => ({
    label: `${term} @ ${sizeLabel(bytes)}`,
    enters: true,
    figureOf: (_entry, records) => {
      const record = atSize(records, bytes);
      return record === undefined ? null : cyclesFigure(record);
    },
    format: formatCyclesFigure,
    order: (a, b) => pairedCyclesOrder(atSize(a, bytes), atSize(b, bytes)),
  }));
  const memory: RankingMetric[] = [
    {
      label: 'static image',
      enters: false,
      figureOf: (entry) => (entry.imageBytes === null ? null : exact(entry.imageBytes)),
      format: (figure) => `${Math.round(figure.estimate)} B`,
    },
    {
      label: 'stack high-water',
      enters: false,
      figureOf: (_entry, records) => {
        const value = largestMemory(records, 'stackHighWaterBytes');
        return value === null ? null : exact(value);
      },
      format: (figure) => formatMemoryBytes(figure.estimate),
    },
    {
      label: 'heap peak',
      enters: false,
      figureOf: (_entry, records) => {
        const value = largestMemory(records, 'heapPeakBytes');
        return value === null ? null : exact(value);
      },
      format: (figure) => formatMemoryBytes(figure.estimate),
    },
  ];
  return [
    ...cycles,
    ...memory.filter((metric) => instances.some(({ entry, records }) => metric.figureOf(entry, records) !== null)),
  ];
}
