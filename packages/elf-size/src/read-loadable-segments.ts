import { readElfFile } from './internal/read-elf-file.js';
import { parseLoadableSegments } from './loadable-segments.js';
import type { LoadableSegmentsResult } from './types.js';

/**
 * Reads a shared library (path or bytes) and returns its `PT_LOAD` segments and
 * `imageBytes` = Σ `p_memsz`, the static-memory proxy of guide §3.1 (readelf's MemSiz summed;
 * includes `.bss`; not page-rounded). Looks at the program headers only, as the loader does;
 * {@link readElfImage} adds the section breakdown.
 *
 * @param source - path of the `.so`, or its contents (then errors call it "ELF buffer")
 * @returns segments in file order, `imageBytes` in bytes, ELF class, byte order, machine, type
 * @throws {@link ElfSizeError} `NOT_FOUND` (no such path), `READ_FAILED` (a directory, no
 *   permission), `NOT_ELF`, `TRUNCATED`, `OUT_OF_BOUNDS`, `NOT_SHARED_LIBRARY` (`.o` from
 *   `gcc -c`, `ar` archive, core dump) or `MALFORMED`
 * @example
 * ```ts
 * const elf = await readLoadableSegments('runs/x86_1/lib/example-sm3/libsm3.so');
 * console.log(`${elf.imageBytes} bytes in ${elf.segments.length} PT_LOAD segments (${elf.machine})`);
 * ```
 */
export async function readLoadableSegments(source: string | Uint8Array): Promise<LoadableSegmentsResult> {
  if (typeof source !== 'string') return parseLoadableSegments(source);
  return parseLoadableSegments(await readElfFile(source), source);
}
