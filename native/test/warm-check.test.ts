// `time --warm-check N` (PROTOCOL.md, `time`): after the timed loop the driver times up to N more
// calls, one at a time, stopping early once 10 ms have passed, and reports them in
// `trial.warmCheck` — never in the trial's own iterations, seconds or ticks.
import path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { buildDir, lib, runDriver, sandboxEnv, type Line } from './sandbox-support.js';

const env = sandboxEnv('off');
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

  test('no warmCheck without the option; 0 and 1001 are USAGE errors', async () => {
    const plain = await runDriver(['time', lib('empty'), '256', '64', '1', '0'], { env });
    expect('warmCheck' in (plain.lines[1] as Line)).toBe(false);
    for (const bad of ['0', '1001']) {
      const run = await runDriver(['time', lib('empty'), '256', '64', '1', '0', '--warm-check', bad], { env });
      expect(run.status).toBe(2);
      expect(run.lines.at(-1)).toMatchObject({ type: 'error', code: 'USAGE', message: expect.stringContaining('--warm-check must be an integer from 1 to 1000') });
    }
  });

  test('a library that fails during the warm check is a CRYPTOFAIL like any timed call', async () => {
    // libret_fail returns -1 on every call, so the cold call already fails: the warm check never hides it.
    const run = await runDriver(['time', lib('ret_fail'), '256', '64', '1', '0', '--warm-check', '5'], { env });
    expect(run.status).toBe(3);
  });
});
