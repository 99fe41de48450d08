import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { HASH_35_MANIFEST, wish512Digests } from '../test/helpers/fixtures.js';
import type { DriverHashOutcome, DriverMessage, DriverRunner } from './driver-runner.js';
import { KatError } from './kat-error.js';
import { runKat, type RunKatOptions } from './run-kat.js';
import { VERDICT_EXIT_CODES } from './verdicts.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'kat-run-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const WISH = { KAT_2_12: wish512Digests('KAT_2_12'), KAT_2_23: wish512Digests('KAT_2_23') };

/** A fake driver that answers with Wish512's real digests (so the NGCC hash-35 manifest matches). */
function wishRunner(tamper?: (digests: string[], bits: number[]) => DriverHashOutcome | null): DriverRunner & { calls: number[][] } {
  const calls: number[][] = [];
  return {
    calls,
    async hash(library: string, digestBits: number, messages: Iterable<DriverMessage>) {
      const bits = [...messages].map((message) => message.bits);
      calls.push(bits);
      const digests = [...(bits.length === 3 ? WISH.KAT_2_23 : WISH.KAT_2_12)];
      expect([library, digestBits]).toEqual(['libWish512.so', 512]);
      return tamper?.(digests, bits) ?? { status: 'ok', digestsHex: digests };
    },
  };
}

const base = (runner: DriverRunner, extra: Partial<RunKatOptions> = {}): RunKatOptions => ({
  library: 'libWish512.so', digestBits: 512, name: 'Wish512', candidateId: 'hash-35', runner, ...extra,
});

describe('runKat with a fake driver', () => {
  it('PASS: Wish512 digests against the NGCC hash-35 manifest; files written byte-exactly; log and its SHA-256', async () => {
    const outDir = path.join(scratch, 'pass');
    const runner = wishRunner();
    const result = await runKat(base(runner, { manifest: HASH_35_MANIFEST, outDir, logPathsRelativeTo: scratch }));
    expect(result.verdict).toBe('PASS');
    expect(result.detail).toBeNull();
    expect(runner.calls.map((bits) => bits.length)).toEqual([4097, 3]);
    expect(result.files.map((file) => [file.file, file.bytes, file.matched, file.manifestEntry?.line])).toEqual([
      ['KAT_2_12_Wish512.txt', 2804822, true, 5],
      ['KAT_2_23_Wish512.txt', 815, true, 6],
    ]);
    expect(result.files[0]?.canonicalSha256).toBe('a3797f9b0a2f53cb78ae94758ba219bbe5a1580b7f5d46d911f99898c2b55a51');
    const written = readFileSync(path.join(outDir, 'KAT_2_23_Wish512.txt'), 'utf8');
    expect(written.split('\n').slice(0, 6)).toEqual([
      'Msg_Len = 8388608', 'Msg_Seed = ', 'Msg_Exp = 0000000000000000 .... 0000000000000000', 'Dst_Len = 512', `Dst = ${WISH.KAT_2_23[0]}`, '',
    ]);
    expect(result.logText).toContain('written   pass/KAT_2_12_Wish512.txt (2804822 bytes)');
    expect(result.logText.endsWith('RESULT hash-35 Wish512 PASS\n')).toBe(true);
    expect(result.logSha256).toBe(createHash('sha256').update(result.logText).digest('hex'));
  });

  it('MISMATCH against the manifest names the file, the manifest line and both digests', async () => {
    const runner = wishRunner((digests, bits) => (bits.length === 3 ? { status: 'ok', digestsHex: [digests[0] as string, digests[0] as string, digests[2] as string] } : null));
    const result = await runKat(base(runner, { manifest: HASH_35_MANIFEST }));
    expect(result.verdict).toBe('MISMATCH');
    if (result.verdict !== 'MISMATCH' || result.reference !== 'manifest') throw new Error('expected a manifest mismatch');
    expect([result.file, result.manifestLine, result.expected]).toEqual(['KAT_2_23_Wish512.txt', 6, 'f082047f1f715de4869a86e91e9ec3690c48f61cd93e4564753c869e01e939f0']);
    expect(result.actual).toMatch(/^[0-9a-f]{64}$/);
    expect(result.files.map((file) => file.matched)).toEqual([true, false]);
    expect(result.detail).toContain('KAT_2_23_Wish512.txt: canonical SHA-256');
    expect(VERDICT_EXIT_CODES[result.verdict]).toBe(1);
  });

  it('compares with a submitted KAT file when the manifest has no entry: PASS despite CRLF, MISMATCH names the first differing line', async () => {
    const generatedDir = path.join(scratch, 'generated');
    const katDir = path.join(scratch, 'submitted');
    const outDir = path.join(scratch, 'regenerated');
    await runKat(base(wishRunner(), { outDir: generatedDir }));
    const original12 = readFileSync(path.join(generatedDir, 'KAT_2_12_Wish512.txt'), 'utf8');
    mkdirSync(katDir, { recursive: true });
    writeFileSync(path.join(katDir, 'KAT_2_12_Wish512.txt'), original12.replaceAll('\n', '\r\n'));
    copyFileSync(path.join(generatedDir, 'KAT_2_23_Wish512.txt'), path.join(katDir, 'KAT_2_23_Wish512.txt'));
    const passed = await runKat(base(wishRunner(), { katDir, outDir }));
    expect(passed.verdict).toBe('PASS');
    expect(passed.files.map((file) => file.katFilePath)).toEqual([path.join(katDir, 'KAT_2_12_Wish512.txt'), path.join(katDir, 'KAT_2_23_Wish512.txt')]);

    // Line 7 of KAT_2_12 is "Msg = 80" (L = 1); change it in the submitted file.
    writeFileSync(path.join(katDir, 'KAT_2_12_Wish512.txt'), original12.replace('Msg_Len = 1\nMsg = 80\n', 'Msg_Len = 1\nMsg = 00\n'));
    const failed = await runKat(base(wishRunner(), { katDir }));
    if (failed.verdict !== 'MISMATCH' || failed.reference !== 'kat-file') throw new Error('expected a kat-file mismatch');
    expect([failed.file, failed.line, failed.expectedLine, failed.expected, failed.actual]).toEqual(['KAT_2_12_Wish512.txt', 7, 7, 'Msg = 00', 'Msg = 80']);
    expect(failed.detail).toBe('KAT_2_12_Wish512.txt line 7 differs from the submitted file\'s line 7: expected "Msg = 00", got "Msg = 80"');
  });

  it('NOKAT when neither a manifest entry nor a submitted file exists', async () => {
    const result = await runKat(base(wishRunner(), { manifest: { sourceName: 'empty', entries: [] }, katDir: path.join(scratch, 'nothing-here') }));
    if (result.verdict !== 'NOKAT') throw new Error('expected NOKAT');
    expect(result.missing).toEqual(['KAT_2_12_Wish512.txt', 'KAT_2_23_Wish512.txt']);
    expect(result.files.map((file) => file.matched)).toEqual([null, null]);
    expect(VERDICT_EXIT_CODES.NOKAT).toBe(2);
  });

  const failures: [DriverHashOutcome, Record<string, unknown>][] = [
    [{ status: 'CRYPTOFAIL', digestsHex: [], index: 101, messageBits: 101, returnCode: -1, detail: 'CryptHash returned -1' }, { verdict: 'CRYPTOFAIL', messageBits: 101, returnCode: -1 }],
    [{ status: 'OVERFLOW', digestsHex: [], index: 5, messageBits: 5, buffer: 'digest', detail: 'guard' }, { verdict: 'OVERFLOW', messageBits: 5, buffer: 'digest' }],
    [{ status: 'LOADFAIL', digestsHex: [], detail: 'could not load' }, { verdict: 'LOADFAIL' }],
    [{ status: 'TIMEOUT', digestsHex: [], timeoutSeconds: 900, detail: 'no answer' }, { verdict: 'TIMEOUT', timeoutSeconds: 900 }],
    [{ status: 'CRASH', digestsHex: [], signal: 'SIGSEGV', exitCode: null, index: 0, messageBits: 0, detail: 'killed by SIGSEGV' }, { verdict: 'CRASH', signal: 'SIGSEGV', processExitCode: null, messageBits: 0 }],
  ];
  for (const [outcome, expected] of failures) {
    it(`${outcome.status}: the driver outcome becomes the verdict and stops the run`, async () => {
      const runner = wishRunner(() => outcome);
      const result = await runKat(base(runner, { manifest: HASH_35_MANIFEST }));
      expect(result).toMatchObject({ ...expected, file: 'KAT_2_12_Wish512.txt' });
      expect(runner.calls).toHaveLength(1);
      expect(result.files).toEqual([]);
      expect(result.detail).toBe(`KAT_2_12_Wish512.txt: ${outcome.status === 'ok' ? '' : outcome.detail}`);
      expect(result.logText.endsWith(`${result.verdict}: ${result.detail}\nRESULT hash-35 Wish512 ${result.verdict}\n`)).toBe(true);
    });
  }

  it('a failure in the second file keeps the first file', async () => {
    const runner = wishRunner((_digests, bits) => (bits.length === 3 ? { status: 'CRASH', digestsHex: [], signal: 'SIGBUS', exitCode: null, index: 2, messageBits: 8388608, detail: 'killed by SIGBUS' } : null));
    const result = await runKat(base(runner, { manifest: HASH_35_MANIFEST }));
    expect(result).toMatchObject({ verdict: 'CRASH', file: 'KAT_2_23_Wish512.txt', signal: 'SIGBUS', messageBits: 8388608 });
    expect(result.files.map((file) => file.file)).toEqual(['KAT_2_12_Wish512.txt']);
  });

  it('maps every verdict to its SPEC §4 exit code', () => {
    expect(VERDICT_EXIT_CODES).toEqual({ PASS: 0, MISMATCH: 1, NOKAT: 2, CRYPTOFAIL: 3, OVERFLOW: 4, LOADFAIL: 5, TIMEOUT: 6, CRASH: 7 });
  });

  it('rejects bad options and a missing driver with KatError', async () => {
    await expect(runKat(base(wishRunner(), { digestBits: 12 }))).rejects.toThrow(/digestBits must be a positive multiple of 8/);
    await expect(runKat(base(wishRunner(), { name: '../evil' }))).rejects.toThrow(/option name/);
    await expect(runKat(base(wishRunner(), { files: ['KAT_2_12', 'KAT_2_12'] }))).rejects.toThrow(/twice/);
    await expect(runKat(base(wishRunner(), { manifest: path.join(scratch, 'no-such.sha256') }))).rejects.toMatchObject({ code: 'MANIFEST_UNREADABLE' });
    const saved = process.env.NGCC_PERF_DRIVER;
    delete process.env.NGCC_PERF_DRIVER;
    try {
      const withoutRunner: RunKatOptions = { ...base(wishRunner()), runner: undefined };
      const error: unknown = await runKat(withoutRunner).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(KatError);
      expect(error).toMatchObject({ code: 'DRIVER_NOT_FOUND' });
      expect((error as KatError).message).toContain('npm run build');
      await expect(runKat({ ...withoutRunner, driverPath: path.join(scratch, 'no-driver') })).rejects.toMatchObject({ code: 'DRIVER_NOT_FOUND' });
    } finally {
      process.env.NGCC_PERF_DRIVER = saved;
    }
  });
});
