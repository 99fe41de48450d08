/**
 * Every code a {@link CtError} can carry.
 *
 * - `INVALID_ARGUMENT`: a caller passed a value outside the documented range (digest bits, lengths, budget).
 * - `DRIVER_NOT_FOUND`: the driver path given is missing or not executable.
 * - `DRIVER_PROTOCOL`: a driver line is not valid protocol-1 JSON, or valgrind's XML is not a memcheck report.
 * - `DRIVER_FAILED`: the driver itself failed (usage error), not the library under test.
 */
export type CtErrorCode = 'INVALID_ARGUMENT' | 'DRIVER_NOT_FOUND' | 'DRIVER_PROTOCOL' | 'DRIVER_FAILED';

/**
 * The one error class of `@ngcc-perf/ct`. A library under test that misbehaves (crashes, hangs,
 * cannot run under valgrind) is never a `CtError`: it is an `unknown` verdict with its reason.
 *
 * @example
 * ```ts
 * try {
 *   await runCt({ library: 'libx.so', digestBits: 0 });
 * } catch (error) {
 *   if (error instanceof CtError && error.code === 'INVALID_ARGUMENT') console.error(error.message);
 * }
 * ```
 */
export class CtError extends Error {
  /** Which failure this is; see {@link CtErrorCode}. */
  readonly code: CtErrorCode;

  constructor(code: CtErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CtError';
    this.code = code;
  }
}
