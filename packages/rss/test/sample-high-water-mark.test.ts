// sampleHighWaterMark on live processes: a child that holds 64 MiB until told to exit, and this one.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from '@jest/globals';
import { sampleHighWaterMark } from '../src/index.js';

const MIB = 1024 * 1024;

describe('sampleHighWaterMark', () => {
  it('follows a child that touches 64 MiB until it exits; the high-water mark survives the free', async () => {
    const child = spawn(
      process.execPath,
      [
        '--expose-gc',
        '-e',
        "let b = Buffer.alloc(64*1024*1024, 1); process.stdin.resume(); process.stdin.on('end', () => { b = null; global.gc(); setTimeout(() => process.exit(0), 30); });",
      ],
      { stdio: ['pipe', 'ignore', 'inherit'] },
    );
    let released = false;
    const exited = once(child, 'exit');
    const seen = await sampleHighWaterMark(child.pid ?? 0, {
      intervalMs: 5,
      untilExit: true,
      // Let the child go once a sample has seen the 64 MiB resident: no timing assumption.
      onSample: (sample) => {
        if (!released && (sample.vmRssBytes ?? 0) >= 64 * MIB) {
          released = true;
          child.stdin.end();
        }
      },
    });
    await exited;
    expect(released).toBe(true);
    expect(seen.stoppedBecause).toBe('exited');
    expect(seen.maxVmRssBytes).toBeGreaterThanOrEqual(64 * MIB);
    expect(seen.vmHwmBytes).toBeGreaterThanOrEqual(seen.maxVmRssBytes ?? Infinity);
    expect(seen.maxRssAnonBytes).toBeGreaterThanOrEqual(64 * MIB);
    expect(seen.samplesCount).toBeGreaterThanOrEqual(1);
  });

  it('stops after durationMs on a process that keeps running (this one)', async () => {
    const seen = await sampleHighWaterMark(process.pid, { intervalMs: 5, untilExit: false, durationMs: 30 });
    expect(seen.stoppedBecause).toBe('duration');
    expect(seen.samplesCount).toBeGreaterThanOrEqual(2);
    expect(seen.vmHwmBytes).toBeGreaterThan(0);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const seen = await sampleHighWaterMark(process.pid, {
      intervalMs: 5,
      signal: controller.signal,
      onSample: () => controller.abort(),
    });
    expect(seen).toMatchObject({ stoppedBecause: 'aborted', samplesCount: 1 });
  });

  it('gives samplesCount 0 for a process that is already gone, and rejects options that never stop', async () => {
    // pid_max is at most 2^22 = 4194304, so this pid cannot exist.
    expect(await sampleHighWaterMark(4194305)).toMatchObject({
      stoppedBecause: 'exited',
      samplesCount: 0,
      vmHwmBytes: null,
    });
    await expect(sampleHighWaterMark(process.pid, { untilExit: false })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    await expect(sampleHighWaterMark(process.pid, { intervalMs: 0, durationMs: 5 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });
});
