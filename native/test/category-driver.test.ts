// The category seam of the driver (driver/ngcc_category.h, PROTOCOL.md "Categories"): the built-in
// hash category through the generic subcommands, and a category of our own — the toy
// "fixed-output function" of native/testlibs/toy_fof.c — brought by its C adapter with --adapter,
// without any change to the driver.
import { describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const driverPath = process.env.NGCC_PERF_DRIVER ?? '';
const testlibsDir = path.join(process.env.NGCC_PERF_NATIVE_BUILD ?? '', 'testlibs');
const lib = (name: string): string => path.join(testlibsDir, `lib${name}.so`);
const toyAdapter = ['--adapter', lib('toy_fof_adapter')];
/** `op-time` of the built-in hash operation at 256 digest bits and 64-byte messages. */
const hashOpTime = (name: string, iterations: string, warmups: string): string[] => [
  'op-time',
  lib(name),
  'hash',
  'hash',
  iterations,
  warmups,
  '--param',
  'digestBits=256',
  '--param',
  'messageBytes=64',
];
/** `op-time` of the toy category's `eval` through its adapter; `extra` goes before the parameters. */
const toyOpTime = (
  name: string,
  iterations: string,
  warmups: string,
  inputBytes: number,
  ...extra: string[]
): string[] => [
  'op-time',
  lib(name),
  'toy-fof',
  'eval',
  iterations,
  warmups,
  ...extra,
  '--param',
  `inputBytes=${inputBytes}`,
  ...toyAdapter,
];

type Line = { v: number; type: string } & Record<string, unknown>;

function runDriver(args: string[]): { status: number | null; lines: Line[]; stderr: string } {
  const result = spawnSync(driverPath, args, { timeout: 30000 });
  const lines = result.stdout
    .toString('utf8')
    .split('\n')
    .filter((text) => text.length > 0)
    .map((text) => JSON.parse(text) as Line);
  return { status: result.status, lines, stderr: result.stderr.toString('utf8') };
}

/** toy_fof.c recomputed: out[j] = (L + Σ in[i] + 7j) mod 256 over the input byte i = 3i mod 256. */
function toyOutputHex(inputBytes: number): string {
  let sum = inputBytes & 0xff;
  for (let i = 0; i < inputBytes; i++) sum = (sum + ((3 * i) & 0xff)) & 0xff;
  return Buffer.from(Array.from({ length: 16 }, (_, j) => (sum + 7 * j) & 0xff))
    .toString('hex')
    .toUpperCase();
}

describe('categories', () => {
  test('lists the built-in hash category and says whether a library is one', () => {
    const hash = runDriver(['categories', lib('xor_ok')]);
    expect(hash.status).toBe(0);
    expect(hash.lines[0]).toMatchObject({
      type: 'category',
      name: 'hash',
      abi: 1,
      source: 'built-in',
      symbols: ['CryptHash'],
      operations: [{ name: 'hash', parameters: ['digestBits', 'messageBytes'] }],
      matches: true,
    });
    expect(runDriver(['categories', lib('toy_fof')]).lines[0]).toMatchObject({ name: 'hash', matches: false });
  });

  test('an adapter brings a category of its own', () => {
    const run = runDriver(['categories', lib('toy_fof'), ...toyAdapter]);
    expect(run.status).toBe(0);
    expect(run.lines).toEqual([
      {
        v: 1,
        type: 'category',
        name: 'toy-fof',
        abi: 1,
        source: 'adapter',
        symbols: ['fof_output_bytes', 'fof_eval'],
        operations: [{ name: 'eval', parameters: ['inputBytes'] }],
        katKinds: ['KAT_FOF'],
        matches: true,
      },
    ]);
  });

  test('a library that is not an adapter is refused with the entry point it lacks', () => {
    const run = runDriver(['categories', '--adapter', lib('xor_ok')]);
    expect(run.status).toBe(2);
    expect(run.lines.at(-1)).toMatchObject({ type: 'error', code: 'USAGE', adapter: lib('xor_ok') });
    expect(run.lines.at(-1)?.message).toContain('exports no ngcc_category_v1');
  });
});

describe('op-time', () => {
  test('times the hash operation of the built-in table with the trial fields of `time`', () => {
    const run = runDriver(hashOpTime('xor_ok', '200', '3'));
    expect(run.status).toBe(0);
    expect(run.lines.map((line) => line.type)).toEqual(['meta', 'trial', 'end']);
    expect(run.lines[0]).toMatchObject({
      category: 'hash',
      operation: 'hash',
      parameters: { digestBits: '256', messageBytes: '64' },
      iterations: 200,
      warmups: 3,
      scope: 'loop',
    });
    const timed = runDriver(['time', lib('xor_ok'), '256', '64', '200', '3']);
    expect(Object.keys(run.lines[1] ?? {}).sort()).toEqual(Object.keys(timed.lines[1] ?? {}).sort());
  });

  test('times the toy category through its adapter', () => {
    const run = runDriver(toyOpTime('toy_fof', '100', '2', 64));
    expect(run.status).toBe(0);
    expect(run.lines[0]).toMatchObject({ category: 'toy-fof', operation: 'eval', parameters: { inputBytes: '64' } });
    expect(run.lines[1]).toMatchObject({ type: 'trial', iterations: 100 });
    expect((run.lines[1]?.ticks as number) > 0).toBe(true);
  });

  test('--warm-check times more calls after the trial, apart from it', () => {
    const run = runDriver(toyOpTime('toy_fof', '1', '0', 64, '--warm-check', '20'));
    expect(run.status).toBe(0);
    expect(run.lines[1]).toMatchObject({ type: 'trial', iterations: 1, warmCheck: { iterations: 20 } });
  });

  test("the category's check is a verdict: an output longer than the getter says is OVERFLOW", () => {
    const run = runDriver(toyOpTime('toy_fof_overflow', '10', '1', 8));
    expect(run.status).toBe(4);
    expect(run.lines.at(-1)).toMatchObject({
      code: 'OVERFLOW',
      category: 'toy-fof',
      operation: 'eval',
      buffer: 'out',
      phase: 'warmup',
      index: 0,
    });
  });

  test('a failing hash call and a library of another category keep the hash verdicts', () => {
    const failing = runDriver(hashOpTime('ret_fail', '10', '1'));
    expect(failing.status).toBe(3);
    expect(failing.lines.at(-1)).toMatchObject({ code: 'CRYPTOFAIL', returnCode: -1, phase: 'warmup', index: 0 });
    const other = runDriver(hashOpTime('toy_fof', '10', '1'));
    expect(other.status).toBe(5);
    expect(other.lines.at(-1)).toMatchObject({ code: 'LOADFAIL', stage: 'dlsym', category: 'hash' });
  });

  test('parameters are checked against the operation', () => {
    const missing = runDriver(['op-time', lib('xor_ok'), 'hash', 'hash', '10', '1', '--param', 'digestBits=256']);
    expect(missing.status).toBe(2);
    expect(missing.lines.at(-1)?.message).toContain('--param messageBytes=VALUE exactly once (given none)');
    const unknown = runDriver(['op-time', lib('xor_ok'), 'toy-fof', 'eval', '10', '1']);
    expect(unknown.status).toBe(2);
    expect(unknown.lines.at(-1)?.message).toContain('CATEGORY must be a built-in category (hash, kem, sig, kex)');
  });
});

describe('op-kat', () => {
  test('writes the records of the toy KAT kind, each recomputable', () => {
    const run = runDriver(['op-kat', lib('toy_fof'), 'toy-fof', 'KAT_FOF', ...toyAdapter]);
    expect(run.status).toBe(0);
    const records = run.lines.filter((line) => line.type === 'op-kat-record');
    expect(records.map((line) => line.index)).toEqual([0, 1, 2, 3]);
    const lengths = [0, 1, 16, 100];
    records.forEach((record, r) => {
      const fields = record.fields as { name: string; value: string }[];
      expect(fields.map((field) => field.name)).toEqual(['Count', 'In_Len', 'In', 'Out']);
      expect(fields[1]?.value).toBe(String(lengths[r]));
      expect(fields[3]?.value).toBe(toyOutputHex(lengths[r] ?? 0));
    });
    expect(run.lines.at(-1)).toEqual({ v: 1, type: 'op-kat-end', category: 'toy-fof', kind: 'KAT_FOF', records: 4 });
  });

  test('a kind the category does not have is a usage error', () => {
    const run = runDriver(['op-kat', lib('xor_ok'), 'hash', 'KAT_2_12']);
    expect(run.status).toBe(2);
    expect(run.lines.at(-1)?.message).toContain('KIND must be one of the KAT kinds of the category');
  });
});
