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
  /** Static memory proxy: Σ `p_memsz` over the `PT_LOAD` headers, in bytes, not page-rounded (guide §3.1). */
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

/**
 * One section header (ELF gABI, "Sections"), as `readelf -SW` lists it. Sections are the
 * linker's view of the file; the loader only looks at the `PT_LOAD` segments.
 */
export interface ElfSection {
  /** Name from the section-name string table (`.text`, `.bss`, …); `''` for section 0 or when the file has no such table. */
  name: string;
  /** `sh_type` as readelf names it (`PROGBITS`, `NOBITS`, `STRTAB`, …), or `0x<hex>` for other values. */
  type: string;
  /** `sh_type` as its number (1 = `SHT_PROGBITS`, 8 = `SHT_NOBITS`). */
  typeCode: number;
  /** True when `SHF_ALLOC` is set: the section occupies memory when the library is loaded. */
  allocated: boolean;
  /** `sh_addr`: virtual address relative to the load base (0 for sections not loaded). */
  virtualAddress: number;
  /** `sh_offset`: where its bytes are in the file (meaningless for `NOBITS`). */
  offset: number;
  /** `sh_size` in bytes: in memory for `NOBITS` (`.bss`), in the file and in memory otherwise. */
  sizeBytes: number;
}

/**
 * Sizes of the four sections a static-memory breakdown shows, in bytes (`sh_size`, as
 * `readelf -SW` prints it). `0` when the file has section headers but not that section;
 * `null` when the file has no section-header table or no section-name string table
 * (a stripped-down image), so the split cannot be known.
 */
export interface SectionBytes {
  /** `.text`: machine code. */
  textBytes: number | null;
  /** `.rodata`: constants (tables such as S-boxes or round constants). */
  rodataBytes: number | null;
  /** `.data`: initialised writable data. */
  dataBytes: number | null;
  /** `.bss`: zero-initialised writable data (no file bytes; part of a PT_LOAD's MemSiz). */
  bssBytes: number | null;
  /** `.tdata`: initialised thread-local data (each thread's copy; the PT_TLS segment's file part). */
  tdataBytes: number | null;
  /** `.tbss`: zero-initialised thread-local data (no file bytes, no PT_LOAD memory; per thread). */
  tbssBytes: number | null;
}

/** What {@link readElfImage} finds: the loadable segments and the section breakdown. */
export interface ElfImageResult extends LoadableSegmentsResult {
  /** `.text`, `.rodata`, `.data`, `.bss`, `.tdata`, `.tbss` sizes in bytes. */
  sectionBytes: SectionBytes;
  /** Every section header in table order (empty when the file has none). */
  sections: ElfSection[];
}
