// The public-key manifests bundled in data/public-key/ (SOURCES.md there): all 37 the public harness
// publishes in readable form parse with the one manifest parser, and each names KAT files of its
// own category.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { parseManifest } from './parse-manifest.js';
import { bundledPublicKeyManifest } from './public-key/bundled-manifests.js';

const directory = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'data', 'public-key');
const ids = (prefix: string, numbers: number[]): string[] =>
  numbers.map((n) => `${prefix}-${String(n).padStart(2, '0')}`);
const EXPECTED = [
  ...ids('kem', [2, 3, 4, 6, 7, 8, 10, 13, 14, 21, 23, 27, 28, 31, 33, 35, 36, 37, 38, 40]),
  ...ids('sign', [2, 4, 5, 8, 9, 10, 11, 16, 18, 23, 24, 27, 29, 34]),
  ...ids('kex', [5, 8, 9]),
];
const FILE_PREFIX: Record<string, string> = { kem: 'KAT_KEM_', sign: 'KAT_SIG_', kex: 'KAT_KEX_' };

describe('bundled public-key manifests', () => {
  const files = readdirSync(directory).filter((name) => name.endsWith('.kat.sha256'));

  it('holds one manifest per candidate the public harness publishes (20 KEM, 14 signature, 3 key exchange)', () => {
    expect(files.map((name) => name.replace('.kat.sha256', '')).sort()).toEqual([...EXPECTED].sort());
  });

  it.each(EXPECTED)('%s parses, and every entry is a KAT file of its category with a label', (id) => {
    const manifest = parseManifest(readFileSync(path.join(directory, `${id}.kat.sha256`), 'utf8'), id);
    const prefix = FILE_PREFIX[id.split('-')[0] as string] as string;
    expect(manifest.entries.length).toBeGreaterThan(0);
    for (const entry of manifest.entries) {
      expect(entry.file.startsWith(prefix) && entry.file.endsWith('.txt')).toBe(true);
      expect(entry.label).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    }
  });

  it('keeps the modes the harness uses: nolen (sign-16) and record limits (kem-08 :100, sign-18 :1, kex-08 :3)', () => {
    const entries = EXPECTED.flatMap(
      (id) => parseManifest(readFileSync(path.join(directory, `${id}.kat.sha256`), 'utf8'), id).entries,
    );
    expect(entries.filter((entry) => entry.mode === 'nolen').map((entry) => entry.label)).toEqual([
      'Octarine-128',
      'Octarine-256',
      'Octarine-512',
    ]);
    expect(
      entries.filter((entry) => entry.recordLimit !== undefined).map((entry) => [entry.label, entry.recordLimit]),
    ).toEqual([
      ['BW_KEM_C512', 100],
      ['Origami-128', 1],
      ['Origami-256', 1],
      ['Origami-384', 1],
      ['Origami-512', 1],
      ['NIIKE-lv256', 3],
    ]);
  });

  it('bundledPublicKeyManifest reads one by id, and gives null for an id without one', async () => {
    expect((await bundledPublicKeyManifest('kem-02'))?.entries.map((entry) => entry.label)).toEqual([
      'Amoeba128',
      'Amoeba192',
      'Amoeba256',
      'Amoeba384',
      'Amoeba512',
    ]);
    expect(await bundledPublicKeyManifest('kem-01')).toBeNull();
    expect(await bundledPublicKeyManifest('../kem-02')).toBeNull();
  });
});
