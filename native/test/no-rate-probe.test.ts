// `time --no-rate-probe` (PROTOCOL.md, `time`): with --counter NAME the driver opens and measures
// the counter (overhead, resolution) but skips the ~20 ms busy window that measures its rate, so
// `meta.counter` has no `hz` and its `reason` says why; without --counter the option is a USAGE error.
import { describe, expect, test } from '@jest/globals';
import { lib, runDriver, sandboxEnv, type Line } from './sandbox-support.js';

const env = sandboxEnv('off');
const isCount = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0;
/** The hardware fixed-rate counter of this build: tsc on x86-64, cntvct on AArch64. */
const hardwareCounter = process.arch === 'arm64' ? 'cntvct' : 'tsc';

describe('time --no-rate-probe', () => {
  test(`--counter ${hardwareCounter}: meta.counter has overheadTicks and resolutionTicks but no hz, and says why`, async () => {
    const run = await runDriver(
      ['time', lib('empty'), '256', '0', '1000', '0', '--counter', hardwareCounter, '--no-rate-probe'],
      { env },
    );
    expect(run.status).toBe(0);
    expect(run.lines.map((line) => line.type)).toEqual(['meta', 'trial', 'end']);
    const counter = run.lines[0]?.counter as Record<string, unknown>;
    expect(counter).toMatchObject({ name: hardwareCounter, kind: 'fixed-rate' });
    expect('hz' in counter).toBe(false);
    expect(isCount(counter.overheadTicks) && isCount(counter.resolutionTicks)).toBe(true);
    expect(counter.reason).toBe(
      `selected with --counter ${hardwareCounter}; rate not probed (--no-rate-probe): ticks per second = the trial's ticks / its nanoseconds`,
    );
    // The caller's rate: ticks over nanoseconds of the same trial.
    const trial = run.lines[1] as Line;
    expect(Number(trial.ticks)).toBeGreaterThan(0);
    expect(Number(trial.nanoseconds)).toBeGreaterThan(0);
  });

  test('without the option the same command still probes the rate (hz present)', async () => {
    const run = await runDriver(['time', lib('empty'), '256', '0', '10', '0', '--counter', hardwareCounter], { env });
    const counter = run.lines[0]?.counter as Record<string, unknown>;
    expect(counter.reason).toBe(`selected with --counter ${hardwareCounter}`);
    expect(Number.isInteger(counter.hz) && (counter.hz as number) > 0).toBe(true);
  });

  test('--counter clock keeps hz = 10^9 (its rate is a definition, not a probe)', async () => {
    const run = await runDriver(['time', lib('empty'), '256', '0', '10', '0', '--counter=clock', '--no-rate-probe'], {
      env,
    });
    expect(run.status).toBe(0);
    expect(run.lines[0]?.counter).toMatchObject({ name: 'clock', hz: 1e9 });
    expect(String((run.lines[0]?.counter as Record<string, unknown>).reason)).toContain('--no-rate-probe');
  });

  test('without --counter it is USAGE (exit 2), naming the option and the fix', async () => {
    const run = await runDriver(['time', lib('empty'), '256', '0', '10', '0', '--no-rate-probe'], { env });
    expect(run.status).toBe(2);
    const error = run.lines.at(-1) as Line;
    expect(error).toMatchObject({ type: 'error', code: 'USAGE', subcommand: 'time' });
    expect(String(error.message)).toContain('--no-rate-probe needs --counter NAME');
    expect(String(error.message)).toContain('(e.g. --counter tsc), or drop --no-rate-probe');
  });
});
