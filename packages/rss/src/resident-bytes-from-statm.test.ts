import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { readResidentBytesFromStatm } from './resident-bytes-from-statm.js';
import { RssError } from './rss-error.js';

describe('readResidentBytesFromStatm', () => {
  it('multiplies the resident pages of a real capture by the page size', () => {
    const text = readFileSync(fileURLToPath(new URL('../test/fixtures/proc-self-statm.txt', import.meta.url)), 'utf8');
    // "765 423 395 5 0 123 0": 423 resident pages × 4096 bytes.
    expect(readResidentBytesFromStatm(text, 4096)).toBe(1732608);
  });

  it('reproduces the anchor baseline of 351 pages = 1404 KiB', () => {
    expect(readResidentBytesFromStatm('900 351 300 4 0 120 0', 4096)).toBe(1437696);
  });

  it('uses the page size it is given (16 KiB pages on some arm64 kernels)', () => {
    expect(readResidentBytesFromStatm('100 10 5 1 0 3 0\n', 16384)).toBe(163840);
  });

  it('rejects malformed text with PARSE and a bad page size with INVALID_ARGUMENT', () => {
    expect(() => readResidentBytesFromStatm('765', 4096)).toThrow(expect.objectContaining({ code: 'PARSE' }));
    expect(() => readResidentBytesFromStatm('a b c', 4096)).toThrow(RssError);
    expect(() => readResidentBytesFromStatm('1 2 3', 0)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});
