import { mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { TEMPORARY_FILE_PATTERN, temporaryPathOf } from './temporary-file.js';
import { copyFileAtomic, writeFailureReason, writeFileAtomic } from './write-file-atomic.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'ngcc-atomic-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function scratch(): Promise<string> {
  return mkdtemp(path.join(root, 'case-'));
}

describe('writeFileAtomic', () => {
  it('replaces the whole file and leaves no temporary behind', async () => {
    const folder = await scratch();
    const target = path.join(folder, 'build.json');
    await writeFile(target, 'old content\n');
    await writeFileAtomic(target, 'new content\n');
    expect(await readFile(target, 'utf8')).toBe('new content\n');
    expect(await readdir(folder)).toEqual(['build.json']);
  });

  it('creates missing parent folders and writes bytes as they are', async () => {
    const folder = await scratch();
    const target = path.join(folder, 'kat', 'sm3', 'KAT_256.txt');
    await writeFileAtomic(target, Uint8Array.from([0, 255, 10]));
    expect([...(await readFile(target))]).toEqual([0, 255, 10]);
  });

  it('keeps the old file and removes its temporary when the rename fails', async () => {
    const folder = await scratch();
    const target = path.join(folder, 'records');
    await writeFileAtomic(path.join(target, 'kept.json'), '{}\n'); // a folder cannot be replaced by a file
    await expect(writeFileAtomic(target, 'new')).rejects.toMatchObject({ code: 'EISDIR' });
    expect(await readdir(folder)).toEqual(['records']);
    expect(await readFile(path.join(target, 'kept.json'), 'utf8')).toBe('{}\n');
  });

  it('creates a new file with the given mode', async () => {
    const folder = await scratch();
    const target = path.join(folder, 'run.sh');
    await writeFileAtomic(target, '#!/bin/sh\n', { mode: 0o700 });
    expect((await stat(target)).mode & 0o777).toBe(0o700);
  });
});

describe('copyFileAtomic', () => {
  it('copies content and permission bits, leaving no temporary', async () => {
    const folder = await scratch();
    const source = path.join(folder, 'libsm3.so.built');
    await writeFile(source, 'ELF', { mode: 0o755 });
    const target = path.join(folder, 'lib', 'libsm3.so');
    await copyFileAtomic(source, target);
    expect(await readFile(target, 'utf8')).toBe('ELF');
    expect((await stat(target)).mode & 0o777).toBe(0o755);
    expect(await readdir(path.dirname(target))).toEqual(['libsm3.so']);
  });

  it('keeps the old copy when the source is missing', async () => {
    const folder = await scratch();
    const target = path.join(folder, 'libsm3.so');
    await writeFile(target, 'old library');
    await expect(copyFileAtomic(path.join(folder, 'missing.so'), target)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readFile(target, 'utf8')).toBe('old library');
    expect(await readdir(folder)).toEqual(['libsm3.so']);
  });
});

describe('temporary names', () => {
  it('differ per write and are recognized as leftovers, unlike evidence files', () => {
    const first = temporaryPathOf('/runs/x/build.json');
    const second = temporaryPathOf('/runs/x/build.json');
    expect(first).not.toBe(second);
    expect(first).toMatch(new RegExp(`^/runs/x/build\\.json\\.${process.pid}\\.\\d+\\.tmp$`));
    expect(TEMPORARY_FILE_PATTERN.test(path.basename(first))).toBe(true);
    expect(TEMPORARY_FILE_PATTERN.test('campaign.json.4242.tmp')).toBe(true);
    for (const evidence of ['build.json', 'sm3__hash_32.json', 'KAT_2_12_sm3.txt', 'libsm3.so', 'perf_x86_1.md']) {
      expect(TEMPORARY_FILE_PATTERN.test(evidence)).toBe(false);
    }
  });
});

describe('writeFailureReason', () => {
  it('says the disk is full for ENOSPC and repeats any other error', () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const denied = Object.assign(new Error("EACCES: permission denied, open '/runs/x/build.json'"), { code: 'EACCES' });
    expect(writeFailureReason(full)).toBe('the disk is full');
    expect(writeFailureReason(denied)).toBe("EACCES: permission denied, open '/runs/x/build.json'");
  });
});
