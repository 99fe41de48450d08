import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { HASH_35_MANIFEST, wish512Digests } from '../test/helpers/fixtures.js';
import { findManifestEntry } from './find-manifest-entry.js';
import { hashReferenceKatFiles } from './hash-reference-kat-files.js';
import { generateKatMessages, katFileName } from './kat-messages.js';
import { describeKatMessage, formatKatRecords } from './kat-records.js';
import { parseManifest } from './parse-manifest.js';
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
      {
        digest: sha256('Msg_Len = 0\nMsg =\nDst_Len = 8\nDst = AB\n'),
        mode: 'strict',
        label: 'toy',
        file: 'KAT_2_12_toy.txt',
      },
      { digest: sha256('Msg = 00\nDst = CD\n'), mode: 'nolen', label: 'toy', file: 'KAT_Loop_toy.txt' },
    ]);
    expect(updateManifestText(null, 'kat.sha256', entries)).toBe(
      `${entries[0]?.digest} strict toy/KAT_2_12_toy.txt\n${entries[1]?.digest} nolen toy/KAT_Loop_toy.txt\n`,
    );
  });

  it('refuses a label that would leave the candidate folder', async () => {
    for (const label of ['../x', '/abs', 'a/../../b', 'a\\b', '']) {
      await expect(hashReferenceKatFiles({ katDir: dir, name: 'toy', label })).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
      });
    }
    await expect(hashReferenceKatFiles({ katDir: dir, name: '../toy', label: 'toy' })).rejects.toThrow(
      /letters, digits/,
    );
  });

  it('says when there is nothing to hash or the folder is missing', async () => {
    await expect(hashReferenceKatFiles({ katDir: dir, name: 'absent', label: 'absent' })).rejects.toMatchObject({
      code: 'NO_REFERENCE_FILES',
    });
    await expect(hashReferenceKatFiles({ katDir: path.join(scratch, 'missing'), name: 'toy' })).rejects.toMatchObject({
      code: 'KAT_FILE_UNREADABLE',
    });
  });
});

describe('hashReferenceKatFiles: hex case is not content (issue: manifests written from lower-case files failed the right library)', () => {
  const upper =
    'Msg_Len = 12\nMsg = ABC0\nDst_Len = 16\nDst = 0FE1\n\nMsg_Len = 8\nMsg_Seed = 9A\nMsg_Exp = 0123456789ABCDEF .... FEDCBA9876543210\nDst_Len = 16\nDst = BEEF\n\n';
  const folder = (name: string, text: string): string => {
    const dir = path.join(scratch, name);
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'KAT_2_12_toy.txt'), text);
    return dir;
  };

  it('lower-case and mixed-case hex give the digest of the upper-case file; keys and lengths are left alone', async () => {
    const expected = sha256(upper.replaceAll('\n\n', '\n')); // the canonical form drops empty lines
    const digestOf = async (dir: string) =>
      (await hashReferenceKatFiles({ katDir: dir, name: 'toy', label: 'toy' }))[0]!.digest;
    expect(await digestOf(folder('upper', upper))).toBe(expected);
    expect(
      await digestOf(
        folder(
          'lower',
          upper
            .toLowerCase()
            .replaceAll('msg', 'Msg')
            .replaceAll('dst', 'Dst')
            .replaceAll('_len', '_Len')
            .replaceAll('_seed', '_Seed')
            .replaceAll('_exp', '_Exp'),
        ),
      ),
    ).toBe(expected);
    expect(
      await digestOf(
        folder(
          'mixed',
          upper.replace('ABC0', 'aBc0').replace('BEEF', 'bEeF').replace('0123456789ABCDEF', '0123456789abcdef'),
        ),
      ),
    ).toBe(expected);
    // A key in another case is content (it is not a hex value): the digest differs.
    expect(await digestOf(folder('key-case', upper.replace('Dst_Len', 'DST_LEN')))).not.toBe(expected);
  });

  it("the official hash-35 digests still match the generator's upper-case Wish512 files, and their lower-case copies", async () => {
    const manifest = parseManifest(readFileSync(HASH_35_MANIFEST, 'utf8'), 'hash-35.kat.sha256');
    const upperDir = path.join(scratch, 'wish-upper');
    const lowerDir = path.join(scratch, 'wish-lower');
    mkdirSync(upperDir);
    mkdirSync(lowerDir);
    for (const kind of ['KAT_2_12', 'KAT_2_23'] as const) {
      const lines: string[] = [];
      for (const message of generateKatMessages(kind)) lines.push(describeKatMessage(kind, message)); // the generator reuses its buffer
      const text = formatKatRecords(lines, wish512Digests(kind), 512);
      writeFileSync(path.join(upperDir, katFileName(kind, 'Wish512')), text);
      writeFileSync(
        path.join(lowerDir, katFileName(kind, 'Wish512')),
        text.replace(
          /^(Msg|Dst|Msg_Seed|Msg_Exp) = (.*)$/gm,
          (_l, key: string, value: string) => `${key} = ${value.toLowerCase()}`,
        ),
      );
    }
    const official = ['KAT_2_12', 'KAT_2_23'].map(
      (kind) => findManifestEntry(manifest, 'Wish512', `${kind}_Wish512.txt`)?.digest,
    );
    expect(official).toEqual([
      'a3797f9b0a2f53cb78ae94758ba219bbe5a1580b7f5d46d911f99898c2b55a51',
      'f082047f1f715de4869a86e91e9ec3690c48f61cd93e4564753c869e01e939f0',
    ]);
    expect(
      (await hashReferenceKatFiles({ katDir: upperDir, name: 'Wish512', label: 'Wish512' })).map(
        (entry) => entry.digest,
      ),
    ).toEqual(official);
    expect(
      (await hashReferenceKatFiles({ katDir: lowerDir, name: 'Wish512', label: 'Wish512' })).map(
        (entry) => entry.digest,
      ),
    ).toEqual(official);
  });
});
