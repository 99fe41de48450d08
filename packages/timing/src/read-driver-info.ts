import type { DriverInfo } from './driver-lines.js';
import type { TimingRunner } from './driver-runner.js';
import { resolveRunner } from './internal/resolve-runner.js';

/** Options of {@link readDriverInfo}. */
export interface ReadDriverInfoOptions {
  /** Driver path; default: `driverPath()` of @ngcc-perf/native. Ignored when `runner` is given. */
  driverPath?: string;
  /** Injected runner (tests). */
  runner?: TimingRunner;
}

/**
 * Asks the driver which counter it would use and why (`ngcc-perf-driver info`), with its version,
 * architecture and page size.
 *
 * @param options - {@link ReadDriverInfoOptions}.
 * @returns the driver's {@link DriverInfo}: `driver` (version), `arch`, `pageBytes`, `counter`
 *   (`name`, `kind`, `reason`).
 * @throws {@link TimingError} `DRIVER_NOT_FOUND` (no path, nothing at it), `DRIVER_FAILED` (non-zero
 *   exit), `DRIVER_VERSION` (rebuild native/ with `npm run build`), `PROTOCOL`.
 * @remarks Source: @ngcc-perf/native/PROTOCOL.md `info`; guide §3.4 (counter choice).
 * @example
 * ```ts
 * const { counter } = await readDriverInfo({ driverPath: 'native/build/ngcc-perf-driver' });
 * if (counter.kind === 'fixed-rate') console.warn(`not core cycles: ${counter.reason}`);
 * ```
 */
export async function readDriverInfo(options: ReadDriverInfoOptions = {}): Promise<DriverInfo> {
  return resolveRunner(options.runner, options.driverPath).info();
}
