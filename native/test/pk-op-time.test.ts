// op-time of the built-in public-key categories (driver/pk/category_kem.c, category_sig.c,
// category_kex.c; PROTOCOL.md "Categories"): every operation of the toy KEM, signature and 2- and
// 3-pass key exchanges (testlibs/pk_toy_*.c) times with the trial fields of `time`, and each
// fault of a toy is a verdict: a dec that gives another secret, an output longer than its getter,
// a sign that fails sometimes (retried and counted), a hang (the --timeout).
import { describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const driverPath = process.env.NGCC_PERF_DRIVER ?? '';
const testlibsDir = path.join(process.env.NGCC_PERF_NATIVE_BUILD ?? '', 'testlibs');
const lib = (name: string): string => path.join(testlibsDir, `lib${name}.so`);

type Line = { v: number; type: string } & Record<string, unknown>;

function opTime(
  name: string,
  category: string,
  operation: string,
  ...extra: string[]
): { status: number | null; lines: Line[]; stderr: string } {
  const result = spawnSync(driverPath, ['op-time', lib(name), category, operation, '50', '2', ...extra], {
    timeout: 30000,
  });
  const lines = result.stdout
    .toString('utf8')
    .split('\n')
    .filter((text) => text.length > 0)
    .map((text) => JSON.parse(text) as Line);
  return { status: result.status, lines, stderr: result.stderr.toString('utf8') };
}

const message = ['--param', 'messageBytes=64'];
const trialOf = (lines: Line[]): Line | undefined => lines.find((line) => line.type === 'trial');

describe('the public-key tables', () => {
  test('are listed after hash with their operations and parameters', () => {
    const result = spawnSync(driverPath, ['categories'], { timeout: 30000 });
    const lines = result.stdout
      .toString('utf8')
      .split('\n')
      .filter((text) => text.length > 0)
      .map((text) => JSON.parse(text) as Line);
    expect(lines.map((line) => line.name)).toEqual(['hash', 'kem', 'sig', 'kex']);
    const operations = (name: string) =>
      (lines.find((line) => line.name === name)?.operations as { name: string; parameters: string[] }[]).map(
        (operation) => `${operation.name}(${operation.parameters.join(',')})`,
      );
    expect(operations('kem')).toEqual(['keygen()', 'enc()', 'dec()']);
    expect(operations('sig')).toEqual(['keygen()', 'sign(messageBytes)', 'verify(messageBytes)']);
    expect(operations('kex')).toEqual([
      'exchange()',
      'init-a()',
      'init-b()',
      'pass1()',
      'pass2()',
      'pass3()',
      'pass4()',
      'pass5()',
      'pass6()',
      'derive-a()',
      'derive-b()',
    ]);
  });
});

describe('categories LIB of a public-key instance', () => {
  test.each([
    ['pk_toy_kem', 'kem'],
    ['pk_toy_sig', 'sig'],
    ['pk_toy_kex2', 'kex'],
  ])('%s loads beside the ICCS support library and matches %s alone', (name, category) => {
    const result = spawnSync(driverPath, ['categories', lib(name)], { timeout: 30000 });
    expect(result.status).toBe(0);
    const matching = result.stdout
      .toString('utf8')
      .split('\n')
      .filter((text) => text.length > 0)
      .map((text) => JSON.parse(text) as Line)
      .filter((line) => line.matches === true)
      .map((line) => line.name);
    expect(matching).toEqual([category]);
  });
});

describe('op-time of public-key operations', () => {
  test.each([
    ['pk_toy_kem', 'kem', 'keygen', []],
    ['pk_toy_kem', 'kem', 'enc', []],
    ['pk_toy_kem', 'kem', 'dec', []],
    ['pk_toy_sig', 'sig', 'keygen', []],
    ['pk_toy_sig', 'sig', 'sign', message],
    ['pk_toy_sig', 'sig', 'verify', message],
    ['pk_toy_kex2', 'kex', 'exchange', []],
    ['pk_toy_kex2', 'kex', 'init-a', []],
    ['pk_toy_kex2', 'kex', 'pass2', []],
    ['pk_toy_kex2', 'kex', 'derive-a', []],
    ['pk_toy_kex3', 'kex', 'exchange', []],
    ['pk_toy_kex3', 'kex', 'init-b', []],
    ['pk_toy_kex3', 'kex', 'pass1', []],
    ['pk_toy_kex3', 'kex', 'pass3', []],
    ['pk_toy_kex3', 'kex', 'derive-b', []],
    ['pk_toy_kex4', 'kex', 'exchange', []],
    ['pk_toy_kex4', 'kex', 'pass4', []],
    ['pk_toy_kex4', 'kex', 'derive-a', []],
  ])('%s %s %s times its calls with the trial fields of `time`', (name, category, operation, extra) => {
    const run = opTime(name, category, operation, ...extra);
    expect(run.status).toBe(0);
    expect(run.lines.map((line) => line.type)).toEqual(['meta', 'trial', 'end']);
    expect(run.lines[0]).toMatchObject({ category, operation, iterations: 50, warmups: 2 });
    const trial = trialOf(run.lines);
    expect(trial).toMatchObject({ iterations: 50, retries: 0 });
    expect(trial?.ticks).toBeGreaterThan(0);
  });

  test('a calibration run (one call, no warm-up) checks enc and sign against their set-up objects', () => {
    for (const [name, category, operation, extra] of [
      ['pk_toy_kem', 'kem', 'enc', []],
      ['pk_toy_sig', 'sig', 'sign', message],
    ] as const) {
      const result = spawnSync(driverPath, ['op-time', lib(name), category, operation, '1', '0', ...extra], {
        timeout: 30000,
      });
      expect(result.status).toBe(0);
    }
  });

  test('a sign that fails sometimes is retried inside the timed call, and the retries are counted', () => {
    const run = opTime('pk_toy_sig_sign_fails', 'sig', 'sign', ...message);
    expect(run.status).toBe(0);
    const retries = trialOf(run.lines)?.retries as number;
    // About one attempt in four fails (the nonce's first byte a multiple of 4): 50 calls see some.
    expect(retries).toBeGreaterThan(0);
    expect(run.lines.at(-1)).toMatchObject({ type: 'end' });
    expect(run.lines.at(-1)?.retries as number).toBeGreaterThanOrEqual(retries);
  });

  test('a dec that gives another secret is CHECKFAIL before any timing, for dec and for enc', () => {
    const dec = opTime('pk_toy_kem_wrong_secret', 'kem', 'dec');
    expect(dec.status).toBe(11);
    expect(dec.lines.map((line) => line.type)).toEqual(['error']);
    expect(dec.lines[0]).toMatchObject({ code: 'CHECKFAIL', phase: 'prepare', operation: 'dec' });
    const enc = opTime('pk_toy_kem_wrong_secret', 'kem', 'enc');
    expect(enc.status).toBe(11);
    expect(enc.lines.at(-1)).toMatchObject({ code: 'CHECKFAIL', phase: 'prepare' });
  });

  test('an output longer than its getter is OVERFLOW: a length said, or a guard byte written', () => {
    expect(opTime('pk_toy_kem_claim_long', 'kem', 'enc').lines.at(-1)).toMatchObject({
      code: 'OVERFLOW',
      buffer: 'ct-length',
    });
    expect(opTime('pk_toy_kem_write_long', 'kem', 'enc').lines.at(-1)).toMatchObject({
      code: 'OVERFLOW',
      buffer: 'ct',
    });
  });

  test('key exchanges whose sides disagree or finish at another pass are CHECKFAIL', () => {
    expect(opTime('pk_toy_kex2_disagree', 'kex', 'exchange').lines.at(-1)).toMatchObject({ code: 'CHECKFAIL' });
    expect(opTime('pk_toy_kex3_early_finish', 'kex', 'exchange').lines.at(-1)).toMatchObject({
      code: 'CHECKFAIL',
    });
    const noPass3 = opTime('pk_toy_kex2', 'kex', 'pass3');
    expect(noPass3.status).toBe(2);
    expect(noPass3.lines.at(-1)?.message).toContain('finishes at pass 2');
    expect(opTime('pk_toy_kex4', 'kex', 'pass5').lines.at(-1)?.message).toContain('finishes at pass 4');
  });

  test('a hang ends at --timeout with a TIMEOUT line naming the phase', () => {
    // The toy's second kem_enc never returns: the set-up ciphertext is the first, the first warm-up call the second.
    const run = opTime('pk_toy_kem_hang_enc', 'kem', 'enc', '--timeout', '1');
    expect(run.status).toBe(12);
    expect(run.lines.at(-1)).toMatchObject({ type: 'error', code: 'TIMEOUT', phase: 'warmup', timeoutSeconds: 1 });
    expect(run.stderr).toContain('did not end within 1 s (--timeout)');
  });

  test('--progress writes the estimate after the first call on stderr', () => {
    const run = opTime('pk_toy_kem', 'kem', 'keygen', '--progress');
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(
      /op-time kem keygen: the first call took [0-9.]+ s; the 51 calls left in this run need about/,
    );
  });

  test('a library of another category is LOADFAIL naming the API it lacks', () => {
    const run = opTime('pk_toy_kem', 'sig', 'keygen');
    expect(run.status).toBe(5);
    expect(run.lines.at(-1)?.message).toContain('defines no sig API function');
  });
});
