/**
 * What went wrong while reading a process's memory figures.
 * - `NO_PROC`: the proc filesystem is not mounted (or not Linux).
 * - `NO_PROCESS`: the process has exited, or never existed.
 * - `READ`: the file exists but could not be read (permissions, I/O).
 * - `PARSE`: the text is not in the format the kernel writes.
 * - `INVALID_ARGUMENT`: a pid, page size or measurement option that cannot be right.
 * - `DRIVER_NOT_FOUND`: no `ngcc-perf-driver` at the given path, or it cannot
 *   be started.
 * - `DRIVER_VERSION`: the driver speaks another protocol version (rebuild `native/`).
 * - `PROTOCOL`: a version-1 line that does not match @ngcc-perf/native/PROTOCOL.md.
 * - `DRIVER_FAILED`: the driver refused the request for a reason that is not the library's
 *   (`USAGE`: bad arguments, or a driver without the `memory` subcommand; `IO`: `/proc/self`
 *   unreadable or the measurement stack could not be mapped).
 */
export type RssErrorCode =
  | 'NO_PROC'
  | 'NO_PROCESS'
  | 'READ'
  | 'PARSE'
  | 'INVALID_ARGUMENT'
  | 'DRIVER_NOT_FOUND'
  | 'DRIVER_VERSION'
  | 'PROTOCOL'
  | 'DRIVER_FAILED';

/**
 * The one error class of `@ngcc-perf/rss`. Its message names the file (or argument) involved
 * and says how to fix the problem; `code` is stable for programs, `cause` keeps the original error.
 *
 * @example
 * ```ts
 * try { readProcStatus(4242); } catch (error) {
 *   if (error instanceof RssError && error.code === 'NO_PROCESS') console.warn(error.message);
 * }
 * ```
 */
export class RssError extends Error {
  /** Stable machine-readable reason; see {@link RssErrorCode}. */
  readonly code: RssErrorCode;

  /**
   * @param code - the failure case
   * @param message - full sentence(s): what happened, which input, and how to fix it
   * @param options - `cause`: the underlying error, if any
   */
  constructor(code: RssErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RssError';
    this.code = code;
  }
}
