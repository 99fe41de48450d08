import { readFile } from 'node:fs/promises';
import { ElfSizeError } from './elf-size-error.js';
import { parseLoadableSegments } from './loadable-segments.js';
import type { LoadableSegmentsResult } from './types.js';

function errnoCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

/**
 * Reads a shared library (path or bytes) and returns its `PT_LOAD` segments and
 * `imageBytes` = Σ `p_memsz`, the static-memory proxy of SPEC §6 (readelf's MemSiz summed;
 * includes `.bss`; not page-rounded).
 *
 * @param source - path of the `.so`, or its contents (then errors call it "ELF buffer")
 * @returns segments in file order, `imageBytes` in bytes, ELF class, byte order, machine, type
 * @throws {@link ElfSizeError} `NOT_FOUND` (no such path), `READ_FAILED` (a directory, no
 *   permission), `NOT_ELF`, `TRUNCATED`, `NOT_SHARED_LIBRARY` (`.o` from `gcc -c`, `ar` archive,
 *   core dump) or `MALFORMED`
 * @example
 * ```ts
 * const elf = await readLoadableSegments('runs/x86_1/lib/example-sm3/libsm3.so');
 * console.log(`${elf.imageBytes} bytes in ${elf.segments.length} PT_LOAD segments (${elf.machine})`);
 * ```
 */
export async function readLoadableSegments(source: string | Uint8Array): Promise<LoadableSegmentsResult> {
  if (typeof source !== 'string') return parseLoadableSegments(source);
  let bytes: Buffer;
  try {
    bytes = await readFile(source);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT') {
      throw new ElfSizeError('NOT_FOUND', source, `${source}: no such file. Pass the path of the shared library the build wrote (lib<instance>.so); build the candidate first if it is missing.`, { cause: error });
    }
    const why = code === 'EISDIR' ? 'it is a directory' : `${code ?? 'error'}: ${String(error)}`;
    throw new ElfSizeError('READ_FAILED', source, `${source}: cannot be read (${why}). Pass a readable shared-library file.`, { cause: error });
  }
  return parseLoadableSegments(bytes, source);
}
