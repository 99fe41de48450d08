// `time --warm-check N` (PROTOCOL.md, `time`): after the timed loop the driver times up to N more
// calls, one at a time, stopping early once 10 ms have passed, and reports them in
// `trial.warmCheck` — never in the trial's own iterations, seconds or ticks. A failure among those
// calls is named as a phase of its own, `warm-check`, with the call counted from 0 within it.
import path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { buildDir, lib, runDriver, sandboxEnv, type Line, type Run } from './sandbox-support.js';

const env = sandboxEnv('off');
const errorOf = (run: Run): Line | undefined => run.lines.find((line) => line.type === 'error');
/** `time LIB 256 64 10 2 --warm-check N` with the library misbehaving on call `nth` (1-based over the process). */
const timeFaulty = (
  library: string,
  nth: number,
  warmCheckCalls: string,
  extra: Record<string, string> = {},
  options: string[] = [],
) =>
  runDriver(['time', lib(library), '256', '64', '10', '2', '--warm-check', warmCheckCalls, ...options], {
    env: sandboxEnv('off', { NGCC_FAULT_NTH: String(nth), ...extra }),
  });
const sha512 = path.join(buildDir, 'examples', 'libsha512.so');

describe('time --warm-check', () => {
  test('5 calls after one cold call: the trial still counts 1 call; warmCheck counts 5', async () => {
    const run = await runDriver(['time', lib('empty'), '256', '64', '1', '0', '--warm-check', '5'], { env });
    expect(run.status).toBe(0);
    const trial = run.lines[1] as Line;
    expect(trial).toMatchObject({ type: 'trial', iterations: 1 });
    const warm = trial.warmCheck as Record<string, number>;
    expect(warm.iterations).toBe(5);
    expect(warm.seconds).toBeGreaterThan(0);
    expect(Number.isInteger(warm.ticks)).toBe(true);
  });

  test('stops after 10 ms: 1000 calls of SHA-512 on 64 KiB (over 50 µs each) are cut short', async () => {
    const run = await runDriver(['time', sha512, '512', '65536', '1', '0', '--warm-check', '1000'], { env });
    expect(run.status).toBe(0);
    const warm = (run.lines[1] as Line).warmCheck as Record<string, number>;
    expect(warm.iterations).toBeGreaterThanOrEqual(1);
    expect(warm.iterations).toBeLessThan(1000);
    expect(warm.seconds).toBeGreaterThanOrEqual(0.01);
  });

  test('no warm check after a timed loop of 10 ms or more: SHA-512 of 16 MiB (over 20 ms) gets none', async () => {
    const run = await runDriver(['time', sha512, '512', String(16 * 1024 * 1024), '1', '0', '--warm-check', '10'], {
      env,
    });
    expect(run.status).toBe(0);
    const trial = run.lines[1] as Line;
    expect(Number(trial.seconds)).toBeGreaterThanOrEqual(0.01);
    expect('warmCheck' in trial).toBe(false);
  });

  test('a cold call long on the wall clock but short on the CPU (asleep 30 ms, as a preempted call is) still gets its warm check', async () => {
    const run = await runDriver(['time', lib('sleep_first'), '256', '64', '1', '0', '--warm-check', '5'], { env });
    expect(run.status).toBe(0);
    const trial = run.lines[1] as Line;
    expect(Number(trial.seconds)).toBeGreaterThanOrEqual(0.03);
    expect((trial.warmCheck as Record<string, number>).iterations).toBe(5);
  });

  test('no warmCheck without the option; 0 and 1001 are USAGE errors', async () => {
    const plain = await runDriver(['time', lib('empty'), '256', '64', '1', '0'], { env });
    expect('warmCheck' in (plain.lines[1] as Line)).toBe(false);
    for (const bad of ['0', '1001']) {
      const run = await runDriver(['time', lib('empty'), '256', '64', '1', '0', '--warm-check', bad], { env });
      expect(run.status).toBe(2);
      expect(run.lines.at(-1)).toMatchObject({
        type: 'error',
        code: 'USAGE',
        message: expect.stringContaining('--warm-check must be an integer from 1 to 1000'),
      });
    }
  });

  // Calls 1-2 are the warm-ups, 3-12 the 10 timed calls, 13-17 the warm check: call 14 is warm-check call 1.
  test('a CRYPTOFAIL on the 14th call is warm-check call 1, not "timed call 11" (there are only 10)', async () => {
    for (const scope of ['loop', 'per-call']) {
      const run = await timeFaulty('fault_fail_nth', 14, '5', {}, ['--scope', scope]);
      expect([scope, run.status]).toEqual([scope, 3]);
      expect(errorOf(run)).toEqual({
        v: 1,
        type: 'error',
        code: 'CRYPTOFAIL',
        returnCode: -16,
        digestBits: 256,
        library: lib('fault_fail_nth'),
        phase: 'warm-check',
        index: 1,
        messageBits: 512,
        message: `CryptHash in ${lib('fault_fail_nth')} returned -16 (not 0) during warm-check call 1 with 512 message bits and 256 digest bits: the library rejected the input; fix it or ask for a digest length it supports`,
      });
      expect(run.stderr).not.toContain('timed call');
    }
  });

  test('the same library failing on call 5 is still timed call 2, and on call 13 warm-check call 0', async () => {
    const timed = await timeFaulty('fault_fail_nth', 5, '5');
    expect(errorOf(timed)).toMatchObject({
      code: 'CRYPTOFAIL',
      phase: 'timed',
      index: 2,
      message: expect.stringContaining('during timed call 2 '),
    });
    const first = await timeFaulty('fault_fail_nth', 13, '5');
    expect(errorOf(first)).toMatchObject({
      code: 'CRYPTOFAIL',
      phase: 'warm-check',
      index: 0,
      message: expect.stringContaining('during warm-check call 0 '),
    });
  });

  test('a message write during the warm check: phase warm-check, "during the warm-check calls" (5 calls, so no index)', async () => {
    const run = await timeFaulty('fault_write_nth', 14, '5');
    expect(run.status).toBe(4);
    const error = errorOf(run) as Line;
    expect(error).toEqual({
      v: 1,
      type: 'error',
      code: 'OVERFLOW',
      buffer: 'message-content',
      offset: 0,
      library: lib('fault_write_nth'),
      phase: 'warm-check',
      messageBits: 512,
      message: `CryptHash in ${lib('fault_write_nth')} changed the message it was given (byte 0 first) during the warm-check calls with 512 message bits: the message is const input and must not be written`,
    });
    // With --warm-check 1 the one call is known: call 13 is warm-check call 0.
    const single = await timeFaulty('fault_write_nth', 13, '1');
    expect(errorOf(single)).toMatchObject({
      buffer: 'message-content',
      phase: 'warm-check',
      index: 0,
      message: expect.stringContaining('during warm-check call 0 '),
    });
  });

  test('a digest guard hit during the warm check: phase warm-check', async () => {
    const run = await timeFaulty('fault_write_nth', 14, '5', { NGCC_FAULT_TARGET: 'digest' });
    expect(run.status).toBe(4);
    expect(errorOf(run)).toMatchObject({
      code: 'OVERFLOW',
      buffer: 'digest',
      side: 'after',
      guardOffset: 0,
      phase: 'warm-check',
      messageBits: 512,
      message: expect.stringContaining(
        'wrote outside the digest buffer (guard byte 0 after it was changed) during the warm-check calls with 512 message bits',
      ),
    });
  });

  test('a crash during the warm check names warm-check call 1', async () => {
    const run = await timeFaulty('fault_segv_nth', 14, '5');
    expect([run.status, run.signal]).toEqual([null, 'SIGSEGV']);
    expect(run.stderr).toContain(
      `the library ${lib('fault_segv_nth')} crashed with signal 11 (SIGSEGV) in CryptHash during the warm check after the timed calls, on warm-check call 1; fix the library`,
    );
  });

  test('a cold call that fails is a CRYPTOFAIL of the timed phase: the warm check never runs to hide it', async () => {
    // libret_fail returns -1 on every call (its warm-check failures are covered by fault_fail_nth above).
    const run = await runDriver(['time', lib('ret_fail'), '256', '64', '1', '0', '--warm-check', '5'], { env });
    expect(run.status).toBe(3);
    expect(run.lines.at(-1)).toMatchObject({ type: 'error', code: 'CRYPTOFAIL', phase: 'timed', index: 0 });
    expect(run.lines.some((line) => line.type === 'trial')).toBe(false);
  });
});
