import { describe, expect, it } from '@jest/globals';
import type { KatFileKind } from '../kat-messages.js';
import { interpretKatRun, type KatRunFacts } from './interpret-kat-run.js';

const D8 = 'AB'.repeat(8);
const SEED = '4B41545F325F3132'.repeat(8); // "KAT_2_12" × 8
const meta = (file: KatFileKind, records: number, extra = ''): string =>
  `{"v":1,"type":"kat-meta","file":"${file}","library":"libx.so","digestBits":64,"seedHex":"${SEED}","records":${records},"messageBits":${file === 'KAT_2_12' ? 4096 : 8192},"repeat":"all","maxMemoryBytes":2147483648,"testSizes":false${extra}}`;
const ladder = (index: number): string =>
  `{"v":1,"type":"kat-record","index":${index},"bits":${index},"msgHex":"${'00'.repeat(Math.ceil(index / 8))}","dstHex":"${D8}"}`;
const end = (count: number): string =>
  `{"v":1,"type":"end","count":${count},"cryptHashCalls":${2 * count},"cryptHashSeconds":0.000123456,"drbgSeconds":0.000001,"peakRssBytes":1589248}`;

function facts(overrides: Partial<KatRunFacts>): KatRunFacts {
  return {
    driverPath: 'ngcc-perf-driver',
    library: 'libx.so',
    digestBits: 64,
    file: 'KAT_2_12',
    exitCode: 0,
    signal: null,
    timedOut: false,
    timeoutSeconds: 900,
    stdout: '',
    stderr: '',
    ...overrides,
  };
}

describe('interpretKatRun (native/PROTOCOL.md `kat` exit codes)', () => {
  const threeRecords = [meta('KAT_2_12', 3), ladder(0), ladder(1), ladder(2)].join('\n');

  it('exit 0 with meta, every record and the end line: ok, with the figures of the end line', () => {
    const outcome = interpretKatRun(facts({ stdout: `${threeRecords}\n${end(3)}\n` }));
    if (outcome.status !== 'ok') throw new Error(outcome.detail);
    expect(outcome.run).toEqual({
      records: [0, 1, 2].map((i) => ({ index: i, bits: i, msgHex: '00'.repeat(Math.ceil(i / 8)), dstHex: D8 })),
      seedHex: SEED,
      repeat: 'all',
      cryptHashCalls: 6,
      cryptHashSeconds: 0.000123456,
      drbgSeconds: 0.000001,
      maxMemoryBytes: 2147483648,
      peakRssBytes: 1589248,
      testSizes: false,
    });
  });

  it('skips protocol lines of types kat mode does not read, and counts non-JSON lines as stray (native/PROTOCOL.md)', () => {
    const stdout = `${meta('KAT_2_12', 3)}\n{"v":1,"type":"progress","done":1}\n${ladder(0)}\n${ladder(1)}\n{"v":1,"type":"kat-rec\n${ladder(2)}\n${end(3)}\n`;
    const outcome = interpretKatRun(facts({ stdout }));
    expect(outcome.status).toBe('ok');
    if (outcome.status === 'ok') expect(outcome.run.records.map((record) => record.index)).toEqual([0, 1, 2]);
  });

  it('exit 3 is CRYPTOFAIL at the record and step of the error line', () => {
    const stdout = `${meta('KAT_Loop', 1, ',"iterations":1000000')}\n{"v":1,"type":"error","code":"CRYPTOFAIL","message":"CryptHash returned -1","returnCode":-1,"index":0,"iteration":17,"messageBits":8192}\n`;
    const outcome = interpretKatRun(facts({ file: 'KAT_Loop', exitCode: 3, stdout }));
    expect(outcome).toMatchObject({
      status: 'CRYPTOFAIL',
      index: 0,
      iteration: 17,
      messageBits: 8192,
      returnCode: -1,
      records: [],
    });
    if (outcome.status === 'CRYPTOFAIL')
      expect(outcome.detail).toMatch(
        /^CryptHash returned -1 for step 17 of the chain \(8192 bits\); the driver limited its address space to 2147483648 bytes/,
      );
  });

  it('exit 4 is OVERFLOW naming the buffer; message-content says the library wrote its input', () => {
    const stdout = `${meta('KAT_2_12', 4097)}\n${ladder(0)}\n{"v":1,"type":"error","code":"OVERFLOW","message":"changed","buffer":"message-content","offset":0,"index":1,"messageBits":1}\n`;
    const outcome = interpretKatRun(facts({ exitCode: 4, stdout }));
    expect(outcome).toMatchObject({
      status: 'OVERFLOW',
      buffer: 'message-content',
      index: 1,
      messageBits: 1,
      iteration: null,
    });
    if (outcome.status === 'OVERFLOW')
      expect(outcome.detail).toBe(
        'CryptHash changed the (const) message it was given at byte 0 on record 1 (1 bits): changed',
      );
  });

  it('exit 9 is NONDETERMINISTIC with both digests', () => {
    const stdout = `${threeRecords}\n{"v":1,"type":"error","code":"NONDETERMINISTIC","message":"differ","index":3,"messageBits":3,"firstHex":"01AB","secondHex":"00AB"}\n`;
    const outcome = interpretKatRun(facts({ exitCode: 9, stdout: stdout.replace('"records":3', '"records":4097') }));
    expect(outcome).toMatchObject({
      status: 'NONDETERMINISTIC',
      index: 3,
      messageBits: 3,
      firstHex: '01AB',
      secondHex: '00AB',
    });
    expect(outcome.status === 'ok' ? [] : outcome.records).toHaveLength(3);
  });

  it('exit 5 is LOADFAIL with the driver message', () => {
    const stdout = '{"v":1,"type":"error","code":"LOADFAIL","message":"undefined symbol: CryptHash"}\n';
    expect(interpretKatRun(facts({ exitCode: 5, stdout }))).toMatchObject({
      status: 'LOADFAIL',
      detail: 'could not load libx.so: undefined symbol: CryptHash',
    });
  });

  it('a signal is CRASH at the next record, with the memory limit mentioned', () => {
    const outcome = interpretKatRun(
      facts({
        exitCode: null,
        signal: 'SIGSEGV',
        stdout: `${meta('KAT_2_12', 4097)}\n${ladder(0)}\n`,
        stderr: 'ngcc-perf-driver: the library crashed',
      }),
    );
    expect(outcome).toMatchObject({ status: 'CRASH', signal: 'SIGSEGV', exitCode: null, index: 1, messageBits: 1 });
    if (outcome.status === 'CRASH')
      expect(outcome.detail).toMatch(
        /^killed by SIGSEGV while producing record 1 \(1 bits\); the driver limited its address space/,
      );
  });

  it('a crash on the first record names the ICCS CryptHash signature the driver calls, not memory', () => {
    const outcome = interpretKatRun(
      facts({
        exitCode: null,
        signal: 'SIGSEGV',
        stdout: `${meta('KAT_2_12', 4097)}\n`,
        stderr: 'ngcc-perf-driver: the library crashed',
      }),
    );
    expect(outcome).toMatchObject({ status: 'CRASH', index: 0 });
    if (outcome.status === 'CRASH') {
      expect(outcome.detail).toContain(
        'int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)',
      );
      expect(outcome.detail).not.toContain('address space');
    }
  });

  it('a timeout is TIMEOUT, whatever signal killed it, with the records done', () => {
    const outcome = interpretKatRun(
      facts({
        exitCode: null,
        signal: 'SIGTERM',
        timedOut: true,
        timeoutSeconds: 2,
        stdout: `${meta('KAT_2_12', 4097)}\n${ladder(0)}\n`,
      }),
    );
    expect(outcome).toMatchObject({
      status: 'TIMEOUT',
      timeoutSeconds: 2,
      detail: 'no answer within 2 s; killed after 1 of 4097 records',
    });
  });

  it('exit 0 without the end line, or an undocumented exit code, is CRASH with that code', () => {
    expect(interpretKatRun(facts({ stdout: `${threeRecords}\n` }))).toMatchObject({
      status: 'CRASH',
      signal: null,
      exitCode: 0,
      index: 3,
    });
    expect(interpretKatRun(facts({ exitCode: 1, stderr: 'bye' }))).toMatchObject({
      status: 'CRASH',
      signal: null,
      exitCode: 1,
      index: 0,
      messageBits: null,
    });
  });

  it('exit 2 (USAGE) and 8 (IO) are the driver failing: KatError DRIVER_FAILED', () => {
    for (const exitCode of [2, 8]) {
      expect(() => interpretKatRun(facts({ exitCode, stderr: 'no memory' }))).toThrow(
        expect.objectContaining({ code: 'DRIVER_FAILED' }),
      );
    }
  });

  it('protocol trouble is a KatError: wrong file, records out of order or of the wrong length, a malformed line, another version', () => {
    const cases: [Partial<KatRunFacts>, string, RegExp][] = [
      [{ stdout: `${meta('KAT_2_23', 3)}\n` }, 'DRIVER_PROTOCOL', /answered with KAT_2_23 when KAT_2_12 was asked for/],
      [{ stdout: `${meta('KAT_2_12', 3)}\n${ladder(1)}\n` }, 'DRIVER_PROTOCOL', /record 0 has index 1/],
      [
        { stdout: `${meta('KAT_2_12', 3)}\n${ladder(0).replace(D8, 'AB')}\n` },
        'DRIVER_PROTOCOL',
        /2-digit digest, expected 16/,
      ],
      [
        { stdout: `${meta('KAT_2_12', 3)}\n{"v":1,"type":"kat-meta"}\n` },
        'DRIVER_PROTOCOL',
        /stdout line 2 is not a valid "kat-meta" line \(file: /,
      ],
      [
        { stdout: `${meta('KAT_2_12', 3)}\n${ladder(0).replace('"index":0', '"index":"0"')}\n` },
        'DRIVER_PROTOCOL',
        /stdout line 2 is not a valid "kat-record" line \(index: expected a whole number\)/,
      ],
      [
        { stdout: `${meta('KAT_2_12', 3)}\n${ladder(0).replace(D8, D8.toLowerCase())}\n` },
        'DRIVER_PROTOCOL',
        /dstHex: expected upper-case hex/,
      ],
      [{ stdout: '{"v":2,"type":"kat-meta"}\n' }, 'DRIVER_VERSION', /protocol version 2/],
    ];
    for (const [overrides, code, message] of cases) {
      expect(() => interpretKatRun(facts(overrides))).toThrow(
        expect.objectContaining({ code, message: expect.stringMatching(message) }),
      );
    }
  });

  it('large-message records must be all-0, all-0xFF, then the seeded one', () => {
    const large = (index: number, head: string, seeded: boolean): string =>
      `{"v":1,"type":"kat-record","index":${index},"bits":8192,"seeded":${seeded},"headHex":"${head}","tailHex":"${head}","dstHex":"${D8}"}`;
    const good = [
      meta('KAT_2_23', 3),
      large(0, '0'.repeat(16), false),
      large(1, 'F'.repeat(16), false),
      large(2, '1'.repeat(16), true),
      end(3),
    ].join('\n');
    expect(interpretKatRun(facts({ file: 'KAT_2_23', stdout: good })).status).toBe('ok');
    const bad = [meta('KAT_2_23', 3), large(0, '1'.repeat(16), false)].join('\n');
    expect(() => interpretKatRun(facts({ file: 'KAT_2_23', stdout: bad }))).toThrow(
      /record 0 is not the all-0x00 message/,
    );
  });
});
