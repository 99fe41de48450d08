/**
 * Codes of {@link ImportError}; the CLI maps each to exit code 2 (bad input).
 *
 * - `SOURCE_NOT_FOUND`: the dataset folder, or a file it must hold, does not exist.
 * - `INVALID_JSON`: a dataset file is not valid JSON (truncated or damaged).
 * - `INVALID_SOURCE`: a field is missing or has a type or value record schema 2 does not allow.
 * - `INCONSISTENT_SOURCE`: a stored figure disagrees with the trials it was derived from, or a
 *   record disagrees with `build.json` or with its own file name.
 * - `DIGEST_MISMATCH`: a KAT log's SHA-256 differs from the `kat_log_sha256` recorded for it.
 * - `OUTPUT_NOT_EMPTY`: the output run directory exists and is not empty (and `--replace` was
 *   not given, or the folder does not look like a run directory).
 * - `INVALID_OUTPUT`: the output folder is, holds or lies inside the dataset folder, or the
 *   system id cannot be a file name.
 * - `OUTPUT_NOT_WRITABLE`: a file of the output run directory cannot be written (a full disk, a
 *   read-only folder); nothing of the old state is lost.
 */
export type ImportErrorCode =
  | 'SOURCE_NOT_FOUND'
  | 'INVALID_JSON'
  | 'INVALID_SOURCE'
  | 'INCONSISTENT_SOURCE'
  | 'DIGEST_MISMATCH'
  | 'OUTPUT_NOT_EMPTY'
  | 'INVALID_OUTPUT'
  | 'OUTPUT_NOT_WRITABLE';

/**
 * Why an ngcc-harness dataset could not be imported. The message names the file (relative to
 * the dataset folder as given), the field path, what was found, and how to fix it.
 *
 * @example
 * ```ts
 * try {
 *   await importAnchorDataset({ sourceDirectory: 'arm_1', systemId: 'arm_1', outDirectory: 'runs/arm_1' });
 * } catch (error) {
 *   if (error instanceof ImportError && error.code === 'DIGEST_MISMATCH') console.error(error.message);
 * }
 * ```
 */
export class ImportError extends Error {
  override readonly name = 'ImportError';
  /** Which failure this is; see {@link ImportErrorCode}. */
  readonly code: ImportErrorCode;

  /**
   * @param code - the failure case
   * @param message - what happened, which file and field, and how to fix it
   * @param options - `cause`: the underlying error, if any
   */
  constructor(code: ImportErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
