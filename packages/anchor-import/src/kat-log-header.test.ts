import { describe, expect, it } from '@jest/globals';
import { readKatLogHeader } from './kat-log-header.js';

describe('readKatLogHeader', () => {
  // The first lines and the last line of the anchor's kat/hash-15/litchi_512.log (arm_1).
  const log = [
    'library     = lib/liblitchi_512.so',
    'id          = hash-15',
    'type        = hash',
    'algorithm   = Litchi',
    'digest_bits = 512',
    'timing  KAT_2_12 0.072 s',
    'manifest 24bdb55784c2b7e10a26d1ed650f2cfc967d42fe364cd33052ce2a94a3891acd strict KAT_2_12_litchi_512.txt',
    'RESULT hash-15 litchi_512 PASS ',
    '',
  ].join('\n');

  it('reads the header fields and the verdict line', () => {
    const header = readKatLogHeader(log);
    expect([...header.fields]).toEqual([
      ['library', 'lib/liblitchi_512.so'],
      ['id', 'hash-15'],
      ['type', 'hash'],
      ['algorithm', 'Litchi'],
      ['digest_bits', '512'],
    ]);
    expect(header.result).toEqual({
      candidate: 'hash-15',
      instance: 'litchi_512',
      verdict: 'PASS',
      detail: null,
      line: 'RESULT hash-15 litchi_512 PASS',
    });
  });

  it('takes the last RESULT line and its detail', () => {
    expect(readKatLogHeader('RESULT a b NOKAT\nRESULT a b MISMATCH KAT_2_12 line 7\n').result).toMatchObject({
      verdict: 'MISMATCH',
      detail: 'KAT_2_12 line 7',
    });
    expect(readKatLogHeader('no header here\n').result).toBeNull();
  });
});
