import { describe, expect, it } from '@jest/globals';
import { craftElf, craftSampleElf32, craftSampleWithSections } from '../test/craft-elf.js';
import { parseElfImage } from './elf-image.js';
import { ElfSizeError } from './elf-size-error.js';

function failure(run: () => unknown): ElfSizeError {
  try {
    run();
  } catch (error) {
    if (error instanceof ElfSizeError) return error;
    throw error;
  }
  throw new Error('expected an ElfSizeError');
}

/** Byte offsets of e_shoff, e_shentsize, e_shnum, e_shstrndx for each class (ELF gABI). */
const SH_FIELDS = {
  32: { shoff: 32, shentsize: 46, shnum: 48, shstrndx: 50 },
  64: { shoff: 40, shentsize: 58, shnum: 60, shstrndx: 62 },
} as const;

describe('parseElfImage on hand-made images of each class and byte order', () => {
  // craft-elf.ts: H = 148 (ELF32) or 232 (ELF64); segments MemSiz (H + 200) and 56 + 4096.
  it.each([
    [32, 'big', 'PowerPC', 148],
    [32, 'little', 'ARM', 148],
    [64, 'big', 'PowerPC64', 232],
    [64, 'little', 'x86-64', 232],
  ] as const)(
    'ELF%i %s-endian (%s): .text 120, .rodata 80, .data 40, .bss 4096 bytes; image = H + 200 + 4152',
    (elfClass, endianness, machine, headerEnd) => {
      const result = parseElfImage(craftSampleWithSections(elfClass, endianness), 'sample.so');
      expect(result).toMatchObject({
        elfClass,
        endianness,
        machine,
        fileType: 'shared-object',
        imageBytes: headerEnd + 200 + 4152,
      });
      expect(result.sectionBytes).toEqual({
        textBytes: 120,
        rodataBytes: 80,
        dataBytes: 40,
        bssBytes: 4096,
        tdataBytes: 0,
        tbssBytes: 0,
      });
      expect(result.sections.map((s) => [s.name, s.type, s.sizeBytes, s.allocated])).toEqual([
        ['', 'NULL', 0, false],
        ['.text', 'PROGBITS', 120, true],
        ['.rodata', 'PROGBITS', 80, true],
        ['.data', 'PROGBITS', 40, true],
        ['.bss', 'NOBITS', 4096, true],
        ['.shstrtab', 'STRTAB', 36, false], // "\0.text\0.rodata\0.data\0.bss\0.shstrtab\0" = 36 bytes
      ]);
      expect(result.segments.map((s) => [s.flags, s.fileBytes, s.memoryBytes])).toEqual([
        ['RX', headerEnd + 200, headerEnd + 200],
        ['RW', 56, 4152],
      ]);
    },
  );

  it('gives null section sizes for an image without a section-header table (e_shoff = 0)', () => {
    const result = parseElfImage(craftSampleElf32(), 'stripped.so');
    expect(result.imageBytes).toBe(4352);
    expect(result.sectionBytes).toEqual({
      textBytes: null,
      rodataBytes: null,
      dataBytes: null,
      bssBytes: null,
      tdataBytes: null,
      tbssBytes: null,
    });
    expect(result.sections).toEqual([]);
  });

  it('gives 0 for a section the image does not have', () => {
    const bytes = craftElf({
      elfClass: 64,
      endianness: 'little',
      totalBytes: 400,
      programHeaders: [
        { type: 1, offset: 0, virtualAddress: 0, fileBytes: 400, memoryBytes: 400, flags: 5, alignBytes: 4096 },
      ],
      sections: [{ name: '.text', type: 1, flags: 6, virtualAddress: 300, offset: 300, sizeBytes: 100 }],
    });
    expect(parseElfImage(bytes).sectionBytes).toEqual({
      textBytes: 100,
      rodataBytes: 0,
      dataBytes: 0,
      bssBytes: 0,
      tdataBytes: 0,
      tbssBytes: 0,
    });
  });

  it('gives null sizes when e_shstrndx is SHN_UNDEF (no names)', () => {
    const bytes = craftSampleWithSections(64, 'little');
    bytes.writeUInt16LE(0, SH_FIELDS[64].shstrndx);
    const result = parseElfImage(bytes);
    expect(result.sectionBytes.textBytes).toBeNull();
    expect(result.sections.every((s) => s.name === '')).toBe(true);
  });

  it('follows extended numbering: e_shnum = 0 and e_shstrndx = SHN_XINDEX, real values in section header 0', () => {
    const bytes = craftSampleWithSections(32, 'big');
    const shoff = bytes.readUInt32BE(SH_FIELDS[32].shoff);
    bytes.writeUInt16BE(0, SH_FIELDS[32].shnum);
    bytes.writeUInt16BE(0xffff, SH_FIELDS[32].shstrndx);
    bytes.writeUInt32BE(6, shoff + 20); // sh_size of section 0 = 6 sections
    bytes.writeUInt32BE(5, shoff + 24); // sh_link of section 0 = .shstrtab
    expect(parseElfImage(bytes).sectionBytes).toEqual({
      textBytes: 120,
      rodataBytes: 80,
      dataBytes: 40,
      bssBytes: 4096,
      tdataBytes: 0,
      tbssBytes: 0,
    });
  });
});

describe('parseElfImage errors in the section headers', () => {
  it('MALFORMED when e_shstrndx is past the last section header (9 of 6)', () => {
    const bytes = craftSampleWithSections(64, 'big');
    bytes.writeUInt16BE(9, SH_FIELDS[64].shstrndx);
    const error = failure(() => parseElfImage(bytes, 'x.so'));
    expect(error.code).toBe('MALFORMED');
    expect(error.message).toMatch(
      /^x\.so: e_shstrndx is 9, but the file has only 6 section headers \(0–5\)\. .*rebuild/,
    );
  });

  it('MALFORMED when e_shstrndx names a section that is not a string table (.text)', () => {
    const bytes = craftSampleWithSections(32, 'little');
    bytes.writeUInt16LE(1, SH_FIELDS[32].shstrndx);
    expect(failure(() => parseElfImage(bytes, 'x.so')).message).toMatch(
      /section header 1, which is of type PROGBITS, not STRTAB/,
    );
  });

  it('MALFORMED when section entries are smaller than the class needs (e_shentsize 10 < 64)', () => {
    const bytes = craftSampleWithSections(64, 'little');
    bytes.writeUInt16LE(10, SH_FIELDS[64].shentsize);
    const error = failure(() => parseElfImage(bytes, 'x.so'));
    expect(error.code).toBe('MALFORMED');
    expect(error.message).toContain('section-header entries are 10 bytes (e_shentsize), but ELF64 needs at least 64');
  });

  it('MALFORMED when a name offset lies outside the 36-byte string table', () => {
    const bytes = craftSampleWithSections(32, 'big');
    const shoff = bytes.readUInt32BE(SH_FIELDS[32].shoff);
    bytes.writeUInt32BE(500, shoff + 40 * 2); // sh_name of section 2 (.rodata)
    expect(failure(() => parseElfImage(bytes, 'x.so')).message).toContain(
      'section header 2 has its name at offset 500 (sh_name), outside the 36-byte section-name string table',
    );
  });

  it('OUT_OF_BOUNDS when e_shoff points past the end, TRUNCATED when the table is cut', () => {
    const bytes = craftSampleWithSections(64, 'little');
    const shoff = Number(bytes.readBigUInt64LE(SH_FIELDS[64].shoff));
    const moved = Buffer.from(bytes);
    moved.writeBigUInt64LE(BigInt(bytes.length + 8), SH_FIELDS[64].shoff);
    const outside = failure(() => parseElfImage(moved, 'x.so'));
    expect(outside.code).toBe('OUT_OF_BOUNDS');
    expect(outside.message).toContain(
      `the section-header table (offset ${bytes.length + 8}, 6 × 64 bytes) starts at byte ${bytes.length + 8}, at or past the end of the ${bytes.length}-byte file`,
    );
    const cut = failure(() => parseElfImage(bytes.subarray(0, shoff + 100), 'x.so'));
    expect(cut.code).toBe('TRUNCATED');
    expect(cut.message).toContain(`ends at byte ${shoff + 384}, past the end of the ${shoff + 100}-byte file`);
  });

  it('OUT_OF_BOUNDS when a PROGBITS section starts past the end; a NOBITS one may', () => {
    const bytes = craftSampleWithSections(32, 'big');
    const shoff = bytes.readUInt32BE(SH_FIELDS[32].shoff);
    const nobits = Buffer.from(bytes);
    nobits.writeUInt32BE(1_000_000, shoff + 40 * 4 + 16); // .bss sh_offset: not file bytes, accepted
    expect(parseElfImage(nobits).sectionBytes.bssBytes).toBe(4096);
    bytes.writeUInt32BE(1_000_000, shoff + 40 * 3 + 16); // .data sh_offset
    const error = failure(() => parseElfImage(bytes, 'x.so'));
    expect(error.code).toBe('OUT_OF_BOUNDS');
    expect(error.message).toContain('section 3 (PROGBITS, file bytes 1000000–1000040) starts at byte 1000000');
  });
});
