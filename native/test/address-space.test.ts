// The sandbox's address-space limit (RLIMIT_AS, NGCC_PERF_SANDBOX_MEMORY_BYTES; PROTOCOL.md
// "Sandbox") also holds the driver's own buffers: a message that does not fit under it is IO
// (exit 8) with `addressSpaceLimitBytes` and a sentence that names the limit and how to raise it,
// not "MESSAGE_BYTES or DIGEST_BITS too large". Kept cheap: a 256 MiB limit and a 512 MiB message,
// so the failing allocation is refused at once.
import { spawnSync } from 'node:child_process';
import { describe, expect, test } from '@jest/globals';
import {
  availableModes,
  driverPath,
  lib,
  paced,
  parseLines,
  runDriver,
  sandboxEnv,
  type Line,
  type Run,
} from './sandbox-support.js';

const modes = availableModes();
const LIMIT_BYTES = 268435456; // 256 MiB
const MESSAGE_BYTES = '536870912'; // 512 MiB
// The value suggested: limit + buffers (512 MiB and a few hundred bytes), rounded up to whole GiB.
const SUGGESTED_BYTES = 1073741824;
const errorOf = (run: Run): Line | undefined => run.lines.find((line) => line.type === 'error');
const sandboxAdvice = `the sandbox's address-space limit (RLIMIT_AS) of ${LIMIT_BYTES} bytes (0.25 GiB) is too small; raise it with NGCC_PERF_SANDBOX_MEMORY_BYTES=${SUGGESTED_BYTES} (bytes, 0 = no limit) in the driver's environment`;

describe.each(modes)('in %s mode under NGCC_PERF_SANDBOX_MEMORY_BYTES=256 MiB', (mode) => {
  const env = sandboxEnv(mode, { NGCC_PERF_SANDBOX_MEMORY_BYTES: String(LIMIT_BYTES) });

  test('time with a 512 MiB message: IO naming the limit, the variable and the value to set', async () => {
    const run = await runDriver(['time', lib('empty'), '256', MESSAGE_BYTES, '1', '0'], { env });
    expect(run.status).toBe(8);
    expect(errorOf(run)).toEqual({
      v: 1,
      type: 'error',
      code: 'IO',
      library: lib('empty'),
      addressSpaceLimitBytes: LIMIT_BYTES,
      message: `no memory for the buffers (MESSAGE_BYTES ${MESSAGE_BYTES}, DIGEST_BITS 256) while timing ${lib('empty')}: ${sandboxAdvice}, or lower MESSAGE_BYTES`,
    });
    expect(run.stderr).not.toContain('too large');
  });

  // Filling and checking 512 MiB takes seconds on a quiet host and several times that on a busy
  // one: runDriver's limit (30 s) and this test's are a quiet host's times, paced.
  test(
    'with the suggested value the same trial runs',
    async () => {
      const raised = sandboxEnv(mode, { NGCC_PERF_SANDBOX_MEMORY_BYTES: String(SUGGESTED_BYTES) });
      const run = await runDriver(['time', lib('empty'), '256', MESSAGE_BYTES, '1', '0'], { env: raised });
      expect([run.status, run.timedOut, run.lines.map((line) => line.type)]).toEqual([
        0,
        false,
        ['meta', 'trial', 'end'],
      ]);
    },
    paced(60000),
  );

  test('memory with a 512 MiB message, and a 1 GiB measurement stack', async () => {
    const buffers = await runDriver(['memory', lib('empty'), '256', MESSAGE_BYTES], { env });
    expect(buffers.status).toBe(8);
    expect(errorOf(buffers)).toMatchObject({
      code: 'IO',
      addressSpaceLimitBytes: LIMIT_BYTES,
      message: `no memory for the buffers (MESSAGE_BYTES ${MESSAGE_BYTES}, DIGEST_BITS 256) while measuring the memory of ${lib('empty')}: ${sandboxAdvice}, or lower MESSAGE_BYTES`,
    });
    // 1 GiB of stack + its 1 MiB guard: 256 MiB + 1025 MiB rounds up to 2 GiB.
    const stack = await runDriver(['memory', lib('empty'), '256', '64', '--stack-bytes', '1073741824'], { env });
    expect(errorOf(stack)).toMatchObject({
      code: 'IO',
      addressSpaceLimitBytes: LIMIT_BYTES,
      message: expect.stringContaining(
        'no memory for the measurement stack (--stack-bytes 1073741824) while measuring the memory of',
      ),
    });
    expect(errorOf(stack)?.message).toContain(
      "NGCC_PERF_SANDBOX_MEMORY_BYTES=2147483648 (bytes, 0 = no limit) in the driver's environment, or lower --stack-bytes",
    );
  });

  test('hash: a frame announcing 2^32 bits (512 MiB) is refused before its bytes are read', async () => {
    const header = Buffer.alloc(8);
    header.writeBigUInt64LE(2n ** 32n);
    const run = await runDriver(['hash', lib('xor_ok'), '256'], { env, input: header });
    expect(run.status).toBe(8);
    expect(errorOf(run)).toEqual({
      v: 1,
      type: 'error',
      code: 'IO',
      library: lib('xor_ok'),
      index: 0,
      addressSpaceLimitBytes: LIMIT_BYTES,
      message: `no memory for the message buffer at frame 0 (4294967296 message bits) while hashing with ${lib('xor_ok')}: ${sandboxAdvice}, or send shorter frames`,
    });
  });
});

describe('a limit the driver was started with (ulimit -v 300000 KiB = 307200000 bytes)', () => {
  /** Runs the driver under `ulimit -v` (soft and hard limit), synchronously. */
  const underUlimit = (mode: 'off' | (typeof modes)[number]): Run => {
    const result = spawnSync(
      'sh',
      ['-c', 'ulimit -v 300000 && exec "$0" "$@"', driverPath, 'time', lib('empty'), '256', MESSAGE_BYTES, '1', '0'],
      {
        env: sandboxEnv(mode),
        timeout: paced(30000),
      },
    );
    return {
      status: result.status,
      signal: result.signal,
      lines: parseLines(result.stdout.toString('utf8')),
      stderr: result.stderr.toString('utf8'),
    };
  };
  const startedWith =
    'the address-space limit (RLIMIT_AS) of 307200000 bytes (0.286 GiB) the driver was started with is too small (NGCC_PERF_SANDBOX_MEMORY_BYTES can lower it, not raise it); raise it before starting the driver (`ulimit -v unlimited`, or a larger `ulimit -v` in KiB), or lower MESSAGE_BYTES';

  test.each(['off', ...modes] as const)('sandbox %s: the sentence says the variable cannot raise it', (mode) => {
    const run = underUlimit(mode);
    expect(run.status).toBe(8);
    expect(errorOf(run)).toMatchObject({
      code: 'IO',
      addressSpaceLimitBytes: 307200000,
      message: expect.stringContaining(startedWith),
    });
  });
});
