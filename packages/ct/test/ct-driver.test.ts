// runCt against the real driver (native/build/ngcc-perf-driver) and the constant-time toys of
// native/testlibs, under Debian's valgrind and the driver's sandbox. Each toy marks the line of its
// expected finding with a `ct-expect: <kind>` comment; the test reads the line number from the source.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { CT_VERDICT_EXIT_CODES, runCt, type CtResult } from '../src/index.js';
import { pacedMilliseconds } from '@ngcc-perf/native';

const nativeBuild = process.env.NGCC_PERF_NATIVE_BUILD ?? path.join('..', '..', 'native', 'build');
const driverPath = path.join(nativeBuild, 'ngcc-perf-driver');
const testlib = (name: string): string => path.join(nativeBuild, 'testlibs', `lib${name}.so`);

/** [kind, line] of every `ct-expect:` mark in native/testlibs/<name>.c. */
function expected(name: string): [string, number][] {
  const lines = readFileSync(path.join('..', '..', 'native', 'testlibs', `${name}.c`), 'utf8').split('\n');
  return lines.flatMap((text, i) => {
    const mark = /ct-expect: ([a-z-]+)/.exec(text);
    return mark === null ? [] : [[mark[1] as string, i + 1] as [string, number]];
  });
}

const audit = (name: string, extra: Partial<Parameters<typeof runCt>[0]> = {}): Promise<CtResult> =>
  runCt({ library: testlib(name), digestBits: 256, driverPath, timing: false, ...extra });

describe('runCt on the constant-time toys', () => {
  it.each([
    ['ct_table', 'memory-index'],
    ['ct_branch', 'branch'],
    ['ct_divide', 'variable-latency'],
  ])(
    "%s gives exactly its %s finding at the marked line, in the toy's file and CryptHash",
    async (name, kind) => {
      const result = await audit(name);
      expect(expected(name)).toEqual([[kind, expect.any(Number)]]);
      expect(result.verdict).toBe('secret-dependent');
      expect(result.findings.map((f) => [f.kind, f.line])).toEqual(expected(name));
      expect(result.findings[0]).toMatchObject({ function: 'CryptHash', file: `${name}.c` });
      expect(CT_VERDICT_EXIT_CODES[result.verdict]).toBe(1);
    },
    pacedMilliseconds(120000),
  );

  it(
    'the memcheck findings name the first call that raised them and the calls count their reports',
    async () => {
      const result = await audit('ct_branch', { messageBytes: [0, 2] });
      expect(result.messageBits).toEqual([0, 16, 19]);
      expect(result.taint?.calls).toEqual([
        { messageBits: 0, reports: 0 },
        { messageBits: 16, reports: 2 },
        { messageBits: 19, reports: 2 },
      ]);
      expect(result.findings[0]).toMatchObject({ source: 'memcheck', firstMessageBits: 16, occurrences: 4 });
    },
    pacedMilliseconds(120000),
  );

  it.each(['ct_clean', 'ct_length'])(
    '%s (data-independent or length-only control flow) is constant-time',
    async (name) => {
      const result = await audit(name);
      expect(expected(name)).toEqual([]);
      expect(result.findings).toEqual([]);
      expect(result.verdict).toBe('constant-time');
      expect(CT_VERDICT_EXIT_CODES[result.verdict]).toBe(0);
    },
    pacedMilliseconds(120000),
  );
});

describe('runCt on misbehaving libraries', () => {
  it(
    'a crashing library is unknown (crash) with the signal, not a harness error',
    async () => {
      const result = await audit('segv');
      expect(result).toMatchObject({ verdict: 'unknown', reason: 'crash' });
      expect(result.verdict === 'unknown' ? result.detail : '').toMatch(/SIGSEGV/);
      expect(CT_VERDICT_EXIT_CODES[result.verdict]).toBe(3);
    },
    pacedMilliseconds(120000),
  );

  it(
    'a hanging library is unknown (timeout) after the taint budget',
    async () => {
      const result = await audit('hang', { taintTimeoutSeconds: 5 });
      expect(result).toMatchObject({ verdict: 'unknown', reason: 'timeout' });
    },
    pacedMilliseconds(120000),
  );

  it(
    'a library without CryptHash is unknown (load-failed)',
    async () => {
      expect(await audit('no_symbol')).toMatchObject({ verdict: 'unknown', reason: 'load-failed' });
    },
    pacedMilliseconds(120000),
  );

  it(
    'without valgrind the verdict is unknown (valgrind-missing)',
    async () => {
      const saved = process.env.PATH;
      process.env.PATH = '/nonexistent';
      try {
        expect(await audit('ct_clean')).toMatchObject({ verdict: 'unknown', reason: 'valgrind-missing' });
      } finally {
        process.env.PATH = saved;
      }
    },
    pacedMilliseconds(120000),
  );
});

describe('the timing test (evidence only)', () => {
  it(
    "reports Welch t of fixed vs random classes on every sample and below 20 percentiles, with dudect's threshold",
    async () => {
      const result = await audit('ct_branch', { timing: { messageBytes: 64, milliseconds: 500 } });
      const timing = result.timing;
      expect(timing).not.toBeNull();
      expect(timing?.tests).toHaveLength(21);
      expect(timing?.tests[0]?.cropBelowTicks).toBeNull();
      expect(timing?.thresholdAbsT).toBe(4.5);
      expect((timing?.fixedSamplesCount ?? 0) + (timing?.randomSamplesCount ?? 0)).toBe(timing?.samplesCount);
      // All-zero messages never take the branch; random ones take it for half their bytes.
      expect(timing?.randomMeanTicks).toBeGreaterThan(timing?.fixedMeanTicks ?? Infinity);
    },
    pacedMilliseconds(120000),
  );
});
