// A malformed argument or option value is a USAGE error (exit 2) whose sentence says what is
// allowed and repeats what was given (PROTOCOL.md, "Arguments common to `hash` and `time`").
import { describe, expect, test } from '@jest/globals';
import { lib, runDriver, sandboxEnv, type Line, type Run } from './sandbox-support.js';

const env = sandboxEnv('off');
const errorOf = (run: Run): Line | undefined => run.lines.find((line) => line.type === 'error');
const TIME = ['time', 'x.so', '256', '64', '1', '0'];
const help = '; run `ngcc-perf-driver --help` for the usage';

describe('time', () => {
  test.each([
    [['--warm-check', '1e3'], '--warm-check must be an integer from 1 to 1000, got "1e3"'],
    [['--warm-check', ''], '--warm-check must be an integer from 1 to 1000, got ""'],
    [['--warm-check=1001'], '--warm-check must be an integer from 1 to 1000, got "1001"'],
    [['--counter', 'bogus'], '--counter must be pmu-cycles, tsc, tscp, cntvct or clock, got "bogus"'],
    [['--cpu', 'x'], '--cpu must be a CPU number (0, 1, ...), got "x"'],
    [['--scope', 'z'], '--scope must be loop or per-call, got "z"'],
    [['--message', 'z'], '--message must be rule or random, got "z"'],
    [['--offset', '99'], '--offset must be an integer from 0 to 63, got "99"'],
  ])('%j', async (options, problem) => {
    const run = await runDriver([...TIME, ...options], { env });
    expect(run.status).toBe(2);
    expect(errorOf(run)).toEqual({
      v: 1,
      type: 'error',
      code: 'USAGE',
      subcommand: 'time',
      message: `time: ${problem}${help}`,
    });
    expect(run.stderr).toContain(`ngcc-perf-driver: time: ${problem}${help}\n`);
  });

  test.each([
    [['time', 'x.so', '12', '64', '1', '0'], 'DIGEST_BITS must be a positive multiple of 8 below 2^31, got "12"'],
    [['time', 'x.so', '256', '-1', '1', '0'], 'MESSAGE_BYTES must be an integer from 0 to 2^33, got "-1"'],
    [['time', 'x.so', '256', '64', '0', '0'], 'ITERATIONS must be an integer of at least 1, got "0"'],
    [['time', 'x.so', '256', '64', '1', 'many'], 'WARMUPS must be an integer of at least 0, got "many"'],
  ])('positional %j', async (args, problem) => {
    const run = await runDriver(args, { env });
    expect(errorOf(run)?.message).toBe(`time: ${problem}${help}`);
  });

  test('a value over 100 bytes is cut, with "..." after it', async () => {
    const run = await runDriver([...TIME, '--scope', 'y'.repeat(150)], { env });
    expect(errorOf(run)?.message).toBe(`time: --scope must be loop or per-call, got "${'y'.repeat(100)}..."${help}`);
  });
});

describe('other subcommands', () => {
  test.each([
    [['memory', 'x.so', '256', '64', '--cpu', 'x'], 'memory: --cpu must be a CPU number (0, 1, ...), got "x"'],
    [
      ['memory', 'x.so', '256', '64', '--stack-bytes', '100'],
      'memory: --stack-bytes must be an integer from 16384 to 2^30, got "100"',
    ],
    [['memory', 'x.so', '256', '1k'], 'memory: MESSAGE_BYTES must be an integer from 0 to 2^33, got "1k"'],
    [['hash', 'x.so', '250'], 'hash: DIGEST_BITS must be a positive multiple of 8 below 2^31, got "250"'],
    [
      ['clock-probe', '--counter', 'bogus'],
      'clock-probe: --counter must be pmu-cycles, tsc, tscp, cntvct or clock, got "bogus"',
    ],
    [['clock-probe', '--windows', '0'], 'clock-probe: --windows must be an integer from 1 to 1001, got "0"'],
    [
      ['kat', lib('xor_ok'), '256', 'KAT_2_12', '--repeat', 'twice'],
      'kat: --repeat takes all, ends or none, got "twice"',
    ],
    [
      ['kat', lib('xor_ok'), '256', 'KAT_2_99'],
      'kat: FILE must be KAT_2_12, KAT_2_23, KAT_2_33 or KAT_Loop, got "KAT_2_99"',
    ],
    [
      ['kat', lib('xor_ok'), '256', 'KAT_2_12', '--max-memory-bytes', '1000'],
      'kat: --max-memory-bytes must be 0 (no limit) or at least 16777216, got "1000"',
    ],
  ])('%j', async (args, sentence) => {
    const run = await runDriver(args, { env });
    expect(run.status).toBe(2);
    expect(errorOf(run)?.message).toBe(`${sentence}${help}`);
  });
});
