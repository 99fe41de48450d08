// A library that writes into its (const) message is not a complete measurement in `time` and
// `memory` either (PROTOCOL.md, `time` and `memory`): after the first warm-up call, after the other
// warm-ups, after the timed loop and after the memory call, the driver compares the message with
// its pattern (the rule or the random fill, generated again) and exits 4 OVERFLOW with
// `buffer: "message-content"`, the first changed byte's `offset` and the `phase`.
// libmsg_write flips bit 0 of msg[0]; libmsg_write_tail flips bit 0 of the last message byte.
import { describe, expect, test } from '@jest/globals';
import { lib, runDriver, sandboxEnv, type Line, type Run } from './sandbox-support.js';

const env = sandboxEnv('off');
const errorOf = (run: Run): Line | undefined => run.lines.find((line) => line.type === 'error');
const typesOf = (run: Run): string[] => run.lines.map((line) => line.type);
const time = (...args: string[]) => runDriver(['time', ...args], { env });
const memory = (...args: string[]) => runDriver(['memory', ...args], { env });

describe('time', () => {
  test('a write in the first warm-up call: phase warmup, index 0, offset 0 (64-byte message: 512 bits)', async () => {
    const run = await time(lib('msg_write'), '256', '64', '3', '1');
    expect(run.status).toBe(4);
    expect(typesOf(run)).toEqual(['meta', 'error']);
    expect(errorOf(run)).toEqual({
      v: 1,
      type: 'error',
      code: 'OVERFLOW',
      buffer: 'message-content',
      offset: 0,
      library: lib('msg_write'),
      phase: 'warmup',
      index: 0,
      messageBits: 512,
      message: expect.stringContaining('changed the message it was given (byte 0 first) during warm-up call 0'),
    });
  });

  test('no warm-ups: found after the timed loop (phase timed; three calls, so no index)', async () => {
    for (const scope of ['loop', 'per-call']) {
      const run = await time(lib('msg_write'), '256', '64', '3', '0', '--scope', scope);
      expect([scope, run.status]).toEqual([scope, 4]);
      const error = errorOf(run) as Line;
      expect(error).toMatchObject({
        code: 'OVERFLOW',
        buffer: 'message-content',
        offset: 0,
        phase: 'timed',
        messageBits: 512,
      });
      expect('index' in error).toBe(false);
    }
  });

  test('the last byte of a 10000-byte message: offset 9999, with the random fill and an unaligned message', async () => {
    const random = await time(lib('msg_write_tail'), '256', '10000', '1', '0', '--message', 'random');
    expect(random.status).toBe(4);
    expect(errorOf(random)).toMatchObject({
      buffer: 'message-content',
      offset: 9999,
      phase: 'timed',
      index: 0,
      messageBits: 80000,
    });
    const shifted = await time(lib('msg_write_tail'), '256', '10000', '5', '2', '--offset', '3');
    expect(errorOf(shifted)).toMatchObject({ buffer: 'message-content', offset: 9999, phase: 'warmup', index: 0 });
  });

  test('a well-behaved library is unchanged: exit 0, meta, trial, end (100000 bytes, both fills, offset 5)', async () => {
    for (const fill of ['rule', 'random']) {
      const run = await time(lib('xor_ok'), '256', '100000', '3', '2', '--message', fill, '--offset', '5');
      expect([fill, run.status, typesOf(run)]).toEqual([fill, 0, ['meta', 'trial', 'end']]);
    }
    // libcheck_rule returns 1 unless byte i = (i*131 + L) mod 256: the check leaves the message as it was.
    expect((await time(lib('check_rule'), '256', '100000', '3', '2')).status).toBe(0);
  });

  test('a digest overflow still outranks the message check', async () => {
    const run = await time(lib('overflow'), '256', '64', '3', '1');
    expect(errorOf(run)).toMatchObject({
      code: 'OVERFLOW',
      buffer: 'digest',
      side: 'after',
      guardOffset: 0,
      phase: 'warmup',
    });
  });
});

describe('memory', () => {
  test('the measured call wrote msg[0]: phase memory, offset 0, no memory line', async () => {
    const run = await memory(lib('msg_write'), '256', '64');
    expect(run.status).toBe(4);
    expect(typesOf(run)).toEqual(['error']);
    expect(errorOf(run)).toEqual({
      v: 1,
      type: 'error',
      code: 'OVERFLOW',
      buffer: 'message-content',
      offset: 0,
      library: lib('msg_write'),
      phase: 'memory',
      messageBits: 512,
      message: expect.stringContaining('during the memory measurement call'),
    });
  });

  test('the last byte of a 10000-byte message: offset 9999', async () => {
    const run = await memory(lib('msg_write_tail'), '256', '10000');
    expect(errorOf(run)).toMatchObject({
      buffer: 'message-content',
      offset: 9999,
      phase: 'memory',
      messageBits: 80000,
    });
  });

  test('a well-behaved library is unchanged: exit 0, memory, end (100000 bytes)', async () => {
    const run = await memory(lib('check_rule'), '256', '100000');
    expect([run.status, typesOf(run)]).toEqual([0, ['memory', 'end']]);
  });
});
