/** ELF class: 32-bit (`ELFCLASS32`) or 64-bit (`ELFCLASS64`) file layout. */
export type ElfClass = 32 | 64;

/** Byte order of the file's multi-byte fields (`ELFDATA2LSB` / `ELFDATA2MSB`). */
export type ElfEndianness = 'little' | 'big';

/** `e_type` of the files this package accepts: `ET_DYN` (shared object, also PIE) or `ET_EXEC`. */
export type ElfFileType = 'shared-object' | 'executable';

/**
 * A segment's permissions as `readelf` would show them, letters in the order R, W, X and only
 * those that are set: `'R'`, `'RX'`, `'RW'`, `'RWX'`, … (`''` when none is set).
 */
export type SegmentFlags = '' | 'R' | 'W' | 'X' | 'RW' | 'RX' | 'WX' | 'RWX';

/** One `PT_LOAD` program header (ELF gABI, "Program Header"). */
export interface LoadableSegment {
  /** `p_offset`: where the segment's bytes start in the file, in bytes. */
  offset: number;
  /** `p_vaddr`: the segment's virtual address relative to the load base. */
  virtualAddress: number;
  /** `p_filesz`: bytes taken from the file (readelf's FileSiz). */
  fileBytes: number;
  /** `p_memsz`: bytes occupied in memory, including zero-filled `.bss` (readelf's MemSiz). */
  memoryBytes: number;
  /** `p_flags` as letters. */
  flags: SegmentFlags;
  /** `p_align`: alignment in bytes. */
  alignBytes: number;
}

/** What {@link readLoadableSegments} found in one ELF file. */
export interface LoadableSegmentsResult {
  /** Static memory proxy: Σ `p_memsz` over the `PT_LOAD` headers, in bytes, not page-rounded (SPEC §6). */
  imageBytes: number;
  /** The `PT_LOAD` headers in file order. */
  segments: LoadableSegment[];
  elfClass: ElfClass;
  endianness: ElfEndianness;
  /** `e_machine` as a name (`x86-64`, `AArch64`, `i386`, …; `EM_<n>` when not in the table). */
  machine: string;
  /** `e_machine` as its number (62 for x86-64, 183 for AArch64). */
  machineCode: number;
  fileType: ElfFileType;
}
