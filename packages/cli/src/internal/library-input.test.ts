import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkLibraryFile, loadFailureError } from './library-input.js';

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'ngcc-library-input-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('checkLibraryFile', () => {
  it('refuses a missing path with USAGE and the wording of `ngcc-perf size`', async () => {
    const missing = path.join(scratch, 'nonexistent.so');
    await expect(checkLibraryFile(missing)).rejects.toMatchObject({
      name: 'CliError',
      code: 'USAGE',
      message: `${missing}: no such file. Pass the path of the shared library the build wrote (lib<instance>.so); build the candidate first if it is missing.`,
      cause: expect.objectContaining({ name: 'ElfSizeError', code: 'NOT_FOUND' }),
    });
  });

  it('refuses a text file, a static archive and an ELF object file', async () => {
    const text = path.join(scratch, 'notelf.so');
    await writeFile(text, 'notelf\n');
    await expect(checkLibraryFile(text)).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringContaining(`${text}: not an ELF file (it starts with "note"`),
    });
    const archive = path.join(scratch, 'libx.a');
    await writeFile(archive, '!<arch>\n');
    await expect(checkLibraryFile(archive)).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringContaining('is a static archive'),
    });
    // An ELF64 little-endian header with e_type 1 (ET_REL, what "gcc -c" writes).
    const header = Buffer.alloc(64);
    Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]).copy(header);
    header.writeUInt16LE(1, 16);
    const object = path.join(scratch, 'x.o');
    await writeFile(object, header);
    await expect(checkLibraryFile(object)).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringContaining('relocatable object file (ET_REL'),
    });
  });
});

describe('loadFailureError', () => {
  it('turns LOADFAIL into one USAGE line naming the library and the driver reason', () => {
    const error = loadFailureError('lib/x.so', {
      code: 'LOADFAIL',
      message: 'exit code 5: cannot load lib/x.so (lib/x.so: file too short): pass the path of a shared library',
    });
    expect(error).toMatchObject({
      code: 'USAGE',
      message:
        'lib/x.so: the driver cannot load it (LOADFAIL): cannot load lib/x.so (lib/x.so: file too short): pass the path of a shared library',
    });
  });

  it('leaves every other failure to the measurement (a crash is data, not bad input)', () => {
    expect(loadFailureError('lib/x.so', { code: 'CRASH', message: 'killed by SIGSEGV' })).toBeNull();
    expect(loadFailureError('lib/x.so', undefined)).toBeNull();
  });
});
