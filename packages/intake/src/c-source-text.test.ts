import { describe, expect, it } from '@jest/globals';
import { readInstanceMacros } from './c-source-text.js';

describe('readInstanceMacros', () => {
  it('gives the line of ALGORITHM_INSTANCE in the file as written: BOM, CRLF and a comment over several lines', () => {
    const header =
      '\uFEFF/* instance header\r\n   of a toy */\r\n#define DIGEST_BIT_LENGTH 256\r\n#define ALGORITHM_INSTANCE "Odd 256"\r\n';
    expect(readInstanceMacros(header)).toEqual({ instanceName: 'Odd 256', instanceNameLine: 4, digestBits: 256 });
  });

  it('reads a name split from its macro by a comment, and still names a line', () => {
    const header = '#define DIGEST_BIT_LENGTH 512\n#define ALGORITHM_INSTANCE /* the\n name */ "toy_512"\n';
    expect(readInstanceMacros(header)).toEqual({ instanceName: 'toy_512', instanceNameLine: 2, digestBits: 512 });
  });
});
