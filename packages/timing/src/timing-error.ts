/**
 * What went wrong in the harness (never in the library under test — a library that fails is
 * data in the measurement, see `ProcessFailure`).
 * - `DRIVER_NOT_FOUND`: no driver path given, or no executable at it.
 * - `DRIVER_VERSION`: the driver speaks another protocol version than this package.
 * - `PROTOCOL`: the driver wrote a line this package cannot validate.
 * - `DRIVER_FAILED`: the driver itself failed where no library was involved (`info`), or could not be spawned.
 * - `INVALID_OPTIONS`: an argument that cannot be right (negative bytes, zero trials, …).
 * - `NO_TRIALS`: statistics asked for over no completed trial.
 * - `DRIVER_UNSUPPORTED`: the option or subcommand asked for is not (yet) in the driver that was
 *   found — rebuild native/ with `npm run build`, or drop the option.
 */
export type TimingErrorCode =
  | 'DRIVER_NOT_FOUND'
  | 'DRIVER_VERSION'
  | 'PROTOCOL'
  | 'DRIVER_FAILED'
  | 'INVALID_OPTIONS'
  | 'NO_TRIALS'
  | 'DRIVER_UNSUPPORTED';

/**
 * The one error class of `@ngcc-perf/timing`. The message names the input (driver path, line,
 * option) and says how to fix it; `code` is stable; `cause` keeps the original error.
 *
 * @example
 * ```ts
 * try { await readDriverInfo(); } catch (error) {
 *   if (error instanceof TimingError && error.code === 'DRIVER_NOT_FOUND') console.error(error.message);
 * }
 * ```
 */
export class TimingError extends Error {
  /** Stable machine-readable reason; see {@link TimingErrorCode}. */
  readonly code: TimingErrorCode;

  constructor(code: TimingErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TimingError';
    this.code = code;
  }
}
