import { ElfSizeError, readElfImage, type ElfSizeErrorCode } from '@ngcc-perf/elf-size';
import type { ProcessFailure } from '@ngcc-perf/timing';
import { CliError } from '../cli-error.js';

/**
 * The `@ngcc-perf/elf-size` failures that prove a path can never be loaded: missing, unreadable,
 * not ELF, cut short, or an object file / archive / core dump. Header inconsistencies
 * (`MALFORMED`, `OUT_OF_BOUNDS`) are left for the dynamic loader to judge.
 */
const NOT_A_LIBRARY: readonly ElfSizeErrorCode[] = [
  'NOT_FOUND',
  'READ_FAILED',
  'NOT_ELF',
  'TRUNCATED',
  'NOT_SHARED_LIBRARY',
];

/**
 * Checks, before any driver process starts, that `library` is an ELF shared object, with the
 * same test and wording as `ngcc-perf size`.
 * @param library - the path as given on the command line
 * @throws {@link CliError} `USAGE` naming the path and the fix (the `ElfSizeError` as `cause`)
 *   when the file is missing, unreadable, not ELF, truncated, or not a loadable image.
 * @example
 * await checkLibraryFile('/nonexistent.so'); // throws: /nonexistent.so: no such file. Pass the path of …
 */
export async function checkLibraryFile(library: string): Promise<void> {
  try {
    await readElfImage(library);
  } catch (error) {
    if (error instanceof ElfSizeError && NOT_A_LIBRARY.includes(error.code)) {
      throw new CliError('USAGE', error.message, { cause: error });
    }
    if (error instanceof ElfSizeError) return;
    throw error;
  }
}

/**
 * The bad-input error of a library the driver could not load (`LOADFAIL`: `dlopen` or `dlsym`
 * failed, @ngcc-perf/native/PROTOCOL.md), or null for any other outcome: a library that loads and then
 * crashes, hangs or fails is a measured result, not bad input.
 * @param library - the path as given on the command line
 * @param failure - the failure of the first driver process (calibration), if it failed
 * @returns a {@link CliError} `USAGE` with the driver's reason on one line, or null
 * @example
 * const error = loadFailureError('lib/libx.so', measured.calibration.failure);
 * if (error !== null) throw error;
 */
export function loadFailureError(library: string, failure: ProcessFailure | undefined): CliError | null {
  if (failure?.code !== 'LOADFAIL') return null;
  const reason = failure.message.replace(/^exit code \d+: /, '').replace(/\s*\n\s*/g, ' ');
  return new CliError('USAGE', `${library}: the driver cannot load it (LOADFAIL): ${reason}`);
}
