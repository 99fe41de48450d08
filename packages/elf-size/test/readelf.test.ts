// Compares readLoadableSegments with `readelf -lW` (GNU binutils) on shared objects that gcc
// builds here, on the system libc, and on the hand-made ELF32 big-endian image.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ElfSizeError, readElfImage, readLoadableSegments } from '../src/index.js';
import type { LoadableSegment } from '../src/index.js';
import { craftSampleElf32, craftSampleWithSections } from './craft-elf.js';

const SOURCES: Record<string, string> = {
  // a function and nothing else
  tiny: 'int CryptHash(int d, const unsigned char *m, unsigned long long l, unsigned char *o) { (void)m; (void)l; o[0] = (unsigned char)d; return 0; }\n',
  // 64 KiB of zero-initialised state: MemSiz of the RW segment grows, FileSiz does not
  bss: 'static unsigned char state[65536];\nint CryptHash(int d, const unsigned char *m, unsigned long long l, unsigned char *o) { state[l % 65536] ^= m[0]; o[0] = state[d]; return 0; }\n',
  // thread-local state: 64 initialised bytes in .tdata, 4096 zero bytes in .tbss
  tls: '__thread unsigned char seed[64] = {1};\n__thread unsigned char scratch[4096];\nint CryptHash(int d, const unsigned char *m, unsigned long long l, unsigned char *o) { scratch[l % 4096] ^= m[0]; o[0] = (unsigned char)(seed[d % 64] ^ scratch[d % 4096]); return 0; }\n',
  // a 4 KiB constant table in .rodata
  table:
    'static const unsigned int T[1024] = {1, 2, 3, 4, 5, 6, 7, 8};\nint CryptHash(int d, const unsigned char *m, unsigned long long l, unsigned char *o) { (void)l; o[0] = (unsigned char)T[(d + m[0]) % 1024]; return 0; }\n',
};

let dir = '';
const built = (name: string): string => path.join(dir, name);

function findLibc(): string {
  const fromGcc = execFileSync('gcc', ['-print-file-name=libc.so.6'], { encoding: 'utf8' }).trim();
  const candidates = [
    fromGcc,
    '/lib/x86_64-linux-gnu/libc.so.6',
    '/lib/aarch64-linux-gnu/libc.so.6',
    '/lib64/libc.so.6',
  ];
  const found = candidates.find((candidate) => path.isAbsolute(candidate) && existsSync(candidate));
  if (found === undefined) throw new Error(`no libc.so.6 found among ${candidates.join(', ')}`);
  return found;
}

/** The first path `ldconfig -p` lists for a library name (e.g. `libcrypto.so.3`), or null. */
function findWithLdconfig(prefix: string): string | null {
  const listing = execFileSync('ldconfig', ['-p'], { encoding: 'utf8' });
  const match = new RegExp(`^\\s*${prefix.replace(/\./g, '\\.')}\\S*\\s.*=>\\s*(\\S+)\\s*$`, 'm').exec(listing);
  return match?.[1] ?? null;
}

/** Sections of `readelf -SW` (index ≥ 1): name, address, offset, size. */
function readelfSections(
  file: string,
): Array<{ name: string; virtualAddress: number; offset: number; sizeBytes: number }> {
  const text = execFileSync('readelf', ['-SW', file], { encoding: 'utf8' });
  const pattern = /^\s*\[\s*([1-9]\d*)\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)\s/;
  return text.split('\n').flatMap((line) => {
    const match = pattern.exec(line);
    if (match === null) return [];
    const [, , name, address, offset, size] = match as unknown as string[];
    return [
      {
        name: name!,
        virtualAddress: parseInt(address!, 16),
        offset: parseInt(offset!, 16),
        sizeBytes: parseInt(size!, 16),
      },
    ];
  });
}

/** `readelf -SW` sizes of .text, .rodata, .data, .bss (0 when absent). */
function readelfSectionBytes(file: string) {
  const sections = readelfSections(file);
  const size = (name: string): number =>
    sections.filter((s) => s.name === name).reduce((sum, s) => sum + s.sizeBytes, 0);
  return {
    textBytes: size('.text'),
    rodataBytes: size('.rodata'),
    dataBytes: size('.data'),
    bssBytes: size('.bss'),
    tdataBytes: size('.tdata'),
    tbssBytes: size('.tbss'),
  };
}

/** The LOAD lines of `readelf -lW`: Offset VirtAddr PhysAddr FileSiz MemSiz Flg Align. */
function readelfLoads(file: string): LoadableSegment[] {
  const text = execFileSync('readelf', ['-lW', file], { encoding: 'utf8' });
  const pattern =
    /^\s*LOAD\s+(0x[0-9a-f]+)\s+(0x[0-9a-f]+)\s+0x[0-9a-f]+\s+(0x[0-9a-f]+)\s+(0x[0-9a-f]+)\s+([RWE ]{3})\s+(0x[0-9a-f]+)\s*$/;
  return text.split('\n').flatMap((line) => {
    const match = pattern.exec(line);
    if (match === null) return [];
    const [, offset, vaddr, filesz, memsz, flg, align] = match as unknown as string[];
    const flags = `${flg!.includes('R') ? 'R' : ''}${flg!.includes('W') ? 'W' : ''}${flg!.includes('E') ? 'X' : ''}`;
    return [
      {
        offset: Number(offset),
        virtualAddress: Number(vaddr),
        fileBytes: Number(filesz),
        memoryBytes: Number(memsz),
        flags,
        alignBytes: Number(align),
      } as LoadableSegment,
    ];
  });
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'elf-size-'));
  for (const [name, source] of Object.entries(SOURCES)) {
    writeFileSync(built(`${name}.c`), source);
    execFileSync('gcc', ['-std=c99', '-O2', '-fPIC', '-shared', '-o', built(`lib${name}.so`), built(`${name}.c`)]);
  }
  execFileSync('gcc', ['-std=c99', '-O2', '-fPIC', '-c', '-o', built('tiny.o'), built('tiny.c')]);
  execFileSync('ar', ['rcs', built('libtiny.a'), built('tiny.o')]);
  writeFileSync(built('sample-elf32-be.so'), craftSampleElf32());
  for (const elfClass of [32, 64] as const) {
    for (const endianness of ['little', 'big'] as const)
      writeFileSync(built(`sections-${elfClass}-${endianness}.so`), craftSampleWithSections(elfClass, endianness));
  }
});

afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

describe('readLoadableSegments agrees with readelf -lW', () => {
  it.each(['libtiny.so', 'libbss.so', 'libtable.so'])('%s built by gcc -fPIC -shared', async (name) => {
    const expected = readelfLoads(built(name));
    expect(expected.length).toBeGreaterThan(0);
    const result = await readLoadableSegments(built(name));
    expect(result.segments).toEqual(expected);
    expect(result.imageBytes).toBe(expected.reduce((sum, segment) => sum + segment.memoryBytes, 0));
    expect(result).toMatchObject({ elfClass: 64, endianness: 'little', fileType: 'shared-object' });
  });

  it('libbss.so: the 65536-byte .bss counts in MemSiz, not in FileSiz', async () => {
    const result = await readLoadableSegments(built('libbss.so'));
    const writable = result.segments.find((segment) => segment.flags === 'RW');
    expect(writable).toBeDefined();
    expect(writable!.memoryBytes - writable!.fileBytes).toBeGreaterThanOrEqual(65536);
  });

  it('the system libc.so.6', async () => {
    const libc = findLibc();
    const expected = readelfLoads(libc);
    const result = await readLoadableSegments(libc);
    expect(result.segments).toEqual(expected);
    expect(result.imageBytes).toBe(expected.reduce((sum, segment) => sum + segment.memoryBytes, 0));
  });

  it('the hand-made ELF32 big-endian image (readelf reads the same two LOAD lines, 4352 bytes)', async () => {
    const expected = readelfLoads(built('sample-elf32-be.so'));
    const result = await readLoadableSegments(built('sample-elf32-be.so'));
    expect(result.segments).toEqual(expected);
    expect(result.imageBytes).toBe(4352);
    expect(result).toMatchObject({ elfClass: 32, endianness: 'big', machine: 'PowerPC' });
  });
});

describe('readElfImage agrees with readelf -lW and -SW', () => {
  function systemLibraries(): string[] {
    const crypto = findWithLdconfig('libcrypto.so');
    return [findLibc(), ...(crypto === null ? [] : [crypto])];
  }

  async function expectAgreement(file: string): Promise<void> {
    const result = await readElfImage(file);
    const loads = readelfLoads(file);
    expect(result.segments).toEqual(loads);
    expect(result.imageBytes).toBe(loads.reduce((sum, segment) => sum + segment.memoryBytes, 0));
    expect(result.sectionBytes).toEqual(readelfSectionBytes(file));
    expect(
      result.sections
        .slice(1)
        .map(({ name, virtualAddress, offset, sizeBytes }) => ({ name, virtualAddress, offset, sizeBytes })),
    ).toEqual(readelfSections(file));
  }

  it.each(['libtiny.so', 'libbss.so', 'libtable.so', 'libtls.so'])('%s built by gcc', async (name) => {
    await expectAgreement(built(name));
  });

  it('libtls.so: its thread-local state is listed, 64 bytes of .tdata and 4096 of .tbss (they were left out)', async () => {
    const { tdataBytes, tbssBytes } = (await readElfImage(built('libtls.so'))).sectionBytes;
    expect(tdataBytes).toBeGreaterThanOrEqual(64);
    expect(tbssBytes).toBeGreaterThanOrEqual(4096);
  });

  it('libtable.so: the 4096-byte constant table is in .rodata; libbss.so: the 65536-byte state is .bss', async () => {
    expect((await readElfImage(built('libtable.so'))).sectionBytes.rodataBytes).toBeGreaterThanOrEqual(4096);
    expect((await readElfImage(built('libbss.so'))).sectionBytes.bssBytes).toBeGreaterThanOrEqual(65536);
  });

  it('the system libc and libcrypto (found with ldconfig -p)', async () => {
    const libraries = systemLibraries();
    expect(libraries.length).toBeGreaterThanOrEqual(1);
    for (const library of libraries) await expectAgreement(library);
  });

  it.each(['sections-32-little.so', 'sections-32-big.so', 'sections-64-little.so', 'sections-64-big.so'])(
    'hand-made %s',
    async (name) => {
      await expectAgreement(built(name));
    },
  );
});

describe('readLoadableSegments errors on files', () => {
  async function failure(file: string): Promise<ElfSizeError> {
    const error = await readLoadableSegments(file).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ElfSizeError);
    return error as ElfSizeError;
  }

  it('NOT_FOUND names the missing path', async () => {
    const error = await failure(built('libmissing.so'));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toContain(`${built('libmissing.so')}: no such file`);
  });

  it('READ_FAILED for a directory', async () => {
    const error = await failure(dir);
    expect(error.code).toBe('READ_FAILED');
    expect(error.message).toContain('it is a directory');
  });

  it('NOT_SHARED_LIBRARY for an object file made with gcc -c', async () => {
    const error = await failure(built('tiny.o'));
    expect(error.code).toBe('NOT_SHARED_LIBRARY');
    expect(error.message).toMatch(/tiny\.o: is a relocatable object file \(ET_REL.*-shared/);
  });

  it('NOT_SHARED_LIBRARY for a static archive made with ar', async () => {
    const error = await failure(built('libtiny.a'));
    expect(error.code).toBe('NOT_SHARED_LIBRARY');
    expect(error.message).toMatch(/libtiny\.a: is a static archive \("!<arch>".*-shared/);
  });

  it('NOT_ELF for a C source file', async () => {
    const error = await failure(built('tiny.c'));
    expect(error.code).toBe('NOT_ELF');
  });
});
