import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { okOutcome, fakeRunner } from '../test/helpers/fake-runner.js';
import { HASH_35_MANIFEST, wish512Digests } from '../test/helpers/fixtures.js';
import type { DriverKatOutcome } from './driver-runner.js';
import { KatError } from './kat-error.js';
import type { KatFileKind } from './kat-messages.js';
import { parseManifest } from './parse-manifest.js';
import { runKat, type RunKatOptions } from './run-kat.js';
import { VERDICT_EXIT_CODES } from './verdicts.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'kat-run-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const WISH: Record<'KAT_2_12' | 'KAT_2_23' | 'KAT_Loop', string[]> = {
  KAT_2_12: wish512Digests('KAT_2_12'),
  KAT_2_23: wish512Digests('KAT_2_23'),
  KAT_Loop: wish512Digests('KAT_Loop'),
};

/** Answers with Wish512's real digests (so the NGCC hash-35 manifest matches), unless `tamper` says otherwise. */
function wishRunner(tamper?: (file: KatFileKind) => DriverKatOutcome | null) {
  return fakeRunner((file) => tamper?.(file) ?? okOutcome(file, WISH[file as keyof typeof WISH]));
}

const base = (runner: ReturnType<typeof wishRunner>, extra: Partial<RunKatOptions> = {}): RunKatOptions => ({
  library: 'libWish512.so',
  digestBits: 512,
  name: 'Wish512',
  candidateId: 'hash-35',
  runner,
  ...extra,
});

describe('runKat with a fake driver', () => {
  it('a bare library: no candidateId gives the name in its place, no manifest gives NOKAT for each file', async () => {
    const options: RunKatOptions = { library: 'libWish512.so', digestBits: 512, name: 'Wish512', runner: wishRunner() };
    const result = await runKat(options);
    expect(result.candidateId).toBe('Wish512');
    expect(result.logText).toContain('RESULT Wish512 Wish512 NOKAT\n');
    expect(result).toMatchObject({ verdict: 'NOKAT', missing: ['KAT_2_12_Wish512.txt', 'KAT_2_23_Wish512.txt'] });
  });

  it('PASS: Wish512 digests against the NGCC hash-35 manifest; files written byte-exactly; log and its SHA-256', async () => {
    const outDir = path.join(scratch, 'pass');
    const runner = wishRunner();
    const result = await runKat(base(runner, { manifest: HASH_35_MANIFEST, outDir, logPathsRelativeTo: scratch }));
    expect(result.verdict).toBe('PASS');
    expect(result.detail).toBeNull();
    expect(runner.calls.map((call) => [call.library, call.digestBits, call.file, call.options])).toEqual([
      ['libWish512.so', 512, 'KAT_2_12', { timeoutSeconds: 900 }],
      ['libWish512.so', 512, 'KAT_2_23', { timeoutSeconds: 900 }],
    ]);
    expect(result.files.map((file) => [file.file, file.bytes, file.matched, file.manifestEntry?.line])).toEqual([
      ['KAT_2_12_Wish512.txt', 2804822, true, 5],
      ['KAT_2_23_Wish512.txt', 815, true, 6],
    ]);
    expect(result.files[0]?.canonicalSha256).toBe('a3797f9b0a2f53cb78ae94758ba219bbe5a1580b7f5d46d911f99898c2b55a51');
    const written = readFileSync(path.join(outDir, 'KAT_2_23_Wish512.txt'), 'utf8');
    expect(written.split('\n').slice(0, 6)).toEqual([
      'Msg_Len = 8388608',
      'Msg_Seed = ',
      'Msg_Exp = 0000000000000000 .... 0000000000000000',
      'Dst_Len = 512',
      `Dst = ${WISH.KAT_2_23[0]}`,
      '',
    ]);
    expect(result.logText).toContain('written   pass/KAT_2_12_Wish512.txt (2804822 bytes)');
    expect(result.logText).toContain(
      'calls     8194 CryptHash calls, 0.001 s inside CryptHash (every message hashed twice, same digest)',
    );
    expect(result.logText.endsWith('RESULT hash-35 Wish512 PASS\n')).toBe(true);
    expect(result.logSha256).toBe(createHash('sha256').update(result.logText).digest('hex'));
  });

  // 2220 bytes = "Msg_Len = 8192\n" 15 + "Msg = " and 2048 hex digits 2055 + "Dst_Len = 512\n" 14 + "Dst = " and 128 digits 135 + blank line 1.
  it('KAT_Loop: the record of the real Wish512 chain has the hash-35 manifest digest (7333ce31…)', async () => {
    const result = await runKat(
      base(wishRunner(), { manifest: HASH_35_MANIFEST, files: ['KAT_Loop'], timeoutSeconds: 60, maxMemoryBytes: 0 }),
    );
    expect(result.verdict).toBe('PASS');
    expect(result.files[0]).toMatchObject({
      file: 'KAT_Loop_Wish512.txt',
      bytes: 2220,
      matched: true,
      comparedSha256: '7333ce319d21d71c8c45c1f2d48e6a7cce44c9d77092b16a26d7cddee1d27a18',
    });
  });

  it('each manifest mode: strict (labelled), nolen (bare file name, a template reference with blank _Len), strict:N', async () => {
    const generatedDir = path.join(scratch, 'modes');
    await runKat(base(wishRunner(), { outDir: generatedDir }));
    const text23 = readFileSync(path.join(generatedDir, 'KAT_2_23_Wish512.txt'), 'utf8');
    // nolen written out by hand: keep the non-empty lines whose key does not end in _Len.
    const nolen23 = createHash('sha256')
      .update(
        text23
          .split('\n')
          .filter((line) => line !== '' && !line.startsWith('Msg_Len') && !line.startsWith('Dst_Len'))
          .map((line) => `${line.trimEnd()}\n`)
          .join(''),
      )
      .digest('hex');
    const manifestText = [
      'a3797f9b0a2f53cb78ae94758ba219bbe5a1580b7f5d46d911f99898c2b55a51 strict:5 Wish512/KAT_2_12_Wish512.txt', // no "Count = " lines: the whole file
      `${nolen23} nolen KAT_2_23_Wish512.txt`,
    ].join('\n');
    const result = await runKat(base(wishRunner(), { manifest: parseManifest(manifestText, 'modes.sha256') }));
    expect(result.verdict).toBe('PASS');
    expect(
      result.files.map((file) => [
        file.manifestEntry?.mode,
        file.manifestEntry?.recordLimit,
        file.manifestEntry?.label,
        file.comparedSha256 === file.canonicalSha256,
      ]),
    ).toEqual([
      ['strict', 5, 'Wish512', true],
      ['nolen', undefined, undefined, false],
    ]);
    expect(result.logText).toContain(`compared  ${nolen23} in the entry's mode`);
  });

  it('passes the timeout, the memory limit and test-only sizes to the driver', async () => {
    const runner = wishRunner();
    await runKat(
      base(runner, {
        files: ['KAT_Loop'],
        timeoutSeconds: 5,
        maxMemoryBytes: 1 << 30,
        testSizes: { loopIterations: 7 },
      }),
    );
    expect(runner.calls[0]?.options).toEqual({
      timeoutSeconds: 5,
      maxMemoryBytes: 1 << 30,
      testSizes: { loopIterations: 7 },
    });
  });

  it('MISMATCH against the manifest names the file, the manifest line and both digests', async () => {
    const runner = wishRunner((file) =>
      file === 'KAT_2_23' ? okOutcome(file, [WISH.KAT_2_23[0], WISH.KAT_2_23[0], WISH.KAT_2_23[2]] as string[]) : null,
    );
    const result = await runKat(base(runner, { manifest: HASH_35_MANIFEST }));
    if (result.verdict !== 'MISMATCH' || result.reference !== 'manifest')
      throw new Error('expected a manifest mismatch');
    expect([result.file, result.manifestLine, result.expected]).toEqual([
      'KAT_2_23_Wish512.txt',
      6,
      'f082047f1f715de4869a86e91e9ec3690c48f61cd93e4564753c869e01e939f0',
    ]);
    expect(result.actual).toMatch(/^[0-9a-f]{64}$/);
    expect(result.files.map((file) => file.matched)).toEqual([true, false]);
    expect(result.detail).toContain('KAT_2_23_Wish512.txt: canonical SHA-256');
    expect(VERDICT_EXIT_CODES[result.verdict]).toBe(1);
  });

  it('a submitted KAT file: PASS despite CRLF, lower-case hex, blank _Len values, trailing spaces and no final newline', async () => {
    const generatedDir = path.join(scratch, 'generated');
    const katDir = path.join(scratch, 'submitted-messy');
    await runKat(base(wishRunner(), { outDir: generatedDir }));
    const original = readFileSync(path.join(generatedDir, 'KAT_2_12_Wish512.txt'), 'utf8');
    const messy = original
      .replace(/^(Msg|Dst) = ([0-9A-F]+)$/gm, (_line, key: string, value: string) => `${key} = ${value.toLowerCase()}`)
      .replaceAll('Dst_Len = 512', 'Dst_Len =')
      .replaceAll('\n', '  \r\n')
      .trimEnd();
    mkdirSync(katDir, { recursive: true });
    writeFileSync(path.join(katDir, 'KAT_2_12_Wish512.txt'), messy);
    writeFileSync(
      path.join(katDir, 'KAT_2_23_Wish512.txt'),
      readFileSync(path.join(generatedDir, 'KAT_2_23_Wish512.txt')),
    );
    const passed = await runKat(base(wishRunner(), { katDir }));
    expect(passed.verdict).toBe('PASS');
    expect(passed.files.map((file) => file.katFilePath)).toEqual([
      path.join(katDir, 'KAT_2_12_Wish512.txt'),
      path.join(katDir, 'KAT_2_23_Wish512.txt'),
    ]);
  });

  it('a submitted KAT file that differs: MISMATCH names the record, the field and both values (hex shortened)', async () => {
    const generatedDir = path.join(scratch, 'generated');
    const katDir = path.join(scratch, 'submitted-wrong');
    mkdirSync(katDir, { recursive: true });
    const original = readFileSync(path.join(generatedDir, 'KAT_2_12_Wish512.txt'), 'utf8');
    // Record 3 is L = 2 (Msg = 40); give it another digest.
    const wrong = original.replace(
      `Msg_Len = 2\nMsg = 40\nDst_Len = 512\nDst = ${WISH.KAT_2_12[2]}`,
      `Msg_Len = 2\nMsg = 40\nDst_Len = 512\nDst = ${'00'.repeat(64)}`,
    );
    writeFileSync(path.join(katDir, 'KAT_2_12_Wish512.txt'), wrong);
    const failed = await runKat(base(wishRunner(), { katDir, files: ['KAT_2_12'] }));
    if (failed.verdict !== 'MISMATCH' || failed.reference !== 'kat-file')
      throw new Error('expected a kat-file mismatch');
    expect([failed.file, failed.record, failed.field, failed.line, failed.expectedLine]).toEqual([
      'KAT_2_12_Wish512.txt',
      3,
      'Dst',
      14,
      14,
    ]);
    expect([failed.expected, failed.actual]).toEqual(['00'.repeat(64), WISH.KAT_2_12[2]]);
    const dst = WISH.KAT_2_12[2] as string;
    expect(failed.detail).toBe(
      `KAT_2_12_Wish512.txt record 3, field Dst: expected "${'0'.repeat(16)}…${'0'.repeat(16)} (128 hex digits)" (submitted file line 14), got "${dst.slice(0, 16)}…${dst.slice(-16)} (128 hex digits)" (generated file line 14)`,
    );
  });

  it('a submitted file with fewer records: MISMATCH at the first missing record', async () => {
    const katDir = path.join(scratch, 'submitted-short');
    mkdirSync(katDir, { recursive: true });
    writeFileSync(
      path.join(katDir, 'KAT_2_23_Wish512.txt'),
      `Msg_Len = 8388608\nMsg_Seed = \nMsg_Exp = 0000000000000000 .... 0000000000000000\nDst_Len = 512\nDst = ${WISH.KAT_2_23[0]}\n`,
    );
    const failed = await runKat(base(wishRunner(), { katDir, files: ['KAT_2_23'] }));
    expect(failed).toMatchObject({
      verdict: 'MISMATCH',
      reference: 'kat-file',
      record: 2,
      field: '(record)',
      expected: '<end of file>',
      actual: 'Msg_Len = 8388608',
      expectedLine: 0,
      line: 7,
    });
  });

  it('a malformed submitted file is a KatError naming the file, the line and the field', async () => {
    const katDir = path.join(scratch, 'submitted-bad');
    mkdirSync(katDir, { recursive: true });
    writeFileSync(
      path.join(katDir, 'KAT_2_23_Wish512.txt'),
      'Msg_Len = 8388608\nMsg_Seed = \nMsg_Exp = 0000000000000000 .... 0000000000000000\nDst_Len = 512\nDst = 12G4\n',
    );
    const error = await runKat(base(wishRunner(), { katDir, files: ['KAT_2_23'] })).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'KAT_FILE_BAD_HEX' });
    expect((error as KatError).message).toBe(
      `${path.join(katDir, 'KAT_2_23_Wish512.txt')} line 5: Dst is not bytes in hex: character "G" at position 3 is not a hex digit (value "12G4"). Write each byte as two hex digits, as the official KAT generator does.`,
    );
  });

  it('NOKAT when neither a manifest entry nor a submitted file exists; a missing KAT folder is an error', async () => {
    const empty = path.join(scratch, 'empty');
    mkdirSync(empty, { recursive: true });
    const result = await runKat(base(wishRunner(), { manifest: { sourceName: 'empty', entries: [] }, katDir: empty }));
    if (result.verdict !== 'NOKAT') throw new Error('expected NOKAT');
    expect(result.missing).toEqual(['KAT_2_12_Wish512.txt', 'KAT_2_23_Wish512.txt']);
    expect(VERDICT_EXIT_CODES.NOKAT).toBe(3); // not 2, the CLI's bad-input code
    await expect(runKat(base(wishRunner(), { katDir: path.join(scratch, 'nothing-here') }))).rejects.toMatchObject({
      code: 'KAT_FILE_UNREADABLE',
    });
  });

  const place = { records: [], index: 101, iteration: null, messageBits: 101 };
  const failures: [DriverKatOutcome, Record<string, unknown>][] = [
    [
      { status: 'CRYPTOFAIL', ...place, returnCode: -1, detail: 'CryptHash returned -1' },
      { verdict: 'CRYPTOFAIL', messageBits: 101, returnCode: -1, index: 101 },
    ],
    [
      { status: 'OVERFLOW', ...place, buffer: 'digest', detail: 'guard' },
      { verdict: 'OVERFLOW', messageBits: 101, buffer: 'digest' },
    ],
    [
      { status: 'OVERFLOW', ...place, buffer: 'message-content', detail: 'wrote its input' },
      { verdict: 'OVERFLOW', buffer: 'message-content' },
    ],
    [{ status: 'LOADFAIL', records: [], detail: 'could not load' }, { verdict: 'LOADFAIL' }],
    [
      { status: 'TIMEOUT', records: [], timeoutSeconds: 900, detail: 'no answer' },
      { verdict: 'TIMEOUT', timeoutSeconds: 900 },
    ],
    [
      {
        status: 'CRASH',
        records: [],
        signal: 'SIGSEGV',
        exitCode: null,
        index: 0,
        messageBits: 0,
        detail: 'killed by SIGSEGV',
      },
      { verdict: 'CRASH', signal: 'SIGSEGV', processExitCode: null, messageBits: 0 },
    ],
  ];
  for (const [outcome, expected] of failures) {
    it(`${outcome.status}${'buffer' in outcome ? ` (${String(outcome.buffer)})` : ''}: the driver outcome becomes the verdict and stops the run`, async () => {
      const runner = wishRunner(() => outcome);
      const result = await runKat(base(runner, { manifest: HASH_35_MANIFEST }));
      expect(result).toMatchObject({ ...expected, file: 'KAT_2_12_Wish512.txt' });
      expect(runner.calls).toHaveLength(1);
      expect(result.files).toEqual([]);
      expect(result.detail).toBe(`KAT_2_12_Wish512.txt: ${outcome.status === 'ok' ? '' : outcome.detail}`);
      expect(
        result.logText.endsWith(`${result.verdict}: ${result.detail}\nRESULT hash-35 Wish512 ${result.verdict}\n`),
      ).toBe(true);
    });
  }

  it('names the library and the run directory in the detail and the log as the log header does, never by their absolute path', async () => {
    const run = path.join(scratch, 'run');
    const library = path.join(run, 'lib', 'hash-35', 'libWish512.so');
    const temporary = path.join(scratch, 'build-root', 'libWish512.so');
    const said = (lib: string): DriverKatOutcome => ({
      status: 'CRYPTOFAIL',
      records: [],
      index: 101,
      iteration: null,
      messageBits: 101,
      returnCode: -1,
      detail: `CryptHash returned -1 for record 101 (101 bits): CryptHash in ${lib} returned -1; the KAT files go to ${run}/kat/hash-35`,
    });
    const inRun = await runKat(
      base(
        wishRunner(() => said(library)),
        { library, logPathsRelativeTo: run },
      ),
    );
    expect(inRun.detail).toBe(
      'KAT_2_12_Wish512.txt: CryptHash returned -1 for record 101 (101 bits): CryptHash in lib/hash-35/libWish512.so returned -1; the KAT files go to kat/hash-35',
    );
    expect(inRun.logText).toContain(`CRYPTOFAIL: ${inRun.detail}\n`);
    expect(inRun.logText).not.toContain(scratch);
    // A build outside the run directory (the harness-default fallback) is named as the header names it.
    const outside = await runKat(
      base(
        wishRunner(() => said(temporary)),
        { library: temporary, logPathsRelativeTo: run, logHeader: { library: 'lib/hash-35/libWish512.so' } },
      ),
    );
    expect(outside.detail).toBe(
      'KAT_2_12_Wish512.txt: CryptHash returned -1 for record 101 (101 bits): CryptHash in lib/hash-35/libWish512.so returned -1; the KAT files go to kat/hash-35',
    );
    expect(outside.logText).not.toContain(scratch);
    // Without either option the driver's words stay as they are.
    const plain = await runKat(
      base(
        wishRunner(() => said(library)),
        { library },
      ),
    );
    expect(plain.detail).toBe(
      `KAT_2_12_Wish512.txt: CryptHash returned -1 for record 101 (101 bits): CryptHash in ${library} returned -1; the KAT files go to ${run}/kat/hash-35`,
    );
  });

  it('a nondeterministic library is MISMATCH (exit code 1) with both digests: the ICCS KAT rules has no other code for it', async () => {
    const first = `01${'AB'.repeat(63)}`;
    const second = `00${'AB'.repeat(63)}`;
    const runner = wishRunner(() => ({
      status: 'NONDETERMINISTIC',
      records: [],
      index: 2,
      iteration: null,
      messageBits: 2,
      firstHex: first,
      secondHex: second,
      detail: 'two calls differ',
    }));
    const result = await runKat(base(runner, { manifest: HASH_35_MANIFEST }));
    expect(result).toMatchObject({
      verdict: 'MISMATCH',
      reference: 'repeat',
      file: 'KAT_2_12_Wish512.txt',
      index: 2,
      iteration: null,
      messageBits: 2,
      expected: first,
      actual: second,
    });
    expect(VERDICT_EXIT_CODES[result.verdict]).toBe(1);
    expect(result.detail).toBe(
      `KAT_2_12_Wish512.txt record 2 (2 bits): CryptHash is not deterministic, two calls on the same message gave "01ABABABABABABAB…ABABABABABABABAB (128 hex digits)" and "00ABABABABABABAB…ABABABABABABABAB (128 hex digits)"`,
    );
  });

  it('a failure in the second file keeps the first file', async () => {
    const crash: DriverKatOutcome = {
      status: 'CRASH',
      records: [],
      signal: 'SIGBUS',
      exitCode: null,
      index: 2,
      messageBits: 8388608,
      detail: 'killed by SIGBUS',
    };
    const result = await runKat(
      base(
        wishRunner((file) => (file === 'KAT_2_23' ? crash : null)),
        { manifest: HASH_35_MANIFEST },
      ),
    );
    expect(result).toMatchObject({
      verdict: 'CRASH',
      file: 'KAT_2_23_Wish512.txt',
      signal: 'SIGBUS',
      messageBits: 8388608,
    });
    expect(result.files.map((file) => file.file)).toEqual(['KAT_2_12_Wish512.txt']);
  });

  it('maps every verdict to its own exit code, none of them 2 (bad input or usage)', () => {
    expect(VERDICT_EXIT_CODES).toEqual({
      PASS: 0,
      MISMATCH: 1,
      NOKAT: 3,
      CRYPTOFAIL: 4,
      OVERFLOW: 5,
      LOADFAIL: 6,
      TIMEOUT: 7,
      CRASH: 8,
    });
    expect(new Set(Object.values(VERDICT_EXIT_CODES)).size).toBe(8);
  });

  it('rejects bad options and a missing driver with KatError', async () => {
    await expect(runKat(base(wishRunner(), { digestBits: 12 }))).rejects.toThrow(
      /digestBits must be a positive multiple of 8/,
    );
    await expect(runKat(base(wishRunner(), { name: '../evil' }))).rejects.toThrow(/option name/);
    await expect(runKat(base(wishRunner(), { files: ['KAT_2_12', 'KAT_2_12'] }))).rejects.toThrow(/twice/);
    await expect(runKat(base(wishRunner(), { files: ['KAT_Loop'], digestBits: 8200 }))).rejects.toThrow(
      /at most 8192 for KAT_Loop/,
    );
    await expect(runKat(base(wishRunner(), { maxMemoryBytes: 1000 }))).rejects.toThrow(
      /maxMemoryBytes must be 0 \(no limit\)/,
    );
    await expect(runKat(base(wishRunner(), { testSizes: { largeMessageBits: 65 } }))).rejects.toThrow(
      /largeMessageBits must be a multiple of 8/,
    );
    await expect(runKat(base(wishRunner(), { manifest: path.join(scratch, 'no-such.sha256') }))).rejects.toMatchObject({
      code: 'MANIFEST_UNREADABLE',
    });
    const saved = process.env.NGCC_PERF_DRIVER;
    process.env.NGCC_PERF_DRIVER = path.join(scratch, 'no-driver-from-env');
    try {
      const withoutRunner: RunKatOptions = { ...base(wishRunner()), runner: undefined };
      const error: unknown = await runKat(withoutRunner).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ name: 'NativeError', code: 'DRIVER_NOT_FOUND' });
      expect((error as Error).message).toMatch(/^NGCC_PERF_DRIVER=.*no-driver-from-env is not an executable file/);
      const given: unknown = await runKat({ ...withoutRunner, driverPath: path.join(scratch, 'no-driver') }).catch(
        (caught: unknown) => caught,
      );
      expect(given).toBeInstanceOf(KatError);
      expect(given).toMatchObject({ code: 'DRIVER_NOT_FOUND' });
    } finally {
      process.env.NGCC_PERF_DRIVER = saved;
    }
  });
});
