import type { CounterInfo } from '@ngcc-perf/record';
import type { DriverCounter } from './driver-lines.js';

export type { CounterKind, CounterName } from '@ngcc-perf/record';
export type { DriverCounter } from './driver-lines.js';

/**
 * The counter of a measurement, with its measured rate: the driver's description and
 * `@ngcc-perf/record`'s `hz` (Σ ticks / Σ seconds over the completed trials; null when no trial
 * completed) and `driverHz` (the rate the driver stated in its `meta` line, when it did).
 */
export type MeasuredCounter = Omit<DriverCounter, 'hz'> &
  Pick<Required<CounterInfo>, 'hz'> &
  Pick<CounterInfo, 'driverHz'>;
