// runKat against the real driver (native/build/ngcc-perf-driver, from `npm run build`) and the
// example and test-only libraries it builds (native/build/examples, native/build/testlibs).
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  canonicalDigest,
  createNgccDrng,
  describeKatMessage,
  formatKatRecords,
  formatManifestLine,
  generateKatMessages,
  ngccKatSeed,
  parseManifest,
  runKat,
  type KatFileKind,
  type KatResult,
  type RunKatOptions,
} from '../src/index.js';
import { sm3Bits, toyHash } from './helpers/reference-hashes.js';
import { pacedMilliseconds } from '@ngcc-perf/native';

const nativeBuild = process.env.NGCC_PERF_NATIVE_BUILD ?? path.join('..', '..', 'native', 'build');
const testlib = (name: string): string => path.join(nativeBuild, 'testlibs', `lib${name}.so`);
const LIBSM3 = path.join(nativeBuild, 'examples', 'libsm3.so');
const scratch = mkdtempSync(path.join(tmpdir(), 'kat-driver-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex').toUpperCase();
const options = (library: string, extra: Partial<RunKatOptions> = {}): RunKatOptions => ({
  library,
  digestBits: 256,
  name: 'sm3',
  candidateId: 'example-sm3',
  timeoutSeconds: 120,
  ...extra,
});

/** Parses a generated KAT_2_12/KAT_2_23 file into records of key → value. */
function recordsOf(text: string): Record<string, string>[] {
  return text
    .trim()
    .split('\n\n')
    .map((block) =>
      Object.fromEntries(
        block.split('\n').map((line) => {
          const cut = line.indexOf(' = ');
          return [line.slice(0, cut), line.slice(cut + 3)];
        }),
      ),
    );
}

/** The expected text of a file for the toy hash of native/testlibs (computed in TypeScript). */
function toyText(kind: KatFileKind, digestBits: number): string {
  const lines: string[] = [];
  const digests: string[] = [];
  for (const message of generateKatMessages(kind)) {
    lines.push(describeKatMessage(kind, message));
    digests.push(toyHash(message.bytes, message.bits, digestBits));
  }
  return formatKatRecords(lines, digests, digestBits);
}

describe('reference hashes used below', () => {
  it('sm3Bits equals node:crypto on bytes and GB/T 32905 example 1; toyHash equals the testlibs README example', () => {
    expect(sm3Bits(Buffer.from('abc'), 24)).toBe('66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0');
    const bytes = Uint8Array.from({ length: 200 }, (_, i) => (i * 37 + 11) & 0xff);
    for (const length of [0, 55, 56, 63, 64, 119, 200]) {
      expect(sm3Bits(bytes, length * 8)).toBe(createHash('sm3').update(bytes.subarray(0, length)).digest('hex'));
    }
    expect(toyHash(Uint8Array.of(1, 2), 16, 128).slice(0, 16)).toBe('1605040B0A09080F');
  });
});

describe('runKat with native/build/examples/libsm3.so', () => {
  let generated: KatResult;
  const outDir = path.join(scratch, 'sm3');

  beforeAll(async () => {
    generated = await runKat(options(LIBSM3, { outDir }));
  }, pacedMilliseconds(120000));

  it('without a reference the verdict is NOKAT, and both files are written', () => {
    expect(generated.verdict).toBe('NOKAT');
    expect(generated.files.map((file) => [file.file, file.bytes])).toEqual([
      ['KAT_2_12_sm3.txt', 2542614], // 2 804 822 (the anchor's 512-bit size) − 4097 records × 64 fewer hex digits
      ['KAT_2_23_sm3.txt', 623],
    ]);
  });

  it('every KAT_2_12 digest is SM3 of its message: byte-aligned ones by node:crypto, the others by bit-level SM3', () => {
    const records = recordsOf(readFileSync(path.join(outDir, 'KAT_2_12_sm3.txt'), 'utf8'));
    expect(records).toHaveLength(4097);
    const wrong: number[] = [];
    for (const record of records) {
      const bits = Number(record.Msg_Len);
      const bytes = Buffer.from(record.Msg ?? '', 'hex');
      const expected = bits % 8 === 0 ? createHash('sm3').update(bytes).digest('hex') : sm3Bits(bytes, bits);
      if (record.Dst !== expected.toUpperCase() || record.Dst_Len !== '256') wrong.push(bits);
    }
    expect(wrong).toEqual([]);
    expect(records[0]).toEqual({
      Msg_Len: '0',
      Msg: '',
      Dst_Len: '256',
      Dst: '1AB21D8355CFA17F8E61194831E81A8F22BEC8C728FEFB747ED035EB5082AA2B',
    });
  });

  it('every KAT_2_23 digest is node:crypto SM3 of the 1 MiB message', () => {
    const records = recordsOf(readFileSync(path.join(outDir, 'KAT_2_23_sm3.txt'), 'utf8'));
    const digests: string[] = [];
    // One buffer serves all three messages: hash each before asking for the next.
    for (const message of generateKatMessages('KAT_2_23'))
      digests.push(createHash('sm3').update(message.bytes).digest('hex').toUpperCase());
    expect(records.map((record) => record.Dst)).toEqual(digests);
    expect(records[0]?.Dst).toBe(
      createHash('sm3')
        .update(Buffer.alloc(1 << 20))
        .digest('hex')
        .toUpperCase(),
    );
  });

  it(
    'PASS against a manifest of those checked files; MISMATCH for another library',
    async () => {
      const manifestText = generated.files
        .map(
          (file) =>
            `${formatManifestLine({ digest: file.canonicalSha256, mode: 'strict', label: 'sm3', file: file.file })}\n`,
        )
        .join('');
      const manifestPath = path.join(scratch, 'kat.sha256');
      writeFileSync(manifestPath, manifestText);
      const pass = await runKat(options(LIBSM3, { manifest: manifestPath }));
      expect(pass.verdict).toBe('PASS');
      expect(pass.files.map((file) => file.manifestEntry?.line)).toEqual([1, 2]);
      expect(pass.logText).toContain(`manifest  ${manifestText.split('\n')[0]} (${manifestPath} line 1): match`);

      const mismatch = await runKat(
        options(testlib('xor_ok'), { manifest: parseManifest(manifestText, 'kat.sha256') }),
      );
      expect(mismatch).toMatchObject({
        verdict: 'MISMATCH',
        reference: 'manifest',
        file: 'KAT_2_12_sm3.txt',
        manifestLine: 1,
        expected: generated.files[0]?.canonicalSha256,
      });
    },
    pacedMilliseconds(120000),
  );

  it(
    'MISMATCH against a submitted KAT file names the record and field (record 1, Dst of L = 0)',
    async () => {
      const katDir = path.join(scratch, 'submitted');
      mkdirSync(katDir, { recursive: true });
      writeFileSync(path.join(katDir, 'KAT_2_12_sm3.txt'), readFileSync(path.join(outDir, 'KAT_2_12_sm3.txt')));
      const result = await runKat(options(testlib('xor_ok'), { katDir }));
      expect(result).toMatchObject({
        verdict: 'MISMATCH',
        reference: 'kat-file',
        file: 'KAT_2_12_sm3.txt',
        record: 1,
        field: 'Dst',
        line: 4,
        expectedLine: 4,
        expected: '1AB21D8355CFA17F8E61194831E81A8F22BEC8C728FEFB747ED035EB5082AA2B',
        actual: '000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F', // toy hash of L = 0: digest[j] = j
      });
    },
    pacedMilliseconds(120000),
  );

  it(
    "KAT_2_33 and KAT_Loop with test-only sizes: the driver's records equal the TypeScript DRNG and node:crypto SM3",
    async () => {
      const loopDir = path.join(scratch, 'loop');
      const result = await runKat(
        options(LIBSM3, {
          files: ['KAT_2_33', 'KAT_Loop'],
          outDir: loopDir,
          testSizes: { largeMessageBits: 8200, loopIterations: 5 },
        }),
      );
      expect(result.verdict).toBe('NOKAT');
      expect(result.files.map((file) => [file.file, file.testSizes, file.repeat, file.cryptHashCalls])).toEqual([
        ['KAT_2_33_sm3.txt', true, 'none', 3],
        ['KAT_Loop_sm3.txt', true, 'ends', 8],
      ]);
      const random = createNgccDrng(ngccKatSeed('KAT_2_33')).generate(8200);
      const large = recordsOf(readFileSync(path.join(loopDir, 'KAT_2_33_sm3.txt'), 'utf8'));
      expect(large[2]).toEqual({
        Msg_Len: '8200',
        Msg_Seed: '4B41545F325F3333'.repeat(8),
        Msg_Exp: `${hex(random.subarray(0, 8))} .... ${hex(random.subarray(-8))}`,
        Dst_Len: '256',
        Dst: hex(createHash('sm3').update(random).digest()),
      });
      const [initial] = [...generateKatMessages('KAT_Loop')];
      let m = Buffer.from(initial?.bytes ?? []);
      let dig = createHash('sm3').update(m).digest();
      for (let i = 0; i < 5; i += 1) {
        m = Buffer.concat([m.subarray(32), m.subarray(0, 32)]);
        for (let j = 0; j < 32; j += 1) m[j] = (m[j] as number) ^ (dig[j] as number);
        dig = createHash('sm3').update(m).digest();
      }
      expect(recordsOf(readFileSync(path.join(loopDir, 'KAT_Loop_sm3.txt'), 'utf8'))).toEqual([
        { Msg_Len: '8192', Msg: hex(initial?.bytes ?? new Uint8Array()), Dst_Len: '256', Dst: hex(dig) },
      ]);
      expect(result.logText).toContain('TEST-ONLY');
    },
    pacedMilliseconds(120000),
  );
});

describe('runKat with the toy-hash test libraries', () => {
  const manifestFor = (name: string, digestBits: number): string =>
    (['KAT_2_12', 'KAT_2_23'] as const)
      .map((kind) =>
        formatManifestLine({
          digest: canonicalDigest(toyText(kind, digestBits), { mode: 'strict' }),
          mode: 'strict',
          label: name,
          file: `${kind}_${name}.txt`,
        }),
      )
      .join('\n');

  it(
    'libxor_ok.so and libchatty.so PASS against digests computed in TypeScript (chatter stays off the protocol)',
    async () => {
      const manifest = parseManifest(manifestFor('toy', 128), 'toy.kat.sha256');
      for (const name of ['xor_ok', 'chatty']) {
        const result = await runKat(options(testlib(name), { name: 'toy', digestBits: 128, manifest }));
        expect([name, result.verdict]).toEqual([name, 'PASS']);
      }
    },
    pacedMilliseconds(120000),
  );
});

describe('runKat maps misbehaving libraries to verdicts (never exceptions)', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['no_symbol', { verdict: 'LOADFAIL', file: 'KAT_2_12_sm3.txt' }],
    ['ret_fail', { verdict: 'CRYPTOFAIL', file: 'KAT_2_12_sm3.txt', messageBits: 101, returnCode: -1, index: 101 }],
    ['overflow', { verdict: 'OVERFLOW', file: 'KAT_2_12_sm3.txt', messageBits: 0, buffer: 'digest' }],
    ['msg_write', { verdict: 'OVERFLOW', file: 'KAT_2_12_sm3.txt', messageBits: 0, buffer: 'message' }],
    ['segv', { verdict: 'CRASH', file: 'KAT_2_12_sm3.txt', signal: 'SIGSEGV', messageBits: 0 }],
    ['segv_late', { verdict: 'CRASH', file: 'KAT_2_12_sm3.txt', signal: 'SIGSEGV', messageBits: 101 }],
    [
      'nondeterministic',
      { verdict: 'MISMATCH', reference: 'repeat', file: 'KAT_2_12_sm3.txt', index: 2, messageBits: 2 },
    ],
  ];
  for (const [name, expected] of cases) {
    it(
      `lib${name}.so → ${String(expected.verdict)}`,
      async () => {
        const result = await runKat(options(testlib(name)));
        expect(result).toMatchObject(expected);
        expect(result.files).toEqual([]);
        expect(result.logText.endsWith(`RESULT example-sm3 sm3 ${String(expected.verdict)}\n`)).toBe(true);
      },
      pacedMilliseconds(60000),
    );
  }

  it(
    'libmsg_write.so on KAT_2_23 → OVERFLOW naming the message it wrote into',
    async () => {
      const result = await runKat(options(testlib('msg_write'), { files: ['KAT_2_23'] }));
      expect(result).toMatchObject({ verdict: 'OVERFLOW', buffer: 'message-content', messageBits: 2 ** 23, index: 0 });
      expect(result.detail).toMatch(
        /changed the \(const\) message it was given at byte 0 on record 0 \(8388608 bits\)/,
      );
    },
    pacedMilliseconds(60000),
  );

  it(
    'libhang.so (never returns above 100 bits) → TIMEOUT after the records it finished',
    async () => {
      const result = await runKat(options(testlib('hang'), { timeoutSeconds: 1 }));
      expect(result).toMatchObject({ verdict: 'TIMEOUT', file: 'KAT_2_12_sm3.txt', timeoutSeconds: 1 });
      expect(result.detail).toBe('KAT_2_12_sm3.txt: no answer within 1 s; killed after 101 of 4097 records');
    },
    pacedMilliseconds(60000),
  );

  it(
    'libgreedy.so (1 GiB malloc per call) under maxMemoryBytes 256 MiB → CRYPTOFAIL -2, naming the limit',
    async () => {
      const result = await runKat(options(testlib('greedy'), { files: ['KAT_2_23'], maxMemoryBytes: 256 * 2 ** 20 }));
      expect(result).toMatchObject({ verdict: 'CRYPTOFAIL', returnCode: -2, messageBits: 2 ** 23 });
      expect(result.detail).toContain('the driver limited its address space to 268435456 bytes');
    },
    pacedMilliseconds(60000),
  );
});
