// `trial.runDelayNs` (PROTOCOL.md, `time`): the time the driver spent runnable but waiting for a
// CPU during the timed loop, from /proc/self/schedstat read before and after the loop, in every
// sandbox mode; and > 0 when another busy process is pinned to the same CPU as the driver.
import { afterEach, describe, expect, test } from '@jest/globals';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import {
  availableModes,
  buildDir,
  lib,
  runDriver,
  sandboxEnv,
  type Line,
  type SandboxMode,
} from './sandbox-support.js';
import { pacedMilliseconds } from '../src/host-pace.js';

const isCount = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0;
const trialOf = (lines: Line[]): Line | undefined => lines.find((line) => line.type === 'trial');
const modes: (SandboxMode | 'off')[] = [...availableModes(), 'off'];
const sha512 = path.join(buildDir, 'examples', 'libsha512.so');
/** The CPU both processes share: the last one. */
const sharedCpu = String(availableParallelism() - 1);

describe.each(modes)('sandbox %s', (mode) => {
  test('runDelayNs is a non-negative integer in loop and per-call scope', async () => {
    for (const scope of ['loop', 'per-call']) {
      const run = await runDriver(['time', lib('xor_ok'), '256', '64', '100', '1', '--scope', scope], {
        env: sandboxEnv(mode),
      });
      expect(run.status).toBe(0);
      expect([scope, isCount(trialOf(run.lines)?.runDelayNs)]).toEqual([scope, true]);
    }
  });
});

describe("a busy process on the driver's CPU", () => {
  let spinner: ChildProcess | undefined;
  afterEach(() => {
    spinner?.kill('SIGKILL');
    spinner = undefined;
  });

  test(
    'makes runDelayNs > 0 (libsha512, 65536 bytes x 300 calls, both pinned with taskset/--cpu)',
    async () => {
      expect(spawnSync('sh', ['-c', 'command -v taskset']).status).toBe(0); // util-linux
      // Spins for at most 30 s on its own, and says when it has started.
      const started = new Promise<void>((resolve, reject) => {
        spinner = spawn(
          'taskset',
          [
            '-c',
            sharedCpu,
            process.execPath,
            '-e',
            'process.stdout.write("spinning\\n"); const end = Date.now() + 30000; while (Date.now() < end) {}',
          ],
          { stdio: ['ignore', 'pipe', 'inherit'] },
        );
        spinner.once('error', reject);
        spinner.stdout?.once('data', () => resolve());
      });
      await started;
      const run = await runDriver(['time', sha512, '512', '65536', '300', '2', '--cpu', sharedCpu], {
        env: sandboxEnv('off'),
      });
      expect(run.status).toBe(0);
      const trial = trialOf(run.lines) as Line;
      expect(trial.cpuAfter).toBe(Number(sharedCpu));
      expect(isCount(trial.runDelayNs)).toBe(true);
      expect(Number(trial.runDelayNs)).toBeGreaterThan(0);
    },
    pacedMilliseconds(30000),
  );
});
