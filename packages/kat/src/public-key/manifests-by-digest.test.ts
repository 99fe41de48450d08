import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import { publicKeyManifestsByDigest } from './manifests-by-digest.js';

const fixture = fileURLToPath(new URL('../../test/fixtures/public-key/KAT_KEM_Amoeba128.txt', import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), 'ngcc-perf-by-digest-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('publicKeyManifestsByDigest', () => {
  it('names the bundled manifest that holds a KAT file digest, whatever folder the file came from', async () => {
    const found = await publicKeyManifestsByDigest([{ file: 'KAT_KEM_Amoeba128.txt', path: fixture }]);
    expect(found.map(({ id, files }) => [id, files])).toEqual([['kem-02', 1]]);
  });

  it('holds nothing for a file whose text differs by one byte, or whose name is not an entry', async () => {
    const changed = path.join(scratch, 'KAT_KEM_Amoeba128.txt');
    const text = readFileSync(fixture, 'utf8');
    const once = text.replace('Seed = 927F', 'Seed = 827F');
    expect(once).not.toBe(text);
    writeFileSync(changed, once);
    expect(await publicKeyManifestsByDigest([{ file: 'KAT_KEM_Amoeba128.txt', path: changed }])).toEqual([]);
    expect(await publicKeyManifestsByDigest([{ file: 'KAT_KEM_Other.txt', path: fixture }])).toEqual([]);
  });
});
