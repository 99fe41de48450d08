import { parseElfImage } from './elf-image.js';
import { readElfFile } from './internal/read-elf-file.js';
import type { ElfImageResult } from './types.js';

/**
 * Reads a shared library (path or bytes) and returns {@link parseElfImage}'s breakdown: the
 * `PT_LOAD` segments with flags, file and memory sizes, `imageBytes` = Σ `p_memsz` (guide §3.1),
 * ELF class, byte order and machine, and the `.text` / `.rodata` / `.data` / `.bss` sizes.
 *
 * @param source - path of the `.so`, or its contents (then errors call it "ELF buffer")
 * @returns the breakdown; every size in bytes
 * @throws {@link ElfSizeError} `NOT_FOUND`, `READ_FAILED`, `NOT_ELF`, `TRUNCATED`,
 *   `OUT_OF_BOUNDS`, `NOT_SHARED_LIBRARY` (pass the `.so`, not a `.o` or `.a`) or `MALFORMED`
 * @example
 * ```ts
 * const elf = await readElfImage('libsha512.so');
 * console.log(`${elf.imageBytes} B (ELF${elf.elfClass} ${elf.endianness} ${elf.machine}), .text ${elf.sectionBytes.textBytes} B`);
 * ```
 */
export async function readElfImage(source: string | Uint8Array): Promise<ElfImageResult> {
  if (typeof source !== 'string') return parseElfImage(source);
  return parseElfImage(await readElfFile(source), source);
}
