// The audit's harder cases against the real driver, valgrind and the toys of native/testlibs: where
// the secret enters, chained lookups, divisions by their operands, CPU dispatch hidden by valgrind,
// an instruction valgrind cannot run, and a slow hash for the timing test. Lines come from the toys'
// `ct-…` marks.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { LOWER_BOUND_LIMIT, minSamplesFor, runCt, type CtResult } from '../src/index.js';
import { pacedMilliseconds } from '@ngcc-perf/native';

const nativeBuild = process.env.NGCC_PERF_NATIVE_BUILD ?? path.join('..', '..', 'native', 'build');
const driverPath = path.join(nativeBuild, 'ngcc-perf-driver');
const testlib = (name: string): string => path.join(nativeBuild, 'testlibs', `lib${name}.so`);

/** The line numbers of the `ct-<mark>:` (or bare `ct-<mark>`) comments in native/testlibs/<name>.c. */
function marked(name: string, mark: string): number[] {
  const lines = readFileSync(path.join('..', '..', 'native', 'testlibs', `${name}.c`), 'utf8').split('\n');
  return lines.flatMap((text, i) => (text.includes(`/* ct-${mark}`) ? [i + 1] : []));
}

const audit = (name: string, extra: Partial<Parameters<typeof runCt>[0]> = {}): Promise<CtResult> =>
  runCt({ library: testlib(name), digestBits: 256, driverPath, timing: false, messageBytes: [0, 3], ...extra });

/** Valgrind 3.19's CPUID on this kind of host, plus the features valgrind does not implement. */
const WITH_AVX512 = ['sse4_2', 'avx', 'avx2', 'bmi2', 'avx512f', 'avx512bw', 'sha_ni'];

describe('where the secret enters', () => {
  it(
    'a table read inside a helper names the load in the helper and its origin on the caller’s line',
    async () => {
      const result = await audit('ct_helper');
      const [load] = marked('ct_helper', 'load');
      const [origin] = marked('ct_helper', 'expect');
      expect(result.verdict).toBe('secret-dependent');
      expect(result.findings).toHaveLength(1);
      expect(result.findings[0]).toMatchObject({
        kind: 'memory-index',
        function: 'mix_in',
        file: 'ct_helper.c',
        line: load,
        origin: { function: 'CryptHash', file: 'ct_helper.c', line: origin },
      });
      expect(result.findings[0]?.libraryFrames.map((frame) => frame.function)).toEqual(['mix_in', 'CryptHash']);
    },
    pacedMilliseconds(120000),
  );

  it(
    'a load in the exported function is its own origin',
    async () => {
      const result = await audit('ct_table');
      expect(result.findings[0]?.origin).toEqual({
        function: 'CryptHash',
        file: 'ct_table.c',
        line: result.findings[0]?.line,
      });
    },
    pacedMilliseconds(120000),
  );

  it(
    'two chained S-box lookups: the first is found, and the result says the list is a lower bound',
    async () => {
      const result = await audit('ct_sbox2');
      const lines = result.findings.map((finding) => finding.line);
      expect(lines).toContain(marked('ct_sbox2', 'expect')[0]);
      const secondFound = lines.includes(marked('ct_sbox2', 'hidden')[0] ?? -1);
      expect(secondFound || result.limits.includes(LOWER_BOUND_LIMIT)).toBe(true);
      expect(result.limits).toContain(LOWER_BOUND_LIMIT);
    },
    pacedMilliseconds(120000),
  );

  it(
    'a library without memory-index findings carries no lower-bound note',
    async () => {
      expect((await audit('ct_branch')).limits).toEqual([]);
    },
    pacedMilliseconds(120000),
  );
});

describe('divisions judged by their operands', () => {
  it(
    'a division by the message length (and the digest length) is public: no finding, constant-time',
    async () => {
      const result = await audit('ct_div_length', { messageBytes: [0, 3, 200] });
      expect(result.findings).toEqual([]);
      expect(result.verdict).toBe('constant-time');
      expect(result.publicDivisions).toEqual([
        {
          function: 'CryptHash',
          file: 'ct_div_length.c',
          line: marked('ct_div_length', 'public')[0],
          operands: 'public',
          executions: expect.any(Number),
        },
      ]);
      expect(result.publicDivisions[0]?.executions).toBeGreaterThan(0);
    },
    pacedMilliseconds(120000),
  );

  it(
    'a division by a message byte is a finding of the division probe',
    async () => {
      const result = await audit('ct_divide');
      expect(result.verdict).toBe('secret-dependent');
      expect(result.findings).toEqual([
        expect.objectContaining({ kind: 'variable-latency', source: 'division-probe', file: 'ct_divide.c' }),
      ]);
      expect(result.findings[0]?.occurrences).toBeGreaterThan(0);
      expect(result.publicDivisions).toEqual([]);
    },
    pacedMilliseconds(120000),
  );
});

describe('CPU dispatch that valgrind hides', () => {
  it(
    'a library whose secret-indexed path needs avx512f is not constant-time where the host has avx512f',
    async () => {
      const result = await audit('ct_dispatch', { hostCpuFeatures: WITH_AVX512 });
      expect(result).toMatchObject({ verdict: 'unknown', reason: 'dispatch-hidden' });
      expect(result.cpu?.hiddenFeatures).toEqual(expect.arrayContaining(['avx512f']));
      expect(result.cpu?.auditedFeatures).not.toContain('avx512f');
      expect(result.cpu?.nativeSource).toBe('given');
      expect(result.cpu?.dispatchEvidence.join(' ')).toMatch(/cpuid|__cpu_model|__cpu_indicator_init/);
      expect(result.verdict === 'unknown' ? result.detail : '').toMatch(/avx512f/);
    },
    pacedMilliseconds(120000),
  );

  it(
    'on a host whose features valgrind shows in full, the same library is constant-time',
    async () => {
      const valgrindView = (await audit('ct_clean')).cpu?.auditedFeatures ?? [];
      expect(valgrindView).not.toEqual([]);
      const result = await audit('ct_dispatch', { hostCpuFeatures: valgrindView });
      expect(result.cpu?.hiddenFeatures).toEqual([]);
      expect(result.verdict).toBe('constant-time');
    },
    pacedMilliseconds(120000),
  );

  it(
    'without an injected view the host’s own features are compared (proc-cpuinfo or the driver)',
    async () => {
      const result = await audit('ct_dispatch');
      expect(['proc-cpuinfo', 'driver']).toContain(result.cpu?.nativeSource);
      const hostHasAvx512 = result.cpu?.nativeFeatures.includes('avx512f') ?? false;
      expect(result.verdict).toBe(hostHasAvx512 ? 'unknown' : 'constant-time');
    },
    pacedMilliseconds(120000),
  );

  it(
    "an instruction valgrind cannot run is valgrind-failed, quoting valgrind's own lines about it",
    async () => {
      const result = await audit('ct_avx512');
      expect(result).toMatchObject({ verdict: 'unknown', reason: 'valgrind-failed' });
      const detail = result.verdict === 'unknown' ? result.detail : '';
      expect(detail).toMatch(/unhandled instruction bytes: 0x62 0xF1 0x7D 0x48 0xEF 0xC0/);
      expect(detail).toMatch(/Unrecognised instruction at address/);
      expect(detail).not.toMatch(/fix the library/);
    },
    pacedMilliseconds(120000),
  );
});

describe('the timing test with power', () => {
  it(
    'a slow hash with one message-indexed lookup: the minimum samples are reached within the cap and the repeat confirms the direction',
    async () => {
      const result = await audit('ct_slow', { timing: { messageBytes: 64, milliseconds: 20000 } });
      expect(result.findings.map((finding) => [finding.kind, finding.line])).toEqual([
        ['memory-index', marked('ct_slow', 'expect')[0]],
      ]);
      const timing = result.timing!;
      expect(timing.minSamplesCount).toBeGreaterThanOrEqual(20000);
      expect(timing.minSamplesReached).toBe(true);
      expect(timing.samplesCount).toBeGreaterThanOrEqual(timing.minSamplesCount);
      expect(timing.maxAbsT).toBeGreaterThan(timing.thresholdAbsT);
      expect(timing.repeat.maxAbsT).toBeGreaterThan(timing.thresholdAbsT);
      expect(timing.direction).toBe('random-slower');
      expect(timing.repeat.direction).toBe('random-slower');
      expect(timing.differenceSuspected).toBe(true);
      expect(timing.differenceTicks).toBeGreaterThan(0);
    },
    pacedMilliseconds(120000),
  );

  it(
    'a clean library has no confirmed difference unless both runs agree',
    async () => {
      const result = await audit('ct_clean', { timing: { messageBytes: 64, milliseconds: 5000, minSamples: 5000 } });
      const timing = result.timing!;
      expect(timing.minSamplesCount).toBe(5000);
      expect(timing.samplesCount).toBe(5000);
      const agree = timing.direction !== null && timing.direction === timing.repeat.direction;
      expect(timing.differenceSuspected).toBe(agree);
    },
    pacedMilliseconds(120000),
  );

  it('the minimum grows with the call’s cost: 20,000 up to 10 µs, proportionally more, at most 200,000', () => {
    expect(minSamplesFor(1000)).toBe(20000);
    expect(minSamplesFor(10000)).toBe(20000);
    expect(minSamplesFor(25000)).toBe(50000);
    expect(minSamplesFor(5e6)).toBe(200000);
  });
});
