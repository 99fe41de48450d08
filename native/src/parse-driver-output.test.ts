import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { NativeError } from './native-error.js';
import { parseDriverOutput } from './parse-driver-output.js';

const end = z.object({ v: z.literal(1), type: z.literal('end'), count: z.number().int() });
const schemas = { end };
const source = 'ngcc-perf-driver hash lib.so 256';

describe('parseDriverOutput', () => {
  it('validates known lines and keeps error lines with their extra fields', () => {
    const stdout =
      '{"v":1,"type":"end","count":2}\n{"v":1,"type":"error","code":"LOADFAIL","message":"no lib","stage":"dlopen"}\n';
    const output = parseDriverOutput(stdout, { source, schemas });
    expect(output.lines).toEqual([
      { v: 1, type: 'end', count: 2 },
      { v: 1, type: 'error', code: 'LOADFAIL', message: 'no lib', stage: 'dlopen' },
    ]);
    expect(output.error).toEqual({ v: 1, type: 'error', code: 'LOADFAIL', message: 'no lib', stage: 'dlopen' });
  });

  it('skips lines of unknown types and lists their types once', () => {
    const stdout =
      '{"v":1,"type":"progress","done":1}\n{"v":1,"type":"end","count":0}\n{"v":1,"type":"progress","done":2}\n';
    const output = parseDriverOutput(stdout, { source, schemas });
    expect(output.lines).toEqual([{ v: 1, type: 'end', count: 0 }]);
    expect(output.skippedTypes).toEqual(['progress']);
  });

  it('returns non-protocol lines as stray: text, JSON without v, arrays', () => {
    const stdout = 'hello from the library\n{"type":"end"}\n[1,2]\n{not json\n';
    const output = parseDriverOutput(stdout, { source, schemas });
    expect(output.strayLines).toEqual(['hello from the library', '{"type":"end"}', '[1,2]', '{not json']);
    expect(output.lines).toEqual([]);
  });

  it('rejects another protocol version with DRIVER_VERSION and says to rebuild', () => {
    const run = (): unknown => parseDriverOutput('\n{"v":2,"type":"end","count":1}\n', { source, schemas });
    expect(run).toThrow(NativeError);
    expect(run).toThrow(/stdout line 2 speaks protocol version 2, this ngcc-perf speaks 1\. Rebuild the driver/);
    try {
      run();
    } catch (error) {
      expect((error as NativeError).code).toBe('DRIVER_VERSION');
    }
  });

  it('rejects a known line that does not match its schema with PROTOCOL naming the field', () => {
    const run = (): unknown => parseDriverOutput('{"v":1,"type":"end","count":"x"}', { source, schemas });
    expect(run).toThrow(/stdout line 1 is not a valid "end" line \(count: /);
  });

  it('rejects an error line without a message, and a line without a type', () => {
    expect(() => parseDriverOutput('{"v":1,"type":"error","code":"IO"}', { source, schemas })).toThrow(
      /not a valid "error" line \(message: /,
    );
    expect(() => parseDriverOutput('{"v":1,"count":1}', { source, schemas })).toThrow(/stdout line 1 has no "type"/);
  });

  it('throws what makeError makes, with the code', () => {
    class OwnError extends Error {
      constructor(
        readonly code: string,
        message: string,
      ) {
        super(message);
      }
    }
    const makeError = (code: string, message: string): Error => new OwnError(code, message);
    expect(() => parseDriverOutput('{"v":7,"type":"end"}', { source, schemas, makeError })).toThrow(OwnError);
  });

  it('accepts a hand-written check with the safeParse shape', () => {
    const check = {
      safeParse: (value: unknown) =>
        (value as { n?: unknown }).n === 1
          ? { success: true as const, data: { type: 'n' as const } }
          : { success: false as const, error: { issues: [{ path: ['n'], message: 'expected 1' }] } },
    };
    expect(parseDriverOutput('{"v":1,"type":"n","n":1}', { source, schemas: { n: check } }).lines).toEqual([
      { type: 'n' },
    ]);
    expect(() => parseDriverOutput('{"v":1,"type":"n","n":2}', { source, schemas: { n: check } })).toThrow(
      /\(n: expected 1\)/,
    );
  });
});
