/** Codes of {@link CliError}; each maps to exit code 2 (bad input) unless stated. */
export type CliErrorCode =
  | 'USAGE'
  | 'HOST_NOT_READY'
  | 'CANDIDATE_NOT_FOUND'
  | 'CANDIDATE_INVALID'
  | 'BUILD_FAILED'
  | 'RUN_DIRECTORY'
  /** An output folder (`--out`, `--data`) that cannot be created or written: read-only, no permission, full. */
  | 'OUTPUT_FOLDER';

/**
 * The one error class of `@ngcc-perf/cli`: bad input or an unusable environment.
 * The message names the input (file, field or option) and says how to fix it.
 * A misbehaving library under test is never a `CliError`: it is a verdict in the record.
 */
export class CliError extends Error {
  override readonly name = 'CliError';
  readonly code: CliErrorCode;

  constructor(code: CliErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
