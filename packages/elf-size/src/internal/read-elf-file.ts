// Reads a file for the readers, turning fs errors into NOT_FOUND / READ_FAILED with a fix.
import { readFile } from 'node:fs/promises';
import { ElfSizeError } from '../elf-size-error.js';

function errnoCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

/** The whole file; throws `NOT_FOUND` or `READ_FAILED` naming the path. */
export async function readElfFile(source: string): Promise<Buffer> {
  try {
    return await readFile(source);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT') {
      throw new ElfSizeError(
        'NOT_FOUND',
        source,
        `${source}: no such file. Pass the path of the shared library the build wrote (lib<instance>.so); build the candidate first if it is missing.`,
        { cause: error },
      );
    }
    const why = code === 'EISDIR' ? 'it is a directory' : `${code ?? 'error'}: ${String(error)}`;
    throw new ElfSizeError(
      'READ_FAILED',
      source,
      `${source}: cannot be read (${why}). Pass a readable shared-library file.`,
      { cause: error },
    );
  }
}
