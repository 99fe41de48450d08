// Maps how a failed memory process ended onto a verdict-like code and one line for the record.
import type { CallMemoryFailureVerdict } from '../call-memory-types.js';
import type { DriverProcessOutcome } from '../driver-process.js';
import type { MemoryDriverErrorLine } from '../memory-driver-lines.js';
import { RssError } from '../rss-error.js';

const LIBRARY_ERROR_CODES = new Set<string>(['CRYPTOFAIL', 'OVERFLOW', 'LOADFAIL', 'CHECKFAIL']);
const STDERR_KEPT_CHARS = 2000;

/** The verdict and its sentence; throws `DRIVER_FAILED` for USAGE and IO (not the library's doing). */
export function classifyMemoryFailure(
  outcome: DriverProcessOutcome,
  errorLine: MemoryDriverErrorLine | null,
  source: string,
  timeoutSeconds: number,
): { verdictLike: CallMemoryFailureVerdict; failure: string } {
  const lastStderr =
    outcome.stderr
      .trim()
      .split('\n')
      .pop()
      ?.replace(/^ngcc-perf-driver: /, '') ?? '';
  if (outcome.timedOut) {
    return {
      verdictLike: 'TIMEOUT',
      failure: `TIMEOUT — killed after ${timeoutSeconds} s without finishing the one CryptHash call`,
    };
  }
  if (outcome.signal !== null) {
    return {
      verdictLike: 'CRASH',
      failure: `CRASH — killed by ${outcome.signal}${lastStderr === '' ? '' : `: ${lastStderr}`}`,
    };
  }
  if (errorLine !== null && LIBRARY_ERROR_CODES.has(errorLine.code)) {
    return {
      verdictLike: errorLine.code as CallMemoryFailureVerdict,
      failure: `${errorLine.code} — ${errorLine.message}`,
    };
  }
  if (errorLine !== null && (errorLine.code === 'USAGE' || errorLine.code === 'IO')) {
    const fix =
      errorLine.code === 'USAGE'
        ? 'Check the options; a driver without the memory subcommand needs a rebuild of native/ with "npm run build".'
        : 'Check that /proc/self is readable and that the measurement stack fits in memory (smaller stackBytes).';
    throw new RssError(
      'DRIVER_FAILED',
      `${source}: ${errorLine.code} (exit ${String(outcome.exitCode)}): ${errorLine.message}. ${fix}`,
      { cause: errorLine },
    );
  }
  const how = outcome.exitCode === 0 ? 'exit code 0' : `exit code ${String(outcome.exitCode)}`;
  const detail =
    errorLine === null
      ? 'without a memory line — did the library call exit()?'
      : `with error ${errorLine.code}: ${errorLine.message}`;
  return {
    verdictLike: 'CRASH',
    failure: `CRASH — ${how} ${detail}${lastStderr === '' || errorLine !== null ? '' : ` (stderr: ${lastStderr})`}`,
  };
}

/** The end of stderr kept in a failed result. */
export function keptStderr(stderr: string): string {
  return stderr.length <= STDERR_KEPT_CHARS ? stderr : stderr.slice(-STDERR_KEPT_CHARS);
}
