/**
 * Every code a {@link KatError} can carry.
 *
 * - `MANIFEST_FIELD_COUNT`, `MANIFEST_BAD_DIGEST`, `MANIFEST_BAD_MODE`, `MANIFEST_BAD_PATH`,
 *   `MANIFEST_DUPLICATE`: a `kat.sha256` line is malformed (the ICCS KAT rules "Manifest").
 * - `MANIFEST_UNREADABLE`, `KAT_FILE_UNREADABLE`: a file (or the folder of submitted KAT files) could not be read.
 * - `KAT_FILE_MALFORMED`, `KAT_FILE_BAD_HEX`: a submitted KAT file is not in the layout of the ICCS KAT rules
 *   (a line that is not `Key = value`, a bad `_Len` value; a hex field that is not hex bytes).
 * - `NO_REFERENCE_FILES`: `--write-manifest` found no reference KAT file to hash.
 * - `OUTPUT_UNWRITABLE`: a generated KAT file or a manifest could not be written.
 * - `INVALID_ARGUMENT`: a caller passed a value outside the documented range.
 * - `DRIVER_NOT_FOUND`: the driver path given is missing or not executable.
 * - `DRIVER_VERSION`: the driver speaks another protocol version.
 * - `DRIVER_PROTOCOL`: a driver line is not valid protocol-1 JSON, or the lines contradict each other.
 * - `DRIVER_FAILED`: the driver itself failed (usage error, I/O error), not the library under test.
 */
export type KatErrorCode =
  | 'MANIFEST_FIELD_COUNT'
  | 'MANIFEST_BAD_DIGEST'
  | 'MANIFEST_BAD_MODE'
  | 'MANIFEST_BAD_PATH'
  | 'MANIFEST_DUPLICATE'
  | 'MANIFEST_UNREADABLE'
  | 'KAT_FILE_UNREADABLE'
  | 'KAT_FILE_MALFORMED'
  | 'KAT_FILE_BAD_HEX'
  | 'NO_REFERENCE_FILES'
  | 'OUTPUT_UNWRITABLE'
  | 'INVALID_ARGUMENT'
  | 'DRIVER_NOT_FOUND'
  | 'DRIVER_VERSION'
  | 'DRIVER_PROTOCOL'
  | 'DRIVER_FAILED';

/**
 * The one error class of `@ngcc-perf/kat`. Its message names the input (file, line, field)
 * and says how to fix it. A library under test that misbehaves is never a `KatError`: it is a
 * verdict in the {@link KatResult}.
 *
 * @example
 * ```ts
 * try {
 *   parseManifest(text, 'kat.sha256');
 * } catch (error) {
 *   if (error instanceof KatError && error.code === 'MANIFEST_BAD_DIGEST') console.error(error.message);
 * }
 * ```
 */
export class KatError extends Error {
  /** Which failure this is; see {@link KatErrorCode}. */
  readonly code: KatErrorCode;

  /**
   * @param code - the failure kind
   * @param message - what happened, which input, and the fix
   * @param options - `cause`: the underlying error, if any
   */
  constructor(code: KatErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'KatError';
    this.code = code;
  }
}
