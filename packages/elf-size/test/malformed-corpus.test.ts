// The malformed-ELF corpus: a real shared object built here by gcc, truncated and corrupted in
// the ways a broken build, a bad copy or a damaged disk produce. Every case must end in its typed
// ElfSizeError with a one-line message naming the file — never another exception, never a number.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ElfSizeError, parseElfImage, parseLoadableSegments, readElfImage } from '../src/index.js';
import type { ElfSizeErrorCode } from '../src/index.js';
import { craftSampleWithSections } from './craft-elf.js';

// ELF64 header fields (ELF gABI): e_type 16, e_phoff 32, e_shoff 40, e_phentsize 54, e_phnum 56,
// e_shentsize 58, e_shnum 60, e_shstrndx 62. Program header: p_offset +8, p_filesz +32, p_memsz +40.
const E_TYPE = 16;
const E_PHOFF = 32;
const E_SHOFF = 40;
const E_PHENTSIZE = 54;
const E_PHNUM = 56;
const E_SHENTSIZE = 58;
const E_SHNUM = 60;
const E_SHSTRNDX = 62;

let dir = '';
let original = Buffer.alloc(0);

/** The header fields of the gcc-built library that the cases below start from. */
function header(bytes: Buffer) {
  return {
    phoff: Number(bytes.readBigUInt64LE(E_PHOFF)),
    shoff: Number(bytes.readBigUInt64LE(E_SHOFF)),
    phnum: bytes.readUInt16LE(E_PHNUM),
    shnum: bytes.readUInt16LE(E_SHNUM),
  };
}

/** Offset of the first PT_LOAD program header whose MemSiz exceeds its FileSiz (the RW one, .bss). */
function writableLoadHeader(bytes: Buffer): number {
  const { phoff, phnum } = header(bytes);
  for (let index = 0; index < phnum; index += 1) {
    const at = phoff + 56 * index;
    if (bytes.readUInt32LE(at) === 1 && bytes.readBigUInt64LE(at + 40) > bytes.readBigUInt64LE(at + 32)) return at;
  }
  throw new Error('no PT_LOAD with .bss in the test library');
}

function corrupt(edit: (bytes: Buffer) => void): Buffer {
  const bytes = Buffer.from(original);
  edit(bytes);
  return bytes;
}

interface CorpusCase {
  name: string;
  make: () => Buffer;
  code: ElfSizeErrorCode;
  message: RegExp;
  /** True when the program headers are intact, so the loader's view (readLoadableSegments) still works. */
  loaderUnaffected?: boolean;
}

const CASES: CorpusCase[] = [
  {
    name: 'cut at 10 bytes',
    make: () => original.subarray(0, 10),
    code: 'TRUNCATED',
    message: /only 10 bytes, which ends inside the 16-byte ELF identification/,
  },
  {
    name: 'cut at 40 bytes',
    make: () => original.subarray(0, 40),
    code: 'TRUNCATED',
    message: /only 40 bytes, but an ELF64 header needs 64/,
  },
  {
    name: 'cut at 63 bytes',
    make: () => original.subarray(0, 63),
    code: 'TRUNCATED',
    message: /only 63 bytes, but an ELF64 header needs 64/,
  },
  {
    name: 'cut in half',
    make: () => original.subarray(0, original.length >> 1),
    code: 'TRUNCATED',
    message:
      /the file is cut short: the PT_LOAD segment of program header \d+ .* past the end of the \d+-byte file, and its section-header table says the file is \d+ bytes long/,
  },
  {
    name: 'e_phoff past the end of the file',
    make: () => corrupt((b) => b.writeBigUInt64LE(BigInt(b.length + 4096), E_PHOFF)),
    code: 'OUT_OF_BOUNDS',
    message: /the program-header table \(offset \d+, .*\) starts at byte \d+, at or past the end .*e_phoff/,
  },
  {
    name: 'e_phnum huge (65520)',
    make: () => corrupt((b) => b.writeUInt16LE(0xfff0, E_PHNUM)),
    code: 'TRUNCATED',
    message: /the program-header table \(offset 64, 65520 × 56 bytes\) ends at byte 3669184, past the end/,
  },
  {
    name: 'e_phentsize 8',
    make: () => corrupt((b) => b.writeUInt16LE(8, E_PHENTSIZE)),
    code: 'MALFORMED',
    message: /program-header entries are 8 bytes, but ELF64 needs at least 56/,
  },
  {
    name: 'e_shoff past the end of the file',
    make: () => corrupt((b) => b.writeBigUInt64LE(BigInt(b.length + 1), E_SHOFF)),
    code: 'OUT_OF_BOUNDS',
    message: /the section-header table .* at or past the end/,
    loaderUnaffected: true,
  },
  {
    name: 'cut inside the section-header table',
    make: () => original.subarray(0, header(original).shoff + 100),
    code: 'TRUNCATED',
    message: /the section-header table .* ends at byte \d+, past the end/,
    loaderUnaffected: true,
  },
  {
    name: 'e_ident class 3',
    make: () => corrupt((b) => (b[4] = 3)),
    code: 'NOT_ELF',
    message: /ELF class byte \(offset 4\) is 3; only 1 \(ELF32\) and 2 \(ELF64\) exist/,
  },
  {
    name: 'e_ident data encoding 0',
    make: () => corrupt((b) => (b[5] = 0)),
    code: 'NOT_ELF',
    message: /data-encoding byte \(offset 5\) is 0/,
  },
  {
    name: 'PT_LOAD with FileSiz > MemSiz',
    make: () =>
      corrupt((b) => {
        const at = writableLoadHeader(b);
        b.writeBigUInt64LE(b.readBigUInt64LE(at + 32) - 1n, at + 40); // MemSiz = FileSiz − 1
      }),
    code: 'MALFORMED',
    message: /PT_LOAD segment in program header \d+ has FileSiz (\d+) larger than MemSiz \d+/,
  },
  {
    name: 'PT_LOAD p_offset past the end of the file',
    make: () => corrupt((b) => b.writeBigUInt64LE(BigInt(b.length + 65536), writableLoadHeader(b) + 8)),
    code: 'OUT_OF_BOUNDS',
    message: /the PT_LOAD segment of program header \d+ .* at or past the end .*p_offset/,
  },
  {
    name: 'e_shstrndx out of range',
    make: () => corrupt((b) => b.writeUInt16LE(b.readUInt16LE(E_SHNUM) + 5, E_SHSTRNDX)),
    code: 'MALFORMED',
    message: /e_shstrndx is \d+, but the file has only \d+ section headers/,
    loaderUnaffected: true,
  },
  {
    name: 'e_shentsize 10',
    make: () => corrupt((b) => b.writeUInt16LE(10, E_SHENTSIZE)),
    code: 'MALFORMED',
    message: /section-header entries are 10 bytes/,
    loaderUnaffected: true,
  },
  {
    name: 'e_type ET_REL (an object file)',
    make: () => corrupt((b) => b.writeUInt16LE(1, E_TYPE)),
    code: 'NOT_SHARED_LIBRARY',
    message: /relocatable object file \(ET_REL.*gcc -fPIC -shared/,
  },
  {
    name: 'magic of a static archive',
    make: () => Buffer.concat([Buffer.from('!<arch>\n', 'latin1'), original]),
    code: 'NOT_SHARED_LIBRARY',
    message: /static archive .*lib<instance>\.so/,
  },
];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'elf-corpus-'));
  const source = path.join(dir, 'corpus.c');
  writeFileSync(
    source,
    'static unsigned char state[4096];\nint CryptHash(int d, const unsigned char *m, unsigned long long l, unsigned char *o) { state[l % 4096] ^= m[0]; o[0] = state[d % 4096]; return 0; }\n',
  );
  execFileSync('gcc', ['-std=c99', '-O2', '-fPIC', '-shared', '-o', path.join(dir, 'libcorpus.so'), source]);
  original = readFileSync(path.join(dir, 'libcorpus.so'));
});

afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

describe('the malformed-ELF corpus (built from a gcc -fPIC -shared library)', () => {
  it('starts from a valid ELF64 little-endian shared object', () => {
    expect(parseElfImage(original)).toMatchObject({ elfClass: 64, endianness: 'little', fileType: 'shared-object' });
    expect(CASES.length).toBeGreaterThanOrEqual(8);
  });

  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s → its typed error, one line naming the file',
    async (_name, corpusCase) => {
      const file = path.join(dir, `${corpusCase.name.replace(/\W+/g, '-')}.so`);
      writeFileSync(file, corpusCase.make());
      const error = await readElfImage(file).then(
        (result) => result,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ElfSizeError);
      const typed = error as ElfSizeError;
      expect(typed.code).toBe(corpusCase.code);
      expect(typed.file).toBe(file);
      expect(typed.message.startsWith(`${file}: `)).toBe(true);
      expect(typed.message).toMatch(corpusCase.message);
      expect(typed.message).not.toContain('\n');
      expect(typed.message).toMatch(/(rebuild|Rebuild|Pass|copy)/);
    },
  );

  it('a damaged section-header table leaves the loader view intact: the same Σ p_memsz as the original', () => {
    const expected = parseLoadableSegments(original).imageBytes;
    for (const corpusCase of CASES.filter((c) => c.loaderUnaffected === true)) {
      expect(parseLoadableSegments(corpusCase.make()).imageBytes).toBe(expected);
    }
  });
});

describe('no input makes the parser throw anything but ElfSizeError', () => {
  function outcome(bytes: Buffer): string {
    try {
      const result = parseElfImage(bytes);
      return Number.isSafeInteger(result.imageBytes) && result.imageBytes >= 0
        ? 'ok'
        : `bad number ${result.imageBytes}`;
    } catch (error) {
      return error instanceof ElfSizeError ? error.code : `untyped ${String(error)}`;
    }
  }

  it('every truncation length from 0 to the whole file', () => {
    const untyped = new Set<string>();
    for (let length = 0; length < original.length; length += 1) {
      const result = outcome(original.subarray(0, length));
      if (result === 'ok' || result.startsWith('untyped') || result.startsWith('bad'))
        untyped.add(`${length}: ${result}`);
    }
    expect([...untyped]).toEqual([]);
  });

  it('every byte of the ELF header and program-header table set to 0xff, then to 0x00', () => {
    const { phoff, phnum } = header(original);
    const problems: string[] = [];
    for (let at = 0; at < phoff + 56 * phnum; at += 1) {
      for (const value of [0xff, 0x00]) {
        const result = outcome(corrupt((b) => (b[at] = value)));
        if (result.startsWith('untyped') || result.startsWith('bad')) problems.push(`byte ${at} = ${value}: ${result}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every byte of the section-header table set to 0xff, then to 0x00', () => {
    const { shoff, shnum } = header(original);
    const problems: string[] = [];
    for (let at = shoff; at < shoff + 64 * shnum; at += 1) {
      for (const value of [0xff, 0x00]) {
        const result = outcome(corrupt((b) => (b[at] = value)));
        if (result.startsWith('untyped') || result.startsWith('bad')) problems.push(`byte ${at} = ${value}: ${result}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each([
    [32, 'big'],
    [32, 'little'],
    [64, 'big'],
    [64, 'little'],
  ] as const)(
    'every truncation and every byte set to 0xff / 0x00 of a hand-made ELF%i %s-endian image',
    (elfClass, endianness) => {
      const image = craftSampleWithSections(elfClass, endianness);
      const problems: string[] = [];
      for (let length = 0; length < image.length; length += 1) {
        const result = outcome(image.subarray(0, length));
        if (!/^[A-Z_]+$/.test(result) || result === 'ok') problems.push(`cut at ${length}: ${result}`);
      }
      for (let at = 0; at < image.length; at += 1) {
        for (const value of [0xff, 0x00]) {
          const bytes = Buffer.from(image);
          bytes[at] = value;
          const result = outcome(bytes);
          if (result.startsWith('untyped') || result.startsWith('bad'))
            problems.push(`byte ${at} = ${value}: ${result}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );
});
