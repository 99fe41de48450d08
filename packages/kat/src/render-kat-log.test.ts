import { describe, expect, it } from '@jest/globals';
import type { KatFileResult } from './kat-result.js';
import { renderKatLog } from './render-kat-log.js';

const FLAGS =
  '-O3 -march=x86-64 -mavx2 -mtune=native -flto -fomit-frame-pointer -std=c99 -Wpedantic -Wall -Wextra -fPIC -shared -D_GNU_SOURCE -Wno-error=implicit-function-declaration -Wno-error=incompatible-pointer-types';

const file: KatFileResult = {
  kind: 'KAT_2_12',
  file: 'KAT_2_12_litchi_512.txt',
  path: 'kat/hash-15/litchi_512/KAT_2_12_litchi_512.txt',
  bytes: 2804822,
  seconds: 0.0724,
  cryptHashCalls: 8194,
  cryptHashSeconds: 0.0312,
  drbgSeconds: 0.011,
  repeat: 'all',
  peakRssBytes: 2768896,
  testSizes: false,
  canonicalSha256: '24bdb55784c2b7e10a26d1ed650f2cfc967d42fe364cd33052ce2a94a3891acd',
  manifestEntry: {
    digest: '24bdb55784c2b7e10a26d1ed650f2cfc967d42fe364cd33052ce2a94a3891acd',
    mode: 'strict',
    label: 'litchi_512',
    file: 'KAT_2_12_litchi_512.txt',
    line: 5,
  },
  comparedSha256: '24bdb55784c2b7e10a26d1ed650f2cfc967d42fe364cd33052ce2a94a3891acd',
  katFilePath: null,
  matched: true,
};

describe('renderKatLog', () => {
  it('writes the header, each file and the RESULT line (the facts of the anchor log, our labels)', () => {
    const log = renderKatLog({
      library: '/abs/lib/liblitchi_512.so',
      candidateId: 'hash-15',
      instance: 'litchi_512',
      digestBits: 512,
      header: {
        library: 'lib/hash-15/liblitchi_512.so',
        algorithm: 'Litchi',
        variant: 'performance',
        sourceDir: 'Litchi/Implementations/Optimized_Implementation/Litchi-512',
        compiler: 'gcc 12.2.0',
        buildFlags: FLAGS,
      },
      files: [
        file,
        {
          ...file,
          kind: 'KAT_2_23',
          file: 'KAT_2_23_litchi_512.txt',
          path: null,
          bytes: 815,
          seconds: 0.035,
          cryptHashCalls: 3,
          repeat: 'none',
          testSizes: true,
          manifestEntry: null,
          comparedSha256: null,
          matched: null,
        },
      ],
      manifestName: 'hash-15/kat.sha256',
      verdict: 'NOKAT',
      detail: 'no manifest entry and no submitted KAT file for KAT_2_23_litchi_512.txt',
    });
    expect(log).toBe(
      [
        'library      = lib/hash-15/liblitchi_512.so',
        'id           = hash-15',
        'type         = hash',
        'algorithm    = Litchi',
        'instance     = litchi_512',
        'variant      = performance',
        'source_dir   = Litchi/Implementations/Optimized_Implementation/Litchi-512',
        'compiler     = gcc 12.2.0',
        `build_flags  = ${FLAGS}`,
        'digest_bits  = 512',
        'digest_bytes = 64',
        'KAT_2_12_litchi_512.txt',
        '  took      0.072 s',
        '  calls     8194 CryptHash calls, 0.031 s inside CryptHash (every message hashed twice, same digest)',
        '  written   kat/hash-15/litchi_512/KAT_2_12_litchi_512.txt (2804822 bytes)',
        '  sha256    24bdb55784c2b7e10a26d1ed650f2cfc967d42fe364cd33052ce2a94a3891acd strict (canonical form)',
        '  manifest  24bdb55784c2b7e10a26d1ed650f2cfc967d42fe364cd33052ce2a94a3891acd strict litchi_512/KAT_2_12_litchi_512.txt (hash-15/kat.sha256 line 5): match',
        'KAT_2_23_litchi_512.txt',
        '  took      0.035 s',
        '  calls     3 CryptHash calls, 0.031 s inside CryptHash (each message hashed once)',
        '  sizes     TEST-ONLY (smaller than the ICCS KAT rules; matches no official manifest)',
        '  written   no (815 bytes generated)',
        '  sha256    24bdb55784c2b7e10a26d1ed650f2cfc967d42fe364cd33052ce2a94a3891acd strict (canonical form)',
        '  reference none (no manifest entry, no submitted KAT file)',
        'NOKAT: no manifest entry and no submitted KAT file for KAT_2_23_litchi_512.txt',
        'RESULT hash-15 litchi_512 NOKAT',
        '',
      ].join('\n'),
    );
    expect(log).toContain('-Wno-error=incompatible-pointer-types'); // the anchor cut this flag short; we never do
  });

  it('writes "-" for unknown header facts and the library path when no display name is given', () => {
    const log = renderKatLog({
      library: 'libx.so',
      candidateId: 'example-x',
      instance: 'x',
      digestBits: 256,
      header: {},
      files: [],
      manifestName: null,
      verdict: 'PASS',
      detail: null,
    });
    expect(log.split('\n').slice(0, 4)).toEqual([
      'library      = libx.so',
      'id           = example-x',
      'type         = hash',
      'algorithm    = -',
    ]);
    expect(log.endsWith('digest_bytes = 32\nRESULT example-x x PASS\n')).toBe(true);
  });
});
