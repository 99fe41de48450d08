import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { classifyFindings } from './classify-findings.js';
import { CtError } from './ct-error.js';
import { parseMemcheckXml } from './parse-memcheck-xml.js';

const xml = readFileSync(path.join('test', 'fixtures', 'memcheck-ct-table.xml'), 'utf8');
const LIB = '/repo/native/build/testlibs/libct_table.so';

describe('parseMemcheckXml', () => {
  it('reads the one report of the ct_table run, its stack, its count and the call that raised it', () => {
    const { errors, fatalSignal } = parseMemcheckXml(xml);
    expect(fatalSignal).toBeNull();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      kind: 'UninitValue',
      what: 'Use of uninitialised value of size 8',
      occurrences: 56,
      callIndex: 1,
    });
    expect(errors[0]?.stack[0]).toEqual({ obj: LIB, fn: 'CryptHash', file: 'ct_table.c', line: 21 });
    expect(errors[0]?.stack.map((frame) => frame.fn)).toEqual(['CryptHash', 'cmd_ct_taint', 'main']);
  });

  it('accepts a document cut short by a killed process, up to its last complete report', () => {
    const cut = xml.slice(0, xml.indexOf('</error>') + '</error>'.length + 20);
    const { errors } = parseMemcheckXml(cut);
    expect(errors.map((error) => [error.kind, error.callIndex, error.occurrences])).toEqual([['UninitValue', 1, 1]]);
  });

  it('rejects text that is no valgrind report', () => {
    expect(() => parseMemcheckXml('ngcc-perf-driver: oops')).toThrow(CtError);
  });
});

describe('classifyFindings', () => {
  it('makes the table lookup a memory-index finding at ct_table.c:21, first hit by the 8-bit call', () => {
    const { errors } = parseMemcheckXml(xml);
    expect(classifyFindings(errors, LIB, [0, 8, 443])).toEqual([
      {
        kind: 'memory-index',
        function: 'CryptHash',
        file: 'ct_table.c',
        line: 21,
        source: 'memcheck',
        firstMessageBits: 8,
        occurrences: 56,
        origin: { function: 'CryptHash', file: 'ct_table.c', line: 21 },
        libraryFrames: [{ function: 'CryptHash', file: 'ct_table.c', line: 21 }],
      },
    ]);
  });

  it('keeps only message-dependent kinds raised during a call, names the library frame and its caller, and merges by that pair', () => {
    const frame = (fn: string, line: number, obj = LIB) => ({ obj, fn, file: 'x.c', line });
    const findings = classifyFindings(
      [
        {
          kind: 'SyscallParam',
          what: 'mount',
          stack: [frame('main', 1, '/repo/driver')],
          occurrences: 1,
          callIndex: 0,
        },
        { kind: 'UninitCondition', what: 'jump', stack: [frame('CryptHash', 9)], occurrences: 3, callIndex: null },
        {
          kind: 'UninitCondition',
          what: 'jump',
          stack: [frame('memcmp', 4, '/lib/libc.so.6'), frame('compress', 7)],
          occurrences: 2,
          callIndex: 2,
        },
        {
          kind: 'UninitCondition',
          what: 'jump',
          stack: [frame('compress', 7), frame('CryptHash', 30), frame('cmd_ct_taint', 5, '/repo/driver')],
          occurrences: 5,
          callIndex: 1,
        },
        {
          kind: 'UninitCondition',
          what: 'jump',
          stack: [frame('compress', 7), frame('CryptHash', 30), frame('main', 2, '/repo/driver')],
          occurrences: 4,
          callIndex: 2,
        },
      ],
      LIB,
      [0, 8, 440],
    );
    const place = (fn: string, line: number) => ({ function: fn, file: 'x.c', line });
    expect(findings).toEqual([
      {
        kind: 'branch',
        ...place('compress', 7),
        source: 'memcheck',
        firstMessageBits: 440,
        occurrences: 2,
        origin: place('compress', 7),
        libraryFrames: [place('compress', 7)],
      },
      {
        kind: 'branch',
        ...place('compress', 7),
        source: 'memcheck',
        firstMessageBits: 8,
        occurrences: 9,
        origin: place('CryptHash', 30),
        libraryFrames: [place('compress', 7), place('CryptHash', 30)],
      },
    ]);
  });
});
