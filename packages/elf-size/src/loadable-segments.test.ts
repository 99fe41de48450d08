import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { craftElf32BigEndian, craftSampleElf32 } from '../test/craft-elf.js';
import { ElfSizeError } from './elf-size-error.js';
import { parseLoadableSegments } from './loadable-segments.js';

const fixture = (name: string): Buffer =>
  readFileSync(fileURLToPath(new URL(`../test/fixtures/${name}`, import.meta.url)));

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ElfSizeError) return `${error.code}: ${error.message}`;
    throw error;
  }
  throw new Error('expected an ElfSizeError');
}

describe('parseLoadableSegments on a hand-made ELF32 big-endian image', () => {
  it('sums p_memsz over the two PT_LOAD headers and skips PT_GNU_STACK (200 + 4152 = 4352)', () => {
    const result = parseLoadableSegments(craftSampleElf32(), 'sample.elf');
    expect(result).toEqual({
      imageBytes: 4352,
      segments: [
        { offset: 0, virtualAddress: 0x10000, fileBytes: 200, memoryBytes: 200, flags: 'RX', alignBytes: 0x10000 },
        { offset: 200, virtualAddress: 0x200c8, fileBytes: 56, memoryBytes: 4152, flags: 'RW', alignBytes: 0x10000 },
      ],
      elfClass: 32,
      endianness: 'big',
      machine: 'PowerPC',
      machineCode: 20,
      fileType: 'shared-object',
    });
  });

  it('accepts an ET_EXEC image and reports its type', () => {
    const bytes = craftSampleElf32();
    bytes.writeUInt16BE(2, 16);
    expect(parseLoadableSegments(bytes).fileType).toBe('executable');
  });
});

describe('parseLoadableSegments errors', () => {
  it('NOT_ELF for a text file, naming the file and the first bytes', () => {
    expect(codeOf(() => parseLoadableSegments(fixture('not-elf.txt'), 'not-elf.txt'))).toMatch(
      /^NOT_ELF: not-elf\.txt: not an ELF file \(it starts with "int ".*-shared/,
    );
  });

  it('NOT_ELF for an ELF class byte other than 1 or 2', () => {
    const bytes = craftSampleElf32();
    bytes[4] = 3;
    expect(codeOf(() => parseLoadableSegments(bytes, 'x.so'))).toMatch(
      /^NOT_ELF: x\.so: ELF class byte \(offset 4\) is 3/,
    );
  });

  it('NOT_ELF for a data-encoding byte other than 1 or 2', () => {
    const bytes = craftSampleElf32();
    bytes[5] = 0;
    expect(codeOf(() => parseLoadableSegments(bytes, 'x.so'))).toMatch(
      /^NOT_ELF: .*data-encoding byte \(offset 5\) is 0/,
    );
  });

  it('TRUNCATED for the first 40 bytes of an ELF64 shared object (header needs 64)', () => {
    expect(codeOf(() => parseLoadableSegments(fixture('truncated-elf64-header.bin'), 'cut.so'))).toMatch(
      /^TRUNCATED: cut\.so: only 40 bytes, but an ELF64 header needs 64\./,
    );
  });

  it('TRUNCATED for an empty file and for 10 bytes of ELF identification', () => {
    expect(codeOf(() => parseLoadableSegments(Buffer.alloc(0), 'empty.so'))).toMatch(
      /^TRUNCATED: empty\.so: the file is empty/,
    );
    expect(codeOf(() => parseLoadableSegments(craftSampleElf32().subarray(0, 10), 'ten.so'))).toMatch(
      /^TRUNCATED: ten\.so: only 10 bytes/,
    );
  });

  it('TRUNCATED when the program-header table runs past the end (52 + 3 × 32 = 148 > 100 bytes)', () => {
    expect(codeOf(() => parseLoadableSegments(craftSampleElf32().subarray(0, 100), 'short.so'))).toMatch(
      /^TRUNCATED: short\.so: the program-header table \(offset 52, 3 × 32 bytes\) ends at byte 148, past the end of the 100-byte file/,
    );
  });

  it('TRUNCATED when a PT_LOAD segment lies outside the file (200 + 56 = 256 > 220 bytes)', () => {
    expect(codeOf(() => parseLoadableSegments(craftSampleElf32().subarray(0, 220), 'short.so'))).toMatch(
      /^TRUNCATED: short\.so: the PT_LOAD segment of program header 1 \(file bytes 200–256\) ends at byte 256, past the end of the 220-byte file/,
    );
  });

  it('NOT_SHARED_LIBRARY for an ET_REL header and for an ar archive', () => {
    const relocatable = craftSampleElf32();
    relocatable.writeUInt16BE(1, 16);
    expect(codeOf(() => parseLoadableSegments(relocatable, 'a.o'))).toMatch(
      /^NOT_SHARED_LIBRARY: a\.o: is a relocatable object file \(ET_REL.*gcc -fPIC -shared/,
    );
    const archive = Buffer.from('!<arch>\n/               0           0     0     0       4         `\n', 'latin1');
    expect(codeOf(() => parseLoadableSegments(archive, 'liba.a'))).toMatch(
      /^NOT_SHARED_LIBRARY: liba\.a: is a static archive/,
    );
  });

  it('MALFORMED when FileSiz exceeds MemSiz or no PT_LOAD exists', () => {
    const bigFile = craftElf32BigEndian({
      totalBytes: 200,
      programHeaders: [
        { type: 1, offset: 0, virtualAddress: 0, fileBytes: 100, memoryBytes: 50, flags: 4, alignBytes: 4096 },
      ],
    });
    expect(codeOf(() => parseLoadableSegments(bigFile, 'x.so'))).toMatch(
      /^MALFORMED: x\.so: PT_LOAD segment in program header 0 has FileSiz 100 larger than MemSiz 50/,
    );
    const noLoad = craftElf32BigEndian({
      programHeaders: [
        { type: 0x6474e551, offset: 0, virtualAddress: 0, fileBytes: 0, memoryBytes: 0, flags: 6, alignBytes: 16 },
      ],
    });
    expect(codeOf(() => parseLoadableSegments(noLoad, 'x.so'))).toMatch(
      /^MALFORMED: x\.so: has program headers but no PT_LOAD segment/,
    );
  });

  it('sets name, code, file on the error', () => {
    try {
      parseLoadableSegments(Buffer.from('hello'), 'h.txt');
      throw new Error('not reached');
    } catch (error) {
      expect(error).toBeInstanceOf(ElfSizeError);
      expect((error as ElfSizeError).name).toBe('ElfSizeError');
      expect((error as ElfSizeError).file).toBe('h.txt');
    }
  });
});
