import { describe, expect, it } from '@jest/globals';
import type { CtResult, CtResultBase } from './ct-result.js';
import { describeCtResult } from './describe-ct-result.js';

const BASE: CtResultBase = {
  library: 'lib/libtoy.so',
  digestBits: 256,
  messageBits: [0, 8, 440],
  findings: [],
  taint: { valgrindVersion: 'valgrind-3.19.0', calls: [], seconds: 2.04 },
  timing: null,
  timingDetail: 'skipped (--no-timing)',
  notes: [],
  limits: [],
  publicDivisions: [],
  cpu: null,
};

describe('describeCtResult', () => {
  it('gives the verdict, the taint run and one table row per finding, with where the secret entered', () => {
    const result: CtResult = {
      ...BASE,
      verdict: 'secret-dependent',
      findings: [
        {
          kind: 'branch',
          function: 'toy_compress',
          file: 'toy.c',
          line: 42,
          source: 'memcheck',
          firstMessageBits: 8,
          occurrences: 3,
          origin: { function: 'CryptHash', file: 'toy.c', line: 10 },
          libraryFrames: [],
        },
      ],
    };
    expect(describeCtResult(result).split('\n')).toEqual([
      'lib/libtoy.so: secret-dependent',
      'taint run: valgrind-3.19.0, message lengths 0, 8, 440 bits, 2.0 s',
      'kind              function              file:line              first length  occurrences  secret enters at',
      'branch            toy_compress          toy.c:42               8 bits        3            CryptHash toy.c:10',
      'timing test: skipped (--no-timing)',
      '',
    ]);
  });

  it('gives the reason of an unknown verdict, and no table without findings', () => {
    const result: CtResult = {
      ...BASE,
      taint: null,
      verdict: 'unknown',
      reason: 'valgrind-missing',
      detail: 'valgrind is not on PATH',
      notes: ['install valgrind'],
    };
    expect(describeCtResult(result)).toBe(
      'lib/libtoy.so: unknown (valgrind-missing: valgrind is not on PATH)\nnote: install valgrind\ntiming test: skipped (--no-timing)\n',
    );
  });
});
