import { checkElfIdentity } from './internal/elf-identity.js';
import { readSectionTable } from './internal/section-headers.js';
import { parseLoadableSegments } from './loadable-segments.js';
import type { ElfImageResult, ElfSection, SectionBytes } from './types.js';

function sizeOf(sections: ElfSection[], name: string): number {
  return sections.filter((section) => section.name === name).reduce((sum, section) => sum + section.sizeBytes, 0);
}

/**
 * Everything `ngcc-perf size` shows about an ELF image held in memory: the `PT_LOAD` segments
 * and `imageBytes` = Σ `p_memsz` (guide §3.1, as {@link parseLoadableSegments}), plus the section
 * headers and the sizes of `.text`, `.rodata`, `.data` and `.bss` (`sh_size`, as `readelf -SW`
 * prints them). Unlike the loader, this also checks the section-header table, so a file whose
 * section headers are damaged is refused.
 *
 * @param bytes - the whole file's contents
 * @param file - name used in error messages (a path, or a label such as `"ELF buffer"`)
 * @returns segments, `imageBytes` in bytes, identity, `sectionBytes` (bytes; `null` without
 *   section headers) and every section header
 * @throws {@link ElfSizeError} `NOT_ELF`, `TRUNCATED`, `OUT_OF_BOUNDS`, `NOT_SHARED_LIBRARY` or
 *   `MALFORMED` (e.g. `e_shstrndx` out of range)
 * @example
 * ```ts
 * const elf = parseElfImage(readFileSync('libsm3.so'), 'libsm3.so');
 * console.log(elf.imageBytes, elf.sectionBytes.textBytes, elf.sectionBytes.bssBytes);
 * ```
 */
export function parseElfImage(bytes: Uint8Array, file = 'ELF buffer'): ElfImageResult {
  const loadable = parseLoadableSegments(bytes, file);
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const table = readSectionTable(buf, checkElfIdentity(buf, file), file);
  const sections = table?.sections ?? [];
  const known = table !== null && table.named;
  const sectionBytes: SectionBytes = {
    textBytes: known ? sizeOf(sections, '.text') : null,
    rodataBytes: known ? sizeOf(sections, '.rodata') : null,
    dataBytes: known ? sizeOf(sections, '.data') : null,
    bssBytes: known ? sizeOf(sections, '.bss') : null,
    tdataBytes: known ? sizeOf(sections, '.tdata') : null,
    tbssBytes: known ? sizeOf(sections, '.tbss') : null,
  };
  return { ...loadable, sectionBytes, sections };
}
