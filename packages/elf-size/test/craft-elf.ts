// Builds tiny ELF32 big-endian images byte by byte for tests (layout: ELF gABI, "ELF Header" and
// "Program Header"; ELF32 header 52 bytes, program header 32 bytes).

export interface CraftedProgramHeader {
  type: number; // p_type: 1 = PT_LOAD, 0x6474e551 = PT_GNU_STACK
  offset: number;
  virtualAddress: number;
  fileBytes: number;
  memoryBytes: number;
  flags: number; // PF_X = 1, PF_W = 2, PF_R = 4
  alignBytes: number;
}

export interface CraftElf32Options {
  fileType?: number; // e_type: 1 ET_REL, 2 ET_EXEC, 3 ET_DYN
  machineCode?: number; // e_machine: 20 = PowerPC
  programHeaders: CraftedProgramHeader[];
  totalBytes?: number; // pad the file to this length (default: header + table)
}

export function craftElf32BigEndian(options: CraftElf32Options): Buffer {
  const tableBytes = 32 * options.programHeaders.length;
  const buf = Buffer.alloc(options.totalBytes ?? 52 + tableBytes);
  buf.set([0x7f, 0x45, 0x4c, 0x46, 1 /* ELFCLASS32 */, 2 /* ELFDATA2MSB */, 1 /* EV_CURRENT */], 0);
  buf.writeUInt16BE(options.fileType ?? 3, 16);
  buf.writeUInt16BE(options.machineCode ?? 20, 18);
  buf.writeUInt32BE(1, 20); // e_version
  buf.writeUInt32BE(0, 24); // e_entry
  buf.writeUInt32BE(52, 28); // e_phoff: table right after the header
  buf.writeUInt32BE(0, 32); // e_shoff: no section headers
  buf.writeUInt32BE(0, 36); // e_flags
  buf.writeUInt16BE(52, 40); // e_ehsize
  buf.writeUInt16BE(32, 42); // e_phentsize
  buf.writeUInt16BE(options.programHeaders.length, 44); // e_phnum
  buf.writeUInt16BE(40, 46); // e_shentsize
  buf.writeUInt16BE(0, 48); // e_shnum
  buf.writeUInt16BE(0, 50); // e_shstrndx
  options.programHeaders.forEach((ph, index) => {
    const at = 52 + 32 * index;
    buf.writeUInt32BE(ph.type, at);
    buf.writeUInt32BE(ph.offset, at + 4);
    buf.writeUInt32BE(ph.virtualAddress, at + 8);
    buf.writeUInt32BE(ph.virtualAddress, at + 12); // p_paddr
    buf.writeUInt32BE(ph.fileBytes, at + 16);
    buf.writeUInt32BE(ph.memoryBytes, at + 20);
    buf.writeUInt32BE(ph.flags, at + 24);
    buf.writeUInt32BE(ph.alignBytes, at + 28);
  });
  return buf;
}

/** The fixture used across tests: two PT_LOAD (R+X text, R+W data with .bss) and a PT_GNU_STACK. */
export function craftSampleElf32(): Buffer {
  return craftElf32BigEndian({
    totalBytes: 256,
    programHeaders: [
      { type: 1, offset: 0, virtualAddress: 0x10000, fileBytes: 200, memoryBytes: 200, flags: 5, alignBytes: 0x10000 },
      { type: 1, offset: 200, virtualAddress: 0x200c8, fileBytes: 56, memoryBytes: 4152, flags: 6, alignBytes: 0x10000 },
      { type: 0x6474e551, offset: 0, virtualAddress: 0, fileBytes: 0, memoryBytes: 0, flags: 6, alignBytes: 16 },
    ],
  });
}
