/**
 * What went wrong while reading a process's memory figures.
 * - `NO_PROC`: the proc filesystem is not mounted (or not Linux).
 * - `NO_PROCESS`: the process has exited, or never existed.
 * - `READ`: the file exists but could not be read (permissions, I/O).
 * - `PARSE`: the text is not in the format the kernel writes.
 * - `INVALID_ARGUMENT`: a pid or page size that cannot be right.
 */
export type RssErrorCode = 'NO_PROC' | 'NO_PROCESS' | 'READ' | 'PARSE' | 'INVALID_ARGUMENT';

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

  constructor(code: RssErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RssError';
    this.code = code;
  }
}
