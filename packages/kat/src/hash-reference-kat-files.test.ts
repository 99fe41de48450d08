import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { hashReferenceKatFiles } from './hash-reference-kat-files.js';
import { updateManifestText } from './update-manifest.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'kat-ref-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

describe('hashReferenceKatFiles', () => {
  const dir = path.join(scratch, 'Test_Vectors');
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'KAT_2_12_toy.txt'), 'Msg_Len = 0\r\nMsg = \r\nDst_Len = 8\r\nDst = AB\r\n\r\n');
  writeFileSync(path.join(dir, 'KAT_Loop_toy.txt'), 'Msg_Len =\nMsg = 00\nDst_Len =\nDst = CD\n\n'); // a template file: blank _Len values
  writeFileSync(path.join(dir, 'KAT_2_12_other.txt'), 'Dst = 00\n');

  it('hashes the canonical form of each present file: strict, or nolen for a template with blank _Len values', async () => {
    const entries = await hashReferenceKatFiles({ katDir: dir, name: 'toy', label: 'toy' });
    expect(entries).toEqual([
      { digest: sha256('Msg_Len = 0\nMsg =\nDst_Len = 8\nDst = AB\n'), mode: 'strict', label: 'toy', file: 'KAT_2_12_toy.txt' },
      { digest: sha256('Msg = 00\nDst = CD\n'), mode: 'nolen', label: 'toy', file: 'KAT_Loop_toy.txt' },
    ]);
    expect(updateManifestText(null, 'kat.sha256', entries)).toBe(`${entries[0]?.digest} strict toy/KAT_2_12_toy.txt\n${entries[1]?.digest} nolen toy/KAT_Loop_toy.txt\n`);
  });

  it('refuses a label that would leave the candidate folder', async () => {
    for (const label of ['../x', '/abs', 'a/../../b', 'a\\b', '']) {
      await expect(hashReferenceKatFiles({ katDir: dir, name: 'toy', label })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    }
    await expect(hashReferenceKatFiles({ katDir: dir, name: '../toy', label: 'toy' })).rejects.toThrow(/letters, digits/);
  });

  it('says when there is nothing to hash or the folder is missing', async () => {
    await expect(hashReferenceKatFiles({ katDir: dir, name: 'absent', label: 'absent' })).rejects.toMatchObject({ code: 'NO_REFERENCE_FILES' });
    await expect(hashReferenceKatFiles({ katDir: path.join(scratch, 'missing'), name: 'toy' })).rejects.toMatchObject({ code: 'KAT_FILE_UNREADABLE' });
  });
});
