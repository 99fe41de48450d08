import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { KatError } from './kat-error.js';
import { writeManifestFromKatFiles } from './write-manifest.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'kat-write-manifest-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

describe('writeManifestFromKatFiles', () => {
  const candidate = path.join(scratch, 'hash-15');
  const katDirectory = path.join(candidate, 'toy');
  mkdirSync(katDirectory, { recursive: true });
  writeFileSync(path.join(katDirectory, 'KAT_2_12_toy.txt'), 'Msg_Len = 0\nMsg = \nDst_Len = 8\nDst = AB\n\n');
  const manifestPath = path.join(candidate, 'kat.sha256');
  const strictDigest = sha256('Msg_Len = 0\nMsg =\nDst_Len = 8\nDst = AB\n');

  it('adds the instance lines to an existing manifest, sorted by path, and leaves no temporary behind', async () => {
    const other = `${'0'.repeat(64)} strict alpha/KAT_2_12_alpha.txt\n`;
    writeFileSync(manifestPath, other);
    const entries = await writeManifestFromKatFiles({ manifestPath, katDirectory, name: 'toy', label: 'toy' });
    expect(entries).toEqual([{ digest: strictDigest, mode: 'strict', label: 'toy', file: 'KAT_2_12_toy.txt' }]);
    expect(readFileSync(manifestPath, 'utf8')).toBe(`${other}${strictDigest} strict toy/KAT_2_12_toy.txt\n`);
    expect(readdirSync(candidate).sort()).toEqual(['kat.sha256', 'toy']);
  });

  it('refuses a label that leaves the candidate folder', async () => {
    await expect(
      writeManifestFromKatFiles({ manifestPath, katDirectory, name: 'toy', label: '../toy' }),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('names the manifest it cannot write (OUTPUT_UNWRITABLE)', async () => {
    const blocked = path.join(scratch, 'a-file');
    writeFileSync(blocked, 'not a folder');
    const error = await writeManifestFromKatFiles({
      manifestPath: path.join(blocked, 'kat.sha256'),
      katDirectory,
      name: 'toy',
      label: 'toy',
    }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(KatError);
    expect(error).toMatchObject({ code: 'OUTPUT_UNWRITABLE' });
    expect((error as Error).message).toContain(path.join(blocked, 'kat.sha256'));
  });
});
