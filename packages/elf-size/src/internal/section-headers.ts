// Reads the section-header table and the section-name string table itself (ELF gABI,
// "Sections" and "String Table"). elfy is not used here: its ELF64 section parser reads
// sh_addralign and sh_entsize at offsets 46 and 54 instead of 48 and 56, and slices data without
// bounds checks.
import { checkFileExtent, malformedElf } from './file-extent.js';
import type { ElfIdentity } from './elf-identity.js';
import type { ElfSection } from '../types.js';

const SHT_STRTAB = 3;
const SHT_NOBITS = 8;
const SHF_ALLOC = 0x2;
/** `e_shstrndx` value meaning "the index is in sh_link of section header 0". */
const SHN_XINDEX = 0xffff;
/** First reserved section index; `e_shstrndx` may not be one (other than SHN_XINDEX). */
const SHN_LORESERVE = 0xff00;

const TYPE_NAMES: ReadonlyMap<number, string> = new Map([
  [0, 'NULL'],
  [1, 'PROGBITS'],
  [2, 'SYMTAB'],
  [3, 'STRTAB'],
  [4, 'RELA'],
  [5, 'HASH'],
  [6, 'DYNAMIC'],
  [7, 'NOTE'],
  [8, 'NOBITS'],
  [9, 'REL'],
  [10, 'SHLIB'],
  [11, 'DYNSYM'],
  [14, 'INIT_ARRAY'],
  [15, 'FINI_ARRAY'],
  [16, 'PREINIT_ARRAY'],
  [17, 'GROUP'],
  [18, 'SYMTAB_SHNDX'],
  [0x6ffffff5, 'GNU_ATTRIBUTES'],
  [0x6ffffff6, 'GNU_HASH'],
  [0x6ffffffd, 'VERDEF'],
  [0x6ffffffe, 'VERNEED'],
  [0x6fffffff, 'VERSYM'],
]);

/** The section headers, and whether the names came from a section-name string table. */
export interface SectionTable {
  sections: ElfSection[];
  /** False when `e_shstrndx` is `SHN_UNDEF` (0): the file names no string table. */
  named: boolean;
}

interface RawSection {
  nameOffset: number;
  typeCode: number;
  flags: number;
  virtualAddress: number;
  offset: number;
  sizeBytes: number;
  link: number;
}

/** Endian- and class-aware field reads; 64-bit values above 2^53 come back unsafe (caller checks). */
function fieldReader(buf: Buffer, identity: ElfIdentity) {
  const little = identity.endianness === 'little';
  const u16 = (at: number): number => (little ? buf.readUInt16LE(at) : buf.readUInt16BE(at));
  const u32 = (at: number): number => (little ? buf.readUInt32LE(at) : buf.readUInt32BE(at));
  const u64 = (at: number): number => Number(little ? buf.readBigUInt64LE(at) : buf.readBigUInt64BE(at));
  return { u16, u32, word: identity.elfClass === 64 ? u64 : u32 };
}

function readRawSection(buf: Buffer, identity: ElfIdentity, at: number): RawSection {
  const { u32, word } = fieldReader(buf, identity);
  if (identity.elfClass === 64) {
    return {
      nameOffset: u32(at),
      typeCode: u32(at + 4),
      flags: word(at + 8),
      virtualAddress: word(at + 16),
      offset: word(at + 24),
      sizeBytes: word(at + 32),
      link: u32(at + 40),
    };
  }
  return {
    nameOffset: u32(at),
    typeCode: u32(at + 4),
    flags: u32(at + 8),
    virtualAddress: u32(at + 12),
    offset: u32(at + 16),
    sizeBytes: u32(at + 20),
    link: u32(at + 24),
  };
}

function readName(buf: Buffer, strtab: RawSection, raw: RawSection, index: number, file: string): string {
  if (raw.nameOffset >= strtab.sizeBytes) {
    throw malformedElf(
      file,
      `section header ${index} has its name at offset ${raw.nameOffset} (sh_name), outside the ${strtab.sizeBytes}-byte section-name string table`,
    );
  }
  const start = strtab.offset + raw.nameOffset;
  const end = buf.indexOf(0, start);
  if (end === -1 || end >= strtab.offset + strtab.sizeBytes) {
    throw malformedElf(
      file,
      `the name of section header ${index} (sh_name ${raw.nameOffset}) runs past the end of the section-name string table`,
    );
  }
  return buf.toString('latin1', start, end);
}

/**
 * Reads every section header and its name. Returns `null` when the file has no section-header
 * table (`e_shoff` = 0). Throws `ElfSizeError` (`MALFORMED`, `OUT_OF_BOUNDS`, `TRUNCATED`)
 * naming the field at fault.
 */
export function readSectionTable(buf: Buffer, identity: ElfIdentity, file: string): SectionTable | null {
  const { u16, word } = fieldReader(buf, identity);
  const elf64 = identity.elfClass === 64;
  const tableOffset = word(elf64 ? 40 : 32);
  const entryBytes = u16(elf64 ? 58 : 46);
  let count = u16(elf64 ? 60 : 48);
  let nameTableIndex = u16(elf64 ? 62 : 50);
  if (tableOffset === 0) return null;
  const minimumEntryBytes = elf64 ? 64 : 40;
  if (entryBytes < minimumEntryBytes) {
    throw malformedElf(
      file,
      `section-header entries are ${entryBytes} bytes (e_shentsize), but ELF${identity.elfClass} needs at least ${minimumEntryBytes}`,
    );
  }
  const describeTable = (n: number): string =>
    `the section-header table (offset ${tableOffset}, ${n} × ${entryBytes} bytes)`;
  const fields = 'e_shoff, e_shnum or e_shentsize';
  if (count === 0 || nameTableIndex === SHN_XINDEX) {
    // Extended numbering: section header 0 holds the real count (sh_size) and index (sh_link).
    checkFileExtent({ what: describeTable(1), fields, offset: tableOffset, lengthBytes: entryBytes }, buf.length, file);
    const first = readRawSection(buf, identity, tableOffset);
    if (count === 0) count = first.sizeBytes;
    if (nameTableIndex === SHN_XINDEX) nameTableIndex = first.link;
    if (count === 0) return { sections: [], named: false };
  } else if (nameTableIndex >= SHN_LORESERVE) {
    throw malformedElf(
      file,
      `e_shstrndx is ${nameTableIndex}, a reserved section index, so the section names cannot be found`,
    );
  }
  checkFileExtent(
    { what: describeTable(count), fields, offset: tableOffset, lengthBytes: count * entryBytes },
    buf.length,
    file,
  );
  const raws = Array.from({ length: count }, (_, index) =>
    readRawSection(buf, identity, tableOffset + index * entryBytes),
  );
  raws.forEach((raw, index) => checkSection(raw, index, buf.length, file));
  if (nameTableIndex >= count) {
    throw malformedElf(
      file,
      `e_shstrndx is ${nameTableIndex}, but the file has only ${count} section headers (0–${count - 1})`,
    );
  }
  const strtab = nameTableIndex === 0 ? null : raws[nameTableIndex];
  if (strtab !== undefined && strtab !== null && strtab.typeCode !== SHT_STRTAB) {
    throw malformedElf(
      file,
      `e_shstrndx points at section header ${nameTableIndex}, which is of type ${typeName(strtab.typeCode)}, not STRTAB`,
    );
  }
  const sections = raws.map((raw, index): ElfSection => ({
    name: strtab === undefined || strtab === null ? '' : readName(buf, strtab, raw, index, file),
    type: typeName(raw.typeCode),
    typeCode: raw.typeCode,
    allocated: (raw.flags & SHF_ALLOC) !== 0,
    virtualAddress: raw.virtualAddress,
    offset: raw.offset,
    sizeBytes: raw.sizeBytes,
  }));
  return { sections, named: strtab !== null && strtab !== undefined };
}

function checkSection(raw: RawSection, index: number, fileBytes: number, file: string): void {
  if (![raw.flags, raw.virtualAddress, raw.offset, raw.sizeBytes].every((value) => Number.isSafeInteger(value))) {
    throw malformedElf(file, `section header ${index} holds a value above 2^53`);
  }
  if (raw.typeCode === SHT_NOBITS || raw.typeCode === 0) return;
  checkFileExtent(
    {
      what: `section ${index} (${typeName(raw.typeCode)}, file bytes ${raw.offset}–${raw.offset + raw.sizeBytes})`,
      fields: `sh_offset or sh_size of section header ${index}`,
      offset: raw.offset,
      lengthBytes: raw.sizeBytes,
    },
    fileBytes,
    file,
  );
}

function typeName(typeCode: number): string {
  return TYPE_NAMES.get(typeCode) ?? `0x${typeCode.toString(16)}`;
}
