/**
 * Why loading a run directory, rendering, validating or comparing failed.
 *
 * - `MISSING_FILE`: `campaign.json` or `build.json` is not in the run directory.
 * - `READ_FAILED`: a file exists but could not be read.
 * - `WRITE_FAILED`: a report could not be written.
 * - `INVALID_JSON`: a file is not valid JSON.
 * - `UNSUPPORTED_FORMAT`: a file's `format` field names another format or version.
 * - `UNFINISHED_RUN`: `campaign.json` belongs to a run that has not recorded its end (`endedUtc`):
 *   only its check-host, build or kat phases ran, or it was stopped; resuming it with
 *   `--phases report` finishes it.
 * - `INVALID_CAMPAIGN`, `INVALID_BUILD`, `INVALID_RECORD`: a field is missing or has the wrong
 *   type or value (the message gives the field path).
 * - `INCONSISTENT_RECORD`: a record contradicts its file name, `build.json`, or its own trials
 *   (derived figures that do not follow from the trials by guide §3.4).
 * - `UNKNOWN_CANDIDATE`: the candidate asked for has no instance in `build.json`.
 * - `DUPLICATE_SYSTEM`: two datasets given to a cross-system page or a comparison name the same system
 *   where they must differ.
 * - `INVALID_OPTION`: an option is out of range (e.g. a comparison threshold ≤ 0).
 * - `INVALID_NUMBER`: a formatter was given a negative, infinite or NaN value.
 */
export type ReportErrorCode =
  | 'MISSING_FILE'
  | 'READ_FAILED'
  | 'WRITE_FAILED'
  | 'INVALID_JSON'
  | 'UNSUPPORTED_FORMAT'
  | 'UNFINISHED_RUN'
  | 'INVALID_CAMPAIGN'
  | 'INVALID_BUILD'
  | 'INVALID_RECORD'
  | 'INCONSISTENT_RECORD'
  | 'UNKNOWN_CANDIDATE'
  | 'DUPLICATE_SYSTEM'
  | 'INVALID_OPTION'
  | 'INVALID_NUMBER';

/** Options of {@link ReportError}: the cause, and where in the input the problem is. */
export interface ReportErrorOptions {
  cause?: unknown;
  /** The file the problem is in, as the message names it. */
  file?: string;
  /** The field path inside that file, e.g. `derived.meanCycles` or `processes[1].trial.seconds`. */
  field?: string;
}

/**
 * The one error class of `@ngcc-perf/report`. The message names the file (and field path)
 * and says how to fix it; `code` says which case it is; `file` and `field` repeat where the
 * problem is, for programs.
 *
 * @example
 * ```ts
 * try {
 *   await loadRunDirectory('runs/x86_1');
 * } catch (error) {
 *   if (error instanceof ReportError && error.code === 'INVALID_RECORD') console.error(error.file, error.field);
 * }
 * ```
 */
export class ReportError extends Error {
  /** Which failure this is; see {@link ReportErrorCode}. */
  readonly code: ReportErrorCode;
  /** The file the problem is in, when there is one. */
  readonly file: string | undefined;
  /** The field path inside {@link ReportError.file}, when known. */
  readonly field: string | undefined;

  /**
   * @param code - the failure case
   * @param message - what happened, which file / field, and how to fix it
   * @param options - `cause`: the underlying error; `file`, `field`: where the problem is
   */
  constructor(code: ReportErrorCode, message: string, options: ReportErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ReportError';
    this.code = code;
    this.file = options.file;
    this.field = options.field;
  }
}
