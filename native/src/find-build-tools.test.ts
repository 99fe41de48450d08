import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findBuildTools, missingToolsMessage } from './find-build-tools.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'ngcc-tools-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function folderWith(programs: string[]): Promise<string> {
  const folder = await mkdtemp(path.join(scratch, 'path-'));
  for (const program of programs) {
    await writeFile(path.join(folder, program), '#!/bin/sh\n');
    await chmod(path.join(folder, program), 0o755);
  }
  return folder;
}

describe('findBuildTools', () => {
  it('finds cmake, a C compiler and make on PATH', async () => {
    const folder = await folderWith(['cmake', 'gcc', 'make']);
    expect(findBuildTools({ PATH: folder })).toEqual({
      cmake: path.join(folder, 'cmake'),
      cCompiler: path.join(folder, 'gcc'),
    });
  });

  it('names everything missing', async () => {
    const folder = await folderWith(['make']);
    expect(findBuildTools({ PATH: folder })).toEqual({ missing: ['cmake', 'a C compiler (cc, gcc or clang)'] });
    expect(findBuildTools({ PATH: folder, CC: 'tcc' })).toEqual({ missing: ['cmake', 'the C compiler CC=tcc'] });
  });

  it('does not ask for make when CMAKE_GENERATOR is Ninja', async () => {
    const folder = await folderWith(['cmake', 'cc']);
    expect(findBuildTools({ PATH: folder, CMAKE_GENERATOR: 'Ninja' })).toEqual({
      cmake: path.join(folder, 'cmake'),
      cCompiler: path.join(folder, 'cc'),
    });
    expect(findBuildTools({ PATH: folder })).toEqual({ missing: ['make'] });
  });
});

describe('missingToolsMessage', () => {
  it('is one line naming what is missing and how to install it', () => {
    const message = missingToolsMessage(['cmake', 'make']);
    expect(message).not.toContain('\n');
    expect(message).toMatch(
      /^ngcc-perf-driver must be built on first use, but cmake and make are not installed: install them \(Debian\/Ubuntu: sudo apt-get install cmake build-essential;/,
    );
    expect(missingToolsMessage(['cmake'])).toMatch(/but cmake is not installed: install it /);
  });
});
