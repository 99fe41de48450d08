// Builds tiny ELF images byte by byte for tests, in either class and byte order (layout: ELF gABI,
// "ELF Header", "Program Header", "Sections"; ELF32 header 52 bytes, program header 32, section
// header 40; ELF64 header 64, program header 56, section header 64).
//
// File layout: ELF header, program-header table, zero padding up to `totalBytes` (the bytes the
// segments and sections point into), then — when sections are given — the section-name string
// table (".shstrtab") and the section-header table (section 0 = SHT_NULL, the given sections,
// .shstrtab last).

export interface CraftedProgramHeader {
  type: number; // p_type: 1 = PT_LOAD, 0x6474e551 = PT_GNU_STACK
  offset: number;
  virtualAddress: number;
  fileBytes: number;
  memoryBytes: number;
  flags: number; // PF_X = 1, PF_W = 2, PF_R = 4
  alignBytes: number;
}

export interface CraftedSection {
  name: string;
  type: number; // 1 = SHT_PROGBITS, 8 = SHT_NOBITS
  flags: number; // SHF_WRITE = 1, SHF_ALLOC = 2, SHF_EXECINSTR = 4
  virtualAddress: number;
  offset: number;
  sizeBytes: number;
}

export interface CraftElfOptions {
  elfClass?: 32 | 64; // default 32
  endianness?: 'little' | 'big'; // default big
  fileType?: number; // e_type: 1 ET_REL, 2 ET_EXEC, 3 ET_DYN
  machineCode?: number; // e_machine: 20 = PowerPC, 21 = PowerPC64, 40 = ARM, 62 = x86-64
  programHeaders: CraftedProgramHeader[];
  sections?: CraftedSection[];
  totalBytes?: number; // pad the data region to this length (default: header + table)
}

class Writer {
  constructor(
    readonly buf: Buffer,
    private readonly little: boolean,
  ) {}
  u16(at: number, value: number): void {
    if (this.little) this.buf.writeUInt16LE(value, at);
    else this.buf.writeUInt16BE(value, at);
  }
  u32(at: number, value: number): void {
    if (this.little) this.buf.writeUInt32LE(value, at);
    else this.buf.writeUInt32BE(value, at);
  }
  u64(at: number, value: number): void {
    if (this.little) this.buf.writeBigUInt64LE(BigInt(value), at);
    else this.buf.writeBigUInt64BE(BigInt(value), at);
  }
}

export function craftElf(options: CraftElfOptions): Buffer {
  const elf64 = (options.elfClass ?? 32) === 64;
  const little = (options.endianness ?? 'big') === 'little';
  const headerBytes = elf64 ? 64 : 52;
  const phentsize = elf64 ? 56 : 32;
  const shentsize = elf64 ? 64 : 40;
  const dataEnd = options.totalBytes ?? headerBytes + phentsize * options.programHeaders.length;
  const sections =
    options.sections === undefined
      ? []
      : [...options.sections, { name: '.shstrtab', type: 3, flags: 0, virtualAddress: 0, offset: 0, sizeBytes: 0 }];
  // Section names: "\0" then each name and its terminator.
  const names = ['', ...sections.map((s) => s.name)];
  const strtab = Buffer.from(`${names.join('\0')}\0`, 'latin1');
  const nameOffsets = sections.map((_, index) => names.slice(0, index + 1).join('\0').length + 1);
  const strtabOffset = dataEnd;
  const shoff = sections.length === 0 ? 0 : Math.ceil((strtabOffset + strtab.length) / 8) * 8;
  const shnum = sections.length === 0 ? 0 : sections.length + 1;
  const total = sections.length === 0 ? dataEnd : shoff + shnum * shentsize;
  const w = new Writer(Buffer.alloc(total), little);
  w.buf.set([0x7f, 0x45, 0x4c, 0x46, elf64 ? 2 : 1, little ? 1 : 2, 1 /* EV_CURRENT */], 0);
  w.u16(16, options.fileType ?? 3);
  w.u16(18, options.machineCode ?? 20);
  w.u32(20, 1); // e_version
  const word = (at: number, value: number): void => (elf64 ? w.u64(at, value) : w.u32(at, value));
  word(24, 0); // e_entry
  word(elf64 ? 32 : 28, headerBytes); // e_phoff: table right after the header
  word(elf64 ? 40 : 32, shoff); // e_shoff
  const tail = elf64 ? 48 : 36; // e_flags, then the 16-bit fields
  w.u32(tail, 0);
  w.u16(tail + 4, headerBytes); // e_ehsize
  w.u16(tail + 6, phentsize);
  w.u16(tail + 8, options.programHeaders.length);
  w.u16(tail + 10, shentsize);
  w.u16(tail + 12, shnum);
  w.u16(tail + 14, shnum === 0 ? 0 : shnum - 1); // e_shstrndx: .shstrtab is last
  options.programHeaders.forEach((ph, index) => {
    const at = headerBytes + phentsize * index;
    w.u32(at, ph.type);
    if (elf64) {
      w.u32(at + 4, ph.flags);
      [ph.offset, ph.virtualAddress, ph.virtualAddress, ph.fileBytes, ph.memoryBytes, ph.alignBytes].forEach((v, i) =>
        w.u64(at + 8 + 8 * i, v),
      );
    } else {
      [ph.offset, ph.virtualAddress, ph.virtualAddress, ph.fileBytes, ph.memoryBytes, ph.flags, ph.alignBytes].forEach(
        (v, i) => w.u32(at + 4 + 4 * i, v),
      );
    }
  });
  strtab.copy(w.buf, strtabOffset);
  sections.forEach((section, index) => {
    const at = shoff + shentsize * (index + 1);
    const isStrtab = index === sections.length - 1;
    const offset = isStrtab ? strtabOffset : section.offset;
    const sizeBytes = isStrtab ? strtab.length : section.sizeBytes;
    w.u32(at, nameOffsets[index]!);
    w.u32(at + 4, section.type);
    if (elf64) {
      [section.flags, section.virtualAddress, offset, sizeBytes].forEach((v, i) => w.u64(at + 8 + 8 * i, v));
      w.u64(at + 48, 1); // sh_addralign
    } else {
      [section.flags, section.virtualAddress, offset, sizeBytes].forEach((v, i) => w.u32(at + 8 + 4 * i, v));
      w.u32(at + 32, 1); // sh_addralign
    }
  });
  return w.buf;
}

/** The pre-section helper the older tests use: ELF32 big-endian, program headers only. */
export function craftElf32BigEndian(options: Omit<CraftElfOptions, 'elfClass' | 'endianness' | 'sections'>): Buffer {
  return craftElf({ ...options, elfClass: 32, endianness: 'big' });
}

/** The fixture used across tests: two PT_LOAD (R+X text, R+W data with .bss) and a PT_GNU_STACK. */
export function craftSampleElf32(): Buffer {
  return craftElf32BigEndian({
    totalBytes: 256,
    programHeaders: SAMPLE_PROGRAM_HEADERS,
  });
}

const SAMPLE_PROGRAM_HEADERS: CraftedProgramHeader[] = [
  { type: 1, offset: 0, virtualAddress: 0x10000, fileBytes: 200, memoryBytes: 200, flags: 5, alignBytes: 0x10000 },
  { type: 1, offset: 200, virtualAddress: 0x200c8, fileBytes: 56, memoryBytes: 4152, flags: 6, alignBytes: 0x10000 },
  { type: 0x6474e551, offset: 0, virtualAddress: 0, fileBytes: 0, memoryBytes: 0, flags: 6, alignBytes: 16 },
];

/**
 * Two PT_LOAD segments with sections inside them, in any class and byte order. With H = end of
 * the program-header table (148 for ELF32, 232 for ELF64): R+X segment = file bytes 0–(H+200),
 * holding .text (120 bytes at H) and .rodata (80 bytes at H+120); R+W segment = 56 file bytes at
 * H+200 with MemSiz 56 + 4096, holding .data (40 bytes) and .bss (4096 bytes, NOBITS).
 * Image size = (H + 200) + 4152.
 */
export function craftSampleWithSections(elfClass: 32 | 64, endianness: 'little' | 'big'): Buffer {
  const machineCode = elfClass === 64 ? (endianness === 'little' ? 62 : 21) : endianness === 'little' ? 40 : 20;
  const headerEnd = elfClass === 64 ? 64 + 3 * 56 : 52 + 3 * 32; // 232 or 148
  const textOffset = headerEnd;
  return craftElf({
    elfClass,
    endianness,
    machineCode,
    totalBytes: textOffset + 120 + 80 + 56,
    programHeaders: [
      {
        type: 1,
        offset: 0,
        virtualAddress: 0x10000,
        fileBytes: textOffset + 200,
        memoryBytes: textOffset + 200,
        flags: 5,
        alignBytes: 0x10000,
      },
      {
        type: 1,
        offset: textOffset + 200,
        virtualAddress: 0x20000 + textOffset + 200,
        fileBytes: 56,
        memoryBytes: 56 + 4096,
        flags: 6,
        alignBytes: 0x10000,
      },
      { type: 0x6474e551, offset: 0, virtualAddress: 0, fileBytes: 0, memoryBytes: 0, flags: 6, alignBytes: 16 },
    ],
    sections: [
      { name: '.text', type: 1, flags: 6, virtualAddress: 0x10000 + textOffset, offset: textOffset, sizeBytes: 120 },
      {
        name: '.rodata',
        type: 1,
        flags: 2,
        virtualAddress: 0x10000 + textOffset + 120,
        offset: textOffset + 120,
        sizeBytes: 80,
      },
      {
        name: '.data',
        type: 1,
        flags: 3,
        virtualAddress: 0x20000 + textOffset + 200,
        offset: textOffset + 200,
        sizeBytes: 40,
      },
      {
        name: '.bss',
        type: 8,
        flags: 3,
        virtualAddress: 0x20000 + textOffset + 256,
        offset: textOffset + 256,
        sizeBytes: 4096,
      },
    ],
  });
}
