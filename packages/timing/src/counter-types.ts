/**
 * The counter a trial reads (SPEC §5): PMU core cycles where the kernel allows, else a
 * fixed-rate counter — the x86-64 TSC (`tsc` read with lfence/rdtsc/lfence, or `tscp` with
 * rdtscp/lfence, only when forced), the arm64 virtual counter, or CLOCK_MONOTONIC_RAW in ns.
 */
export type CounterName = 'pmu-cycles' | 'tsc' | 'tscp' | 'cntvct' | 'clock';

/** `core-cycles` only for `pmu-cycles`; the others tick at a fixed rate and are not core cycles. */
export type CounterKind = 'core-cycles' | 'fixed-rate';

/**
 * The counter as the driver describes it (`info` and `meta` lines, native/PROTOCOL.md). The
 * figures after `reason` are optional: drivers built before they were added leave them out.
 */
export interface DriverCounter {
  name: CounterName;
  kind: CounterKind;
  /** Why a better counter was not taken (absent with `pmu-cycles`). */
  reason?: string;
  /** How it is read: `rdpmc`, `read`, `lfence-rdtsc-lfence`, `rdtscp-lfence`, `isb-mrs-cntvct_el0`, `clock_gettime`. */
  access?: string;
  /** Ticks per second as the driver measured it against CLOCK_MONOTONIC_RAW at start (exactly 1e9 for `clock`). */
  hz?: number;
  /** Cost of one read: median difference of 1001 back-to-back reads, ticks. */
  overheadTicks?: number;
  /** Smallest non-zero difference among those reads, ticks. */
  resolutionTicks?: number;
}

/** The counter of a measurement, with its measured rate. */
export interface MeasuredCounter extends Omit<DriverCounter, 'hz'> {
  /** Σ ticks / Σ seconds over the completed trials, ticks per second; for a fixed-rate counter its frequency. */
  hz: number | null;
  /** The rate the driver stated in its `meta` line (`counter.hz`), ticks per second, when it did. */
  driverHz?: number;
}
