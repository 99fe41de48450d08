import { describe, expect, it } from '@jest/globals';
import { KatError } from './kat-error.js';
import { parseKatFile } from './parse-kat-file.js';

const DST = '1AB21D8355CFA17F8E61194831E81A8F22BEC8C728FEFB747ED035EB5082AA2B'; // SM3 of the empty message

function errorOf(text: string): KatError {
  try {
    parseKatFile(text, 'KAT_2_12_x.txt');
  } catch (error) {
    if (error instanceof KatError) return error;
    throw error;
  }
  throw new Error('expected a KatError');
}

describe('parseKatFile', () => {
  it('reads records separated by blank lines, with line numbers and an empty Msg for L = 0', () => {
    const text = `Msg_Len = 0\nMsg = \nDst_Len = 256\nDst = ${DST}\n\nMsg_Len = 1\nMsg = 80\nDst_Len = 256\nDst = ${DST}\n\n`;
    expect(parseKatFile(text, 'f')).toEqual([
      {
        line: 1,
        fields: [
          { key: 'Msg_Len', value: '0', line: 1 },
          { key: 'Msg', value: '', line: 2 },
          { key: 'Dst_Len', value: '256', line: 3 },
          { key: 'Dst', value: DST, line: 4 },
        ],
      },
      {
        line: 6,
        fields: [
          { key: 'Msg_Len', value: '1', line: 6 },
          { key: 'Msg', value: '80', line: 7 },
          { key: 'Dst_Len', value: '256', line: 8 },
          { key: 'Dst', value: DST, line: 9 },
        ],
      },
    ]);
  });

  it('tolerates CRLF, trailing spaces and tabs, a byte-order mark, blank _Len values, lower-case hex and no final newline', () => {
    const text = `\uFEFFMsg_Len = 8 \r\nMsg = 3d\t\r\nDst_Len =\r\nDst = ${DST.toLowerCase()}`;
    expect(parseKatFile(text, 'f')).toEqual([
      {
        line: 1,
        fields: [
          { key: 'Msg_Len', value: '8', line: 1 },
          { key: 'Msg', value: '3d', line: 2 },
          { key: 'Dst_Len', value: '', line: 3 },
          { key: 'Dst', value: DST.toLowerCase(), line: 4 },
        ],
      },
    ]);
  });

  it('starts a new record when a key repeats (files without blank lines) and skips # comments', () => {
    const records = parseKatFile('# generated\nMsg_Len = 0\nMsg =\nMsg_Len = 1\nMsg = 80\n', 'f');
    expect(records.map((record) => [record.line, record.fields.map((field) => field.key)])).toEqual([
      [2, ['Msg_Len', 'Msg']],
      [4, ['Msg_Len', 'Msg']],
    ]);
  });

  it('reads the Msg_Exp line of KAT_2_23 files', () => {
    const [record] = parseKatFile(
      'Msg_Len = 8388608\nMsg_Seed = \nMsg_Exp = b6e2c825be0e7d79 .... 70B7D148BC6FCCEC\n',
      'f',
    );
    expect(record?.fields[2]).toEqual({ key: 'Msg_Exp', value: 'b6e2c825be0e7d79 .... 70B7D148BC6FCCEC', line: 3 });
  });

  it('rejects bad hex, naming the file, the line, the field and the character', () => {
    const error = errorOf(`Msg_Len = 8\nMsg = 3G\nDst_Len = 256\nDst = ${DST}\n`);
    expect(error.code).toBe('KAT_FILE_BAD_HEX');
    expect(error.message).toBe(
      'KAT_2_12_x.txt line 2: Msg is not bytes in hex: character "G" at position 2 is not a hex digit (value "3G"). Write each byte as two hex digits, as the official KAT generator does.',
    );
    expect(errorOf(`Dst = ${DST}0\n`).message).toMatch(
      /^KAT_2_12_x\.txt line 1: Dst is not bytes in hex: it has an odd number \(65\) of hex digits/,
    );
    expect(errorOf('Msg_Exp = 00 .... 00\n').code).toBe('KAT_FILE_BAD_HEX');
  });

  it('rejects a line that is not "Key = value" and a _Len that is not a number', () => {
    const error = errorOf('Msg_Len = 8\nthis is not a record line\n');
    expect(error.code).toBe('KAT_FILE_MALFORMED');
    expect(error.message).toBe(
      'KAT_2_12_x.txt line 2: expected "<Key> = <value>" (e.g. "Msg_Len = 8"), got "this is not a record line". Regenerate the file with the official KAT generator, or remove the line.',
    );
    expect(errorOf('= 5\n').code).toBe('KAT_FILE_MALFORMED');
    expect(errorOf('Msg_Len = eight\n').message).toMatch(
      /line 1: Msg_Len must be a whole number \(or blank in a template file\), got "eight"/,
    );
  });
});
