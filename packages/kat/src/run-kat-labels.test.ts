// Which official entry judges a generated KAT file: the digests decide, not the label's spelling;
// an instance the manifest does not name is judged by its reference twin's entries.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { okOutcome, fakeRunner } from '../test/helpers/fake-runner.js';
import { HASH_35_MANIFEST, wish512Digests } from '../test/helpers/fixtures.js';
import { parseManifest } from './parse-manifest.js';
import { runKat } from './run-kat.js';

const wish = fakeRunner((file) => okOutcome(file, wish512Digests(file as 'KAT_2_12' | 'KAT_2_23')));
const other = fakeRunner((file) =>
  okOutcome(
    file,
    wish512Digests(file as 'KAT_2_12' | 'KAT_2_23').map((d) => `${d.slice(0, -2)}00`),
  ),
);
const official = parseManifest(readFileSync(HASH_35_MANIFEST, 'utf8'), 'hash-35.kat.sha256');
const label = 'Wish512';
/** The official manifest with its labels spelled as folder names often are: `-` for `_`, another case. */
const respelled = parseManifest(
  readFileSync(HASH_35_MANIFEST, 'utf8').replaceAll(label, `${label.toUpperCase()}-X`),
  'respelled.kat.sha256',
);

describe('runKat: the manifest entry found by the digest', () => {
  it('a label spelled otherwise (folder name) still PASSes: the entry whose digest the file reproduces', async () => {
    const result = await runKat({
      library: 'l.so',
      digestBits: 512,
      name: 'wish_512_x',
      candidateId: 'hash-35',
      runner: wish,
      manifest: respelled,
    });
    expect(result.verdict).toBe('PASS');
    expect(result.files.map((f) => f.manifestEntry?.label)).toEqual([
      `${label.toUpperCase()}-X`,
      `${label.toUpperCase()}-X`,
    ]);
  });

  it('a wrong digest under another spelling of the label is a MISMATCH against that entry, not NOKAT', async () => {
    const result = await runKat({
      library: 'l.so',
      digestBits: 512,
      name: `${label.toLowerCase()}_x`,
      candidateId: 'hash-35',
      runner: other,
      manifest: respelled,
    });
    expect(result.verdict).toBe('MISMATCH');
  });

  it('an optimized instance under its own name is judged by its reference twin: PASS when it reproduces it', async () => {
    const result = await runKat({
      library: 'l.so',
      digestBits: 512,
      name: 'NAME_SIMD512',
      candidateId: 'hash-35',
      runner: wish,
      manifest: official,
      twinLabel: label,
    });
    expect(result.verdict).toBe('PASS');
  });

  it('…and MISMATCH against the twin when it does not (without the twin: NOKAT)', async () => {
    const judged = await runKat({
      library: 'l.so',
      digestBits: 512,
      name: 'NAME_SIMD512',
      candidateId: 'hash-35',
      runner: other,
      manifest: official,
      twinLabel: label,
    });
    expect(judged.verdict).toBe('MISMATCH');
    expect(judged.files[0]!.manifestEntry?.label).toBe(label);
    const alone = await runKat({
      library: 'l.so',
      digestBits: 512,
      name: 'NAME_SIMD512',
      candidateId: 'hash-35',
      runner: other,
      manifest: official,
    });
    expect(alone.verdict).toBe('NOKAT');
  });
});
