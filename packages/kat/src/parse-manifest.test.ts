import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { findManifestEntry } from './find-manifest-entry.js';
import { formatManifestLine } from './format-manifest-line.js';
import { KatError } from './kat-error.js';
import { parseManifest } from './parse-manifest.js';

const manifestsDir = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'test',
  'fixtures',
  'ngcc-manifests',
);
const D1 = '24bdb55784c2b7e10a26d1ed650f2cfc967d42fe364cd33052ce2a94a3891acd';
const D2 = '7348e527865ef8c8268b6c2cbbaa6e40326b5071e0c9edbdf4897a1395551818';

function errorOf(text: string): KatError {
  try {
    parseManifest(text, 'kat.sha256');
  } catch (error) {
    if (error instanceof KatError) return error;
    throw error;
  }
  throw new Error('expected a KatError');
}

describe('parseManifest', () => {
  it('reads strict, nolen and :N modes, labelled and bare paths, with line numbers', () => {
    const text = `# comment\n${D1} strict litchi_512/KAT_2_12_litchi_512.txt\r\n\n${D2}\tnolen:12  PQC_KAT.rsp\n${D1} nolen x/y/KAT_2_23_a.txt\n`;
    const manifest = parseManifest(text, 'hash-15/kat.sha256');
    expect(manifest.sourceName).toBe('hash-15/kat.sha256');
    expect(manifest.entries).toEqual([
      { digest: D1, mode: 'strict', label: 'litchi_512', file: 'KAT_2_12_litchi_512.txt', line: 2 },
      { digest: D2, mode: 'nolen', recordLimit: 12, file: 'PQC_KAT.rsp', line: 4 },
      { digest: D1, mode: 'nolen', label: 'x/y', file: 'KAT_2_23_a.txt', line: 5 },
    ]);
  });

  it('rejects a wrong field count, naming the line, the expected form and the fix', () => {
    const error = errorOf(`${D1} strict\n`);
    expect(error.code).toBe('MANIFEST_FIELD_COUNT');
    expect(error.name).toBe('KatError');
    expect(error.message).toBe(
      'kat.sha256 line 1: expected "<64 lower-case hex> <strict|nolen>[:N] [<label>/]<file>", got 2 fields. Regenerate it with `ngcc-perf kat --write-manifest`.',
    );
    expect(errorOf(`\n${D1} strict a b\n`).message).toMatch(/^kat\.sha256 line 2: .*got 4 fields/);
  });

  it('rejects bad hex: upper case, short, non-hex', () => {
    for (const digest of [D1.toUpperCase(), D1.slice(1), `${D1.slice(1)}g`]) {
      const error = errorOf(`${digest} strict a.txt\n`);
      expect(error.code).toBe('MANIFEST_BAD_DIGEST');
      expect(error.message).toMatch(
        /^kat\.sha256 line 1: expected a digest of 64 lower-case hex digits, got ".*" \(6[34] characters\)\. Regenerate it with `ngcc-perf kat --write-manifest`\.$/,
      );
    }
  });

  it('rejects an unknown mode or a bad :N', () => {
    for (const mode of ['loose', 'STRICT', 'strict:', 'strict:0', 'nolen:01', 'strict:x', 'strict:2:3']) {
      const error = errorOf(`${D1} ${mode} a.txt\n`);
      expect(error.code).toBe('MANIFEST_BAD_MODE');
      expect(error.message).toContain(
        `kat.sha256 line 1: expected mode "strict" or "nolen", optionally followed by ":N" with N ≥ 1, got "${mode}".`,
      );
    }
  });

  it('rejects an empty label or file, and paths that leave the candidate folder', () => {
    for (const file of [
      '/a.txt',
      'label/',
      '../KAT_2_12_x.txt',
      'a/../../KAT_2_12_x.txt',
      'a//KAT_2_12_x.txt',
      'a\\KAT_2_12_x.txt',
      'C:/KAT_2_12_x.txt',
      'x/..',
    ]) {
      const error = errorOf(`${D1} strict ${file}\n`);
      expect([file, error.code]).toEqual([file, 'MANIFEST_BAD_PATH']);
      expect(error.message).toContain(
        `kat.sha256 line 1: expected "<label>/<file>" or "<file>" inside the candidate folder, got "${file}": `,
      );
    }
    expect(errorOf(`${D1} strict ../KAT_2_12_x.txt\n`).message).toContain('would leave the candidate folder');
  });

  it('rejects a duplicate entry, naming both lines', () => {
    const error = errorOf(`${D1} strict a/x.txt\n${D2} strict b/x.txt\n${D2} nolen a/x.txt\n`);
    expect(error.code).toBe('MANIFEST_DUPLICATE');
    expect(error.message).toBe(
      'kat.sha256 line 3: duplicate entry for "a/x.txt" (first at line 1); keep one line. Regenerate it with `ngcc-perf kat --write-manifest`.',
    );
  });
});

describe('findManifestEntry', () => {
  const manifest = parseManifest(
    `${D1} strict sm3/KAT_2_12_sm3.txt\n${D2} strict KAT_2_12_sm3.txt\n${D2} strict KAT_2_23_sm3.txt\n${D1} strict other/KAT_2_33_sm3.txt\n`,
    'm',
  );
  it('prefers <label>/<file>, then the bare <file>, never another label', () => {
    expect(findManifestEntry(manifest, 'sm3', 'KAT_2_12_sm3.txt')?.line).toBe(1);
    expect(findManifestEntry(manifest, 'zz', 'KAT_2_12_sm3.txt')?.line).toBe(2);
    expect(findManifestEntry(manifest, 'sm3', 'KAT_2_23_sm3.txt')?.line).toBe(3);
    expect(findManifestEntry(manifest, 'sm3', 'KAT_2_33_sm3.txt')).toBeUndefined();
  });
});

describe('formatManifestLine', () => {
  it('writes lines that parse back to the same entry', () => {
    const entries = [
      { digest: D1, mode: 'strict' as const, label: 'sm3', file: 'KAT_2_12_sm3.txt' },
      { digest: D2, mode: 'nolen' as const, recordLimit: 7, file: 'KAT.rsp' },
    ];
    const text = `${entries.map(formatManifestLine).join('\n')}\n`;
    expect(text).toBe(`${D1} strict sm3/KAT_2_12_sm3.txt\n${D2} nolen:7 KAT.rsp\n`);
    expect(parseManifest(text, 'x').entries).toEqual(entries.map((entry, i) => ({ ...entry, line: i + 1 })));
  });
});

describe('the 35 NGCC hash manifests (test/fixtures/ngcc-manifests)', () => {
  const files = readdirSync(manifestsDir)
    .filter((name) => name.endsWith('.kat.sha256'))
    .sort();
  const parsed = files.map((name) => parseManifest(readFileSync(path.join(manifestsDir, name), 'utf8'), name));

  it('all parse: 35 files, 564 strict entries, each with a label', () => {
    expect(files).toHaveLength(35);
    const entries = parsed.flatMap((manifest) => manifest.entries);
    expect(entries).toHaveLength(564);
    expect(
      entries.every((entry) => entry.mode === 'strict' && entry.recordLimit === undefined && entry.label !== undefined),
    ).toBe(true);
    expect(entries.every((entry) => /^KAT_(2_12|2_23|2_33|Loop)_.+\.txt$/.test(entry.file))).toBe(true);
  });

  it("finds hash-15's litchi_512 KAT_2_12 and KAT_2_23 digests (the anchor log's manifest lines)", () => {
    const hash15 = parsed[files.indexOf('hash-15.kat.sha256')];
    if (hash15 === undefined) throw new Error('hash-15 manifest missing');
    expect(findManifestEntry(hash15, 'litchi_512', 'KAT_2_12_litchi_512.txt')).toEqual({
      digest: D1,
      mode: 'strict',
      label: 'litchi_512',
      file: 'KAT_2_12_litchi_512.txt',
      line: 5,
    });
    expect(findManifestEntry(hash15, 'litchi_512', 'KAT_2_23_litchi_512.txt')?.digest).toBe(D2);
  });
});
