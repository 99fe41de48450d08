/** Codes of {@link IntakeError}; the CLI maps each to exit code 2 (bad input). */
export type IntakeErrorCode =
  'USAGE' | 'CANDIDATE_NOT_FOUND' | 'CANDIDATE_INVALID' | 'ARCHIVE_UNSAFE' | 'PACKAGE_INVALID';

/**
 * The one error class of `@ngcc-perf/intake`: a candidate.json, an official package, a `.zip`
 * archive or the catalog that cannot be taken in. The message names the input (file, entry, line
 * or field) and says how to fix it.
 * @example
 * try { await loadCandidate('x'); } catch (e) { if (e instanceof IntakeError) console.error(e.code); }
 */
export class IntakeError extends Error {
  override readonly name = 'IntakeError';
  readonly code: IntakeErrorCode;

  constructor(code: IntakeErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
