/**
 * What went wrong while finding, building or talking to `ngcc-perf-driver`.
 * - `MISSING_TOOLS`: the driver must be built and cmake, make or a C compiler is not installed.
 * - `UNSUPPORTED_PLATFORM`: the driver needs Linux (`/proc`, namespaces, `perf_event_open`).
 * - `BUILD_FAILED`: CMake or the compiler failed while building the driver (the log is kept).
 * - `DRIVER_NOT_FOUND`: `NGCC_PERF_DRIVER` names no executable file.
 * - `DRIVER_VERSION`: a driver line speaks another protocol version (rebuild the driver).
 * - `PROTOCOL`: a line of this protocol version that does not match PROTOCOL.md.
 * - `INVALID_OPTIONS`: an options object with an unknown key, a value of the wrong type or a missing field.
 */
export type NativeErrorCode =
  | 'MISSING_TOOLS'
  | 'UNSUPPORTED_PLATFORM'
  | 'BUILD_FAILED'
  | 'DRIVER_NOT_FOUND'
  | 'DRIVER_VERSION'
  | 'PROTOCOL'
  | 'INVALID_OPTIONS';

/**
 * The one error class of `@ngcc-perf/native`. Its message is one line naming what is missing or
 * wrong and how to fix it; `code` is stable for programs; `cause` keeps the original error.
 *
 * @example
 * ```ts
 * try { await driverPath(); } catch (error) {
 *   if (error instanceof NativeError && error.code === 'MISSING_TOOLS') console.error(error.message);
 * }
 * ```
 */
export class NativeError extends Error {
  /** Stable machine-readable reason; see {@link NativeErrorCode}. */
  readonly code: NativeErrorCode;

  constructor(code: NativeErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NativeError';
    this.code = code;
  }
}
