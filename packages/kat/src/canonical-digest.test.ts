import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { canonicalDigest } from './canonical-digest.js';
import { KatError } from './kat-error.js';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

describe('canonicalDigest', () => {
  it('hashes the canonical form: CR and trailing blanks removed, empty lines dropped, each line + LF', () => {
    // Checked with: printf 'Msg_Len = 0\nMsg =\n' | sha256sum
    const expected = '776dc29c0ce6c4cbc035d4525fee4a9d175c5ddb214c0193a7f8d2574d2a4554';
    expect(canonicalDigest('Msg_Len = 0\nMsg = \n\n', { mode: 'strict' })).toBe(expected);
    expect(canonicalDigest('Msg_Len = 0\r\nMsg = \r\n\r\n', { mode: 'strict' })).toBe(expected);
    expect(canonicalDigest('\n\nMsg_Len = 0 \t\nMsg =\t \n \t\n', { mode: 'strict' })).toBe(expected);
    expect(canonicalDigest('Msg_Len = 0\nMsg =', { mode: 'strict' })).toBe(expected); // no final LF
  });

  it('removes CR characters anywhere in a line, keeps leading blanks', () => {
    expect(canonicalDigest('a\r\rb\r\n', { mode: 'strict' })).toBe(sha256('ab\n'));
    expect(canonicalDigest('  x = 1\n', { mode: 'strict' })).toBe(sha256('  x = 1\n'));
  });

  it('is the SHA-256 of the empty string for blank-only text', () => {
    expect(canonicalDigest('\r\n \n\t\n', { mode: 'strict' })).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('nolen drops lines whose trimmed key ends in _Len, and only those', () => {
    const text = 'Msg_Len = 8\nMsg = AB\nDst_Len =\nDst = 00\n Seed_Len  = 3\nLength = 2\nMsg_Len\nx_len = 1\n';
    expect(canonicalDigest(text, { mode: 'nolen' })).toBe(
      sha256('Msg = AB\nDst = 00\nLength = 2\nMsg_Len\nx_len = 1\n'),
    );
    expect(canonicalDigest(text, { mode: 'strict' })).toBe(
      sha256('Msg_Len = 8\nMsg = AB\nDst_Len =\nDst = 00\n Seed_Len  = 3\nLength = 2\nMsg_Len\nx_len = 1\n'),
    );
  });

  it('recordLimit N keeps the lines before the (N+1)-th "Count = " line', () => {
    const text = '# header\n\nCount = 0\nA = 1\n\nCount = 1\nA = 2\n\nCount = 2\nA = 3\n';
    expect(canonicalDigest(text, { mode: 'strict', recordLimit: 2 })).toBe(
      sha256('# header\nCount = 0\nA = 1\nCount = 1\nA = 2\n'),
    );
    expect(canonicalDigest(text, { mode: 'strict', recordLimit: 0 })).toBe(sha256('# header\n'));
    expect(canonicalDigest(text, { mode: 'strict', recordLimit: 3 })).toBe(canonicalDigest(text, { mode: 'strict' }));
    // "count = " (lower case) and " Count = " (indented) do not start a record
    expect(canonicalDigest('Count = 0\ncount = 1\n Count = 2\n', { mode: 'strict', recordLimit: 1 })).toBe(
      sha256('Count = 0\ncount = 1\n Count = 2\n'),
    );
  });

  it('combines nolen and recordLimit', () => {
    const text = 'Count = 0\nMsg_Len = 1\nMsg = 80\nCount = 1\nMsg_Len = 2\n';
    expect(canonicalDigest(text, { mode: 'nolen', recordLimit: 1 })).toBe(sha256('Count = 0\nMsg = 80\n'));
  });

  it('gives the same digest for chunked input, whatever the chunk boundaries', () => {
    const text = 'Msg_Len = 1\r\nMsg = 80 \r\n\r\nDst_Len = 256\nDst = AB\n\n';
    const whole = canonicalDigest(text, { mode: 'strict' });
    for (let cut = 0; cut <= text.length; cut += 1) {
      expect(canonicalDigest([text.slice(0, cut), text.slice(cut)], { mode: 'strict' })).toBe(whole);
    }
    expect(canonicalDigest(text.split(''), { mode: 'nolen' })).toBe(canonicalDigest(text, { mode: 'nolen' }));
  });

  it("the whole-text fast path (strict, no CR or tab) gives the line walk's bytes on awkward texts", () => {
    const texts = ['', ' ', '\n\n', 'a', 'a ', ' a', '\n  \nMsg = \n\n\nDst = AB  \n', 'x\n \n y \n', 'Msg = '];
    for (const text of texts) {
      // An iterable input always takes the line walk.
      expect([text, canonicalDigest(text, { mode: 'strict' })]).toEqual([
        text,
        canonicalDigest([text], { mode: 'strict' }),
      ]);
    }
    expect(canonicalDigest('Msg = \nDst = AB \n\n', { mode: 'strict' })).toBe(sha256('Msg =\nDst = AB\n'));
  });

  it('handles a KAT_2_12-sized text (2.8 MB, 20 485 lines)', () => {
    const parts: string[] = [];
    for (let bits = 0; bits <= 4096; bits += 1) {
      parts.push(
        `Msg_Len = ${bits}\nMsg = ${'AB'.repeat(Math.ceil(bits / 8))}\nDst_Len = 512\nDst = ${'CD'.repeat(64)}\n\n`,
      );
    }
    const text = parts.join('');
    expect(text.length).toBe(2804822); // the anchor's KAT_2_12_litchi_512.txt size for a 512-bit digest
    // The canonical form only drops the blank lines and the space after "Msg =" for L = 0.
    const canonical = text.replace(/\n\n/g, '\n').replace('Msg = \n', 'Msg =\n');
    expect(canonicalDigest(text, { mode: 'strict' })).toBe(sha256(canonical));
  });

  it('rejects a bad record limit or mode with INVALID_ARGUMENT', () => {
    expect(() => canonicalDigest('x', { mode: 'strict', recordLimit: -1 })).toThrow(KatError);
    expect(() => canonicalDigest('x', { mode: 'strict', recordLimit: 1.5 })).toThrow(/recordLimit/);
    expect(() => canonicalDigest('x', { mode: 'loose' as 'strict' })).toThrow(/mode must be/);
  });
});
