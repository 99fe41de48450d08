/**
 * Why reading an ELF file's loadable segments failed.
 *
 * - `NOT_FOUND`: the path does not exist.
 * - `READ_FAILED`: the path exists but could not be read (a directory, no permission).
 * - `NOT_ELF`: the bytes do not start with the ELF magic, or the ELF class / data encoding
 *   byte holds a value the ELF specification does not define.
 * - `TRUNCATED`: the file ends inside the ELF header, or a table or segment that starts inside
 *   the file (program-header table, `PT_LOAD` segment, section-header table, section) runs past
 *   its end.
 * - `OUT_OF_BOUNDS`: a header field points at or beyond the end of the file (`e_phoff`,
 *   `e_shoff`, a segment's or section's offset), or an offset cannot be represented (above 2^53).
 * - `NOT_SHARED_LIBRARY`: a valid ELF file or archive that is not a loadable image: an object
 *   file (`ET_REL`, from `gcc -c`), a core dump, or a static archive (`!<arch>`).
 * - `MALFORMED`: an ELF header, program header or section header whose values contradict each
 *   other (entries too small, FileSiz larger than MemSiz, no `PT_LOAD` at all, `e_shstrndx` out
 *   of range, a section name outside the section-name string table).
 */
export type ElfSizeErrorCode =
  'NOT_FOUND' | 'READ_FAILED' | 'NOT_ELF' | 'TRUNCATED' | 'OUT_OF_BOUNDS' | 'NOT_SHARED_LIBRARY' | 'MALFORMED';

/**
 * The one error class of `@ngcc-perf/elf-size`. Its message names the file and says how to
 * fix the problem; `code` tells callers which case it is.
 *
 * @example
 * ```ts
 * try {
 *   await readLoadableSegments('build/sm3.o');
 * } catch (error) {
 *   if (error instanceof ElfSizeError && error.code === 'NOT_SHARED_LIBRARY') console.error(error.message);
 * }
 * ```
 */
export class ElfSizeError extends Error {
  /** Which failure this is; see {@link ElfSizeErrorCode}. */
  readonly code: ElfSizeErrorCode;
  /** The file path (or buffer label) the error is about. */
  readonly file: string;

  /**
   * @param code - the failure case
   * @param file - the file path or buffer label the message is about
   * @param message - full sentence(s): what happened and how to fix it
   * @param options - `cause`: the underlying error, if any
   */
  constructor(code: ElfSizeErrorCode, file: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ElfSizeError';
    this.code = code;
    this.file = file;
  }
}
