/**
 * Why loading a run directory or rendering a report failed.
 *
 * - `MISSING_FILE`: `campaign.json` or `build.json` is not in the run directory.
 * - `READ_FAILED`: a file exists but could not be read.
 * - `INVALID_JSON`: a file is not valid JSON.
 * - `UNSUPPORTED_FORMAT`: a file's `format` field names another format or version.
 * - `INVALID_CAMPAIGN`, `INVALID_BUILD`, `INVALID_RECORD`: a field is missing or has the wrong
 *   type or value (the message gives the field path).
 * - `INCONSISTENT_RECORD`: a record contradicts its file name, `build.json`, or its own trials
 *   (derived figures that do not follow from the trials by SPEC §5).
 * - `UNKNOWN_CANDIDATE`: the candidate asked for has no instance in `build.json`.
 * - `INVALID_NUMBER`: a formatter was given a negative, infinite or NaN value.
 */
export type ReportErrorCode =
  | 'MISSING_FILE'
  | 'READ_FAILED'
  | 'INVALID_JSON'
  | 'UNSUPPORTED_FORMAT'
  | 'INVALID_CAMPAIGN'
  | 'INVALID_BUILD'
  | 'INVALID_RECORD'
  | 'INCONSISTENT_RECORD'
  | 'UNKNOWN_CANDIDATE'
  | 'INVALID_NUMBER';

/**
 * The one error class of `@ngcc-perf/report`. The message names the file (and field path)
 * and says how to fix it; `code` says which case it is.
 *
 * @example
 * ```ts
 * try {
 *   await loadRunDirectory('runs/x86_1');
 * } catch (error) {
 *   if (error instanceof ReportError && error.code === 'INVALID_RECORD') console.error(error.message);
 * }
 * ```
 */
export class ReportError extends Error {
  /** Which failure this is; see {@link ReportErrorCode}. */
  readonly code: ReportErrorCode;

  /**
   * @param code - the failure case
   * @param message - what happened, which file / field, and how to fix it
   * @param options - `cause`: the underlying error, if any
   */
  constructor(code: ReportErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ReportError';
    this.code = code;
  }
}
