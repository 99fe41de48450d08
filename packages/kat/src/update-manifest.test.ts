import { describe, expect, it } from '@jest/globals';
import { updateManifestText } from './update-manifest.js';

const a = 'a'.repeat(64);
const b = 'b'.repeat(64);
const c = 'c'.repeat(64);

describe('updateManifestText', () => {
  it('adds, replaces by path and sorts by path', () => {
    const old = `${a} strict sm3/KAT_2_23_sm3.txt\n${a} nolen:5 other/KAT_2_12_other.txt\n`;
    const text = updateManifestText(old, 'kat.sha256', [
      { digest: b, mode: 'strict', label: 'sm3', file: 'KAT_2_23_sm3.txt' },
      { digest: c, mode: 'strict', label: 'sm3', file: 'KAT_2_12_sm3.txt' },
    ]);
    expect(text).toBe(
      `${a} nolen:5 other/KAT_2_12_other.txt\n${c} strict sm3/KAT_2_12_sm3.txt\n${b} strict sm3/KAT_2_23_sm3.txt\n`,
    );
  });

  it('starts a manifest from nothing', () => {
    expect(updateManifestText(null, 'kat.sha256', [{ digest: a, mode: 'strict', file: 'KAT_2_12_x.txt' }])).toBe(
      `${a} strict KAT_2_12_x.txt\n`,
    );
  });

  it('refuses to rewrite a malformed manifest', () => {
    expect(() => updateManifestText('nonsense\n', 'kat.sha256', [])).toThrow(/kat\.sha256 line 1/);
  });
});
