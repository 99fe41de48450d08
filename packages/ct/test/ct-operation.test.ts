// The audit of a public-key operation (runOperationCt) against the real driver, valgrind and the toy
// KEMs of native/testlibs/pk_ct_kem.c (decapsulation with the secret key alone marked secret) and the
// toy key exchanges of pk_ct_kex.c (a derivation with its side's state marked secret). Lines come
// from the toys' `ct-…` marks.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { CtError, runOperationCt, type CtResult } from '../src/index.js';
import { pacedMilliseconds } from '@ngcc-perf/native';

const nativeBuild = process.env.NGCC_PERF_NATIVE_BUILD ?? path.join('..', '..', 'native', 'build');
const driverPath = path.join(nativeBuild, 'ngcc-perf-driver');
const testlib = (name: string): string => path.join(nativeBuild, 'testlibs', `lib${name}.so`);

function marked(mark: string, source = 'pk_ct_kem.c'): number[] {
  const lines = readFileSync(path.join('..', '..', 'native', 'testlibs', source), 'utf8').split('\n');
  return lines.flatMap((text, i) => (text.includes(`/* ct-${mark}`) ? [i + 1] : []));
}

const auditDec = (name: string, timing: Parameters<typeof runOperationCt>[0]['timing'] = false): Promise<CtResult> =>
  runOperationCt({
    library: testlib(name),
    category: 'kem',
    operation: 'dec',
    secrets: ['sk'],
    publicInside: ['pk'],
    driverPath,
    timing,
  });

describe('decapsulation with the secret key marked secret', () => {
  it(
    'a branch on a secret key coefficient is a finding at its line, where the secret entered kem_dec',
    async () => {
      const result = await auditDec('pk_ct_kem_branch');
      const [line] = marked('branch');
      expect(result.verdict).toBe('secret-dependent');
      expect(result.operation).toMatchObject({ category: 'kem', operation: 'dec', secrets: ['sk'] });
      expect(result.findings).toHaveLength(1);
      expect(result.findings[0]).toMatchObject({
        kind: 'branch',
        function: 'kem_dec',
        file: 'pk_ct_kem.c',
        line,
        source: 'memcheck',
        operation: 'dec',
        origin: { function: 'kem_dec', file: 'pk_ct_kem.c', line },
      });
      expect(result.taint?.calls.every((call) => call.reports > 0)).toBe(true);
    },
    pacedMilliseconds(120000),
  );

  it(
    'a secret reduced modulo a public modulus is a division finding; the public length’s division is not',
    async () => {
      const result = await auditDec('pk_ct_kem_divide');
      const [secretLine] = marked('divide');
      const [publicLine] = marked('public');
      expect(result.verdict).toBe('secret-dependent');
      expect(result.findings).toEqual([
        expect.objectContaining({
          kind: 'variable-latency',
          source: 'division-probe',
          function: 'kem_dec',
          file: 'pk_ct_kem.c',
          line: secretLine,
        }),
      ]);
      expect(result.publicDivisions).toEqual([
        expect.objectContaining({ function: 'kem_dec', line: publicLine, operands: 'public' }),
      ]);
    },
    pacedMilliseconds(120000),
  );

  it(
    'a constant-time decapsulation has no finding, and its timing test compares secret keys',
    async () => {
      const result = await auditDec('pk_ct_kem_clean', { milliseconds: 2000, keys: 4, minSamples: 2000 });
      expect(result.verdict).toBe('constant-time');
      // the toy's sk embeds its pk: that copy was found and stayed public
      expect(result.notes).toContain('1 copy of pk inside sk stayed public');
      expect(result.findings).toEqual([]);
      expect(result.timing).toMatchObject({ thresholdAbsT: 4.5, minSamplesCount: 2000 });
      expect(result.timing?.fixedSamplesCount).toBeGreaterThan(0);
      expect(result.timing?.randomSamplesCount).toBeGreaterThan(0);
    },
    pacedMilliseconds(120000),
  );
});

const auditDeriveA = (
  name: string,
  secrets: string[],
  timing: Parameters<typeof runOperationCt>[0]['timing'] = false,
) =>
  runOperationCt({
    library: testlib(name),
    category: 'kex',
    operation: 'derive-a',
    secrets,
    publicInside: ['pka'],
    driverPath,
    timing,
  });

describe("a key exchange's derivation with its side's state marked secret", () => {
  it(
    'a branch on a byte of the state is a finding at its line, where the state entered kex_derive_ss_a',
    async () => {
      const result = await auditDeriveA('pk_ct_kex_branch', ['ska', 'sta']);
      const [line] = marked('branch', 'pk_ct_kex.c');
      expect(result.verdict).toBe('secret-dependent');
      expect(result.operation).toMatchObject({ category: 'kex', operation: 'derive-a', secrets: ['ska', 'sta'] });
      expect(result.findings).toEqual([
        expect.objectContaining({
          kind: 'branch',
          function: 'kex_derive_ss_a',
          file: 'pk_ct_kex.c',
          line,
          source: 'memcheck',
          operation: 'derive-a',
          origin: { function: 'kex_derive_ss_a', file: 'pk_ct_kex.c', line },
        }),
      ]);
    },
    pacedMilliseconds(120000),
  );

  it(
    'the same derivation with the long-term key alone marked secret has no finding: the state is what carries it',
    async () => {
      const result = await auditDeriveA('pk_ct_kex_branch', ['ska']);
      expect(result.verdict).toBe('constant-time');
      expect(result.findings).toEqual([]);
    },
    pacedMilliseconds(120000),
  );

  it(
    'a state byte reduced modulo a public modulus is a division finding: the probe swapped the state (the key is unused)',
    async () => {
      const result = await auditDeriveA('pk_ct_kex_divide', ['ska', 'sta']);
      const [line] = marked('divide', 'pk_ct_kex.c');
      expect(result.verdict).toBe('secret-dependent');
      expect(result.findings).toEqual([
        expect.objectContaining({
          kind: 'variable-latency',
          source: 'division-probe',
          function: 'kex_derive_ss_a',
          file: 'pk_ct_kex.c',
          line,
          operation: 'derive-a',
        }),
      ]);
    },
    pacedMilliseconds(120000),
  );

  it(
    'a constant-time derivation has no finding, and its timing test compares exchanges',
    async () => {
      const result = await auditDeriveA('pk_ct_kex_clean', ['ska', 'sta'], {
        milliseconds: 2000,
        keys: 4,
        minSamples: 2000,
      });
      expect(result.verdict).toBe('constant-time');
      expect(result.findings).toEqual([]);
      expect(result.publicDivisions).toEqual([]);
      expect(result.timing?.fixedSamplesCount).toBeGreaterThan(0);
      expect(result.timing?.randomSamplesCount).toBeGreaterThan(0);
    },
    pacedMilliseconds(120000),
  );

  it(
    'the responder’s state is a name derive-b keeps and derive-a does not',
    async () => {
      const derivedB = await runOperationCt({
        library: testlib('pk_ct_kex_clean'),
        category: 'kex',
        operation: 'derive-b',
        secrets: ['skb', 'stb'],
        driverPath,
        timing: false,
      });
      expect(derivedB.verdict).toBe('constant-time');
      expect(derivedB.taint?.calls.every((call) => call.reports === 0)).toBe(true);
      await expect(auditDeriveA('pk_ct_kex_clean', ['stb'])).rejects.toThrow(/derive-a: ska, sta.*stb/);
    },
    pacedMilliseconds(120000),
  );
});

describe('signing with the secret key and the DRNG output marked secret', () => {
  it(
    'reports raised inside the harness’s DRNG stand-in are not findings of the instance, and say so',
    async () => {
      const result = await runOperationCt({
        library: testlib('pk_toy_sig'),
        category: 'sig',
        operation: 'sign',
        secrets: ['sk', 'drng'],
        publicInside: ['pk'],
        parameters: { messageBytes: '64' },
        driverPath,
        timing: false,
      });
      expect(result.verdict).toBe('constant-time');
      expect(result.findings).toEqual([]);
      expect(result.notes.join(' ')).toMatch(/raised in the harness's own code/);
      expect(result.taint?.calls.some((call) => call.reports > 0)).toBe(true);
    },
    pacedMilliseconds(120000),
  );
});

describe('arguments', () => {
  it('a secret that is not a name is refused before anything runs', async () => {
    await expect(
      runOperationCt({ library: 'x.so', category: 'kem', operation: 'dec', secrets: ['sk;rm'], driverPath }),
    ).rejects.toBeInstanceOf(CtError);
  });

  it(
    'a secret the operation does not keep is a driver error naming it',
    async () => {
      await expect(
        runOperationCt({
          library: testlib('pk_ct_kem_clean'),
          category: 'kem',
          operation: 'dec',
          secrets: ['nonce'],
          driverPath,
          timing: false,
        }),
      ).rejects.toThrow(/nonce/);
    },
    pacedMilliseconds(60000),
  );
});
