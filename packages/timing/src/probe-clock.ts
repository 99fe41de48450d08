import type { CounterName } from './counter-types.js';
import type { TimingRunner } from './driver-runner.js';
import { resolveRunner } from './internal/resolve-runner.js';
import { TimingError } from './timing-error.js';

/** Options of {@link probeClock}. */
export interface ProbeClockOptions {
  /** Driver path; default: `driverPath()` of @ngcc-perf/native. Ignored when `runner` is given. */
  driverPath?: string;
  /** Injected runner (tests). */
  runner?: TimingRunner;
  /** Pin the probe to this CPU (the measuring CPU). */
  cpu?: number;
  /** Windows (driver default 21, guide §3.4); fewer make a quicker, rougher probe. */
  windows?: number;
  /** Length of one window, ms (driver default 50, guide §3.4). */
  windowMs?: number;
  /** Kill the probe after this many seconds (default 30; it takes about 1 s). */
  timeoutSeconds?: number;
}

/** What the clock probe found (@ngcc-perf/native/PROTOCOL.md `clock-probe`). */
export interface ClockProbe {
  /** The counter the probe read. */
  counter: CounterName;
  /** CPU the probe ended on, when the driver says. */
  cpu: number | null;
  /** Length of one window, ms, when the driver says. */
  windowMs: number | null;
  /** Ticks per second of each window, in order (empty when the driver did not list them). */
  windowsHz: number[];
  /** Median over the windows (the driver's lower nearest-rank rule), ticks per second. */
  medianHz: number;
  /** First and third quartile over the windows, ticks per second, when the driver says. */
  q1Hz: number | null;
  q3Hz: number | null;
  /** Interquartile range over the windows, ticks per second. */
  iqrHz: number;
  /** iqrHz / medianHz, a fraction. */
  iqrRelative: number;
  /** True when iqrRelative ≤ 0.5 % (guide §3.4). */
  steady: boolean;
  /**
   * `core-clock` when the counter counts core cycles (the probe measured the core's frequency);
   * `counter-rate` for a fixed-rate counter (it measured the counter against CLOCK_MONOTONIC_RAW,
   * which says the counter is steady, not that the core is).
   */
  measures: 'counter-rate' | 'core-clock';
  /** Involuntary context switches during the windows, when the driver says. */
  involuntarySwitches: number | null;
}

/** Relative IQR above which the probe calls the clock unsteady: 0.5 % (guide §3.4). */
export const CLOCK_PROBE_STEADY_IQR_RELATIVE = 0.005;

/**
 * Runs the driver's clock probe: the counter's rate over 21 windows of 50 ms against
 * CLOCK_MONOTONIC_RAW, its median and IQR, and whether it is steady (IQR ≤ 0.5 % of the median).
 * guide §3.4 asks for it where cpufreq does not show a fixed frequency (e.g. a virtual machine).
 *
 * @param options - {@link ProbeClockOptions}.
 * @returns the {@link ClockProbe}.
 * @throws {@link TimingError} `INVALID_OPTIONS` for a bad cpu, windows or windowMs;
 *   `DRIVER_UNSUPPORTED` when the driver has no `clock-probe`
 *   subcommand (rebuild native/ with `npm run build`); `DRIVER_NOT_FOUND`, `DRIVER_FAILED` (e.g.
 *   a CPU that cannot be pinned), `DRIVER_VERSION`, `PROTOCOL`.
 * @remarks Source: guide §3.4 (host state: "a clock probe (median of 21 windows of 50 ms, unsteady
 *   if IQR > 0.5 %)"); @ngcc-perf/native/PROTOCOL.md `clock-probe`.
 * @example
 * ```ts
 * const probe = await probeClock({ cpu: 1 });
 * console.log(`${(probe.medianHz / 1e6).toFixed(1)} MHz, IQR ${(probe.iqrRelative * 100).toFixed(3)} %`, probe.steady);
 * ```
 */
export async function probeClock(options: ProbeClockOptions = {}): Promise<ClockProbe> {
  const limits: Array<[string, number | undefined, number, number]> = [
    ['cpu', options.cpu, 0, Number.MAX_SAFE_INTEGER],
    ['windows', options.windows, 1, 1001],
    ['windowMs', options.windowMs, 1, 10000],
  ];
  for (const [name, value, low, high] of limits) {
    if (value !== undefined && (!Number.isInteger(value) || value < low || value > high)) {
      throw new TimingError(
        'INVALID_OPTIONS',
        `probeClock: ${name} is ${value}; it must be an integer from ${low} to ${high}.`,
      );
    }
  }
  const runner = resolveRunner(options.runner, options.driverPath);
  const line = await runner.clockProbe({
    timeoutSeconds: options.timeoutSeconds ?? 30,
    ...(options.cpu === undefined ? {} : { cpu: options.cpu }),
    ...(options.windows === undefined ? {} : { windows: options.windows }),
    ...(options.windowMs === undefined ? {} : { windowMs: options.windowMs }),
  });
  return {
    counter: typeof line.counter === 'string' ? line.counter : line.counter.name,
    cpu: line.cpu ?? null,
    windowMs: line.windowMs ?? null,
    windowsHz: line.windowsHz ?? [],
    medianHz: line.medianHz,
    q1Hz: line.q1Hz ?? null,
    q3Hz: line.q3Hz ?? null,
    iqrHz: line.iqrHz,
    iqrRelative: line.iqrRelative,
    steady: line.steady,
    measures: line.measures,
    involuntarySwitches: line.involuntarySwitches ?? null,
  };
}
