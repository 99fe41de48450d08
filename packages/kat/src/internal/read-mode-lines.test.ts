import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { KatError } from '../kat-error.js';
import { endLineBase, errorLineBase, readModeLines } from './read-mode-lines.js';

const schemas = {
  mode: 'toy',
  meta: { type: 'toy-meta', schema: z.object({ type: z.literal('toy-meta'), n: z.number() }) },
  record: { type: 'toy-record', schema: z.object({ type: z.literal('toy-record'), i: z.number() }) },
  end: endLineBase,
  error: errorLineBase.extend({ stage: z.string().optional() }),
};

const out = (...lines: object[]): string => lines.map((line) => JSON.stringify({ v: 1, ...line })).join('\n');

describe('readModeLines', () => {
  it('sorts meta, records in order, end and the error line, and counts stray lines', () => {
    const stdout = `library says hi\n${out(
      { type: 'toy-meta', n: 2 },
      { type: 'toy-record', i: 0 },
      { type: 'other', x: 1 },
      { type: 'toy-record', i: 1 },
      { type: 'end', count: 2, peakRssBytes: null },
      { type: 'error', code: 'IO', message: 'gone', index: 1, stage: 'getters' },
    )}\n`;
    const lines = readModeLines(stdout, 'driver', schemas);
    expect(lines.meta).toEqual({ type: 'toy-meta', n: 2 });
    expect(lines.records.map((record) => record.i)).toEqual([0, 1]);
    expect(lines.end).toEqual({ v: 1, type: 'end', count: 2, peakRssBytes: null });
    expect(lines.error).toEqual({ v: 1, type: 'error', code: 'IO', message: 'gone', index: 1, stage: 'getters' });
    expect(lines.strayLines).toBe(1);
  });

  it('throws DRIVER_PROTOCOL naming the mode and the field of an error line the mode does not accept', () => {
    const stdout = out({ type: 'error', code: 'IO', message: 'gone', index: -1 });
    let thrown: unknown;
    try {
      readModeLines(stdout, 'driver', schemas);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(KatError);
    expect((thrown as KatError).code).toBe('DRIVER_PROTOCOL');
    expect((thrown as KatError).message).toMatch(
      /driver: the error line is not valid in toy mode \(index: .*\)\. Rebuild the driver/,
    );
  });
});
