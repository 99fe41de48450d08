import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from '@jest/globals';
import { readProcStatus } from '../src/read-proc-status.js';

const MIB_BYTES = 1024 * 1024;

describe('readProcStatus on another live process', () => {
  it('sees the 64 MiB a child touched in its VmHWM, then NO_PROCESS once it has exited', async () => {
    // The child fills a 64 MiB buffer (every page touched), says "ready", and waits for stdin to close.
    const child = spawn(
      process.execPath,
      [
        '-e',
        "Buffer.alloc(64*1024*1024, 1); process.stdout.write('ready'); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));",
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const pid = child.pid ?? 0;
    await once(child.stdout, 'data');
    const memory = readProcStatus(pid);
    child.stdin.end();
    await once(child, 'exit');
    expect(memory.vmHwmBytes).toBeGreaterThanOrEqual(64 * MIB_BYTES);
    expect(memory.vmHwmBytes).toBeGreaterThanOrEqual(memory.vmRssBytes ?? Infinity);
    expect(() => readProcStatus(pid)).toThrow(expect.objectContaining({ code: 'NO_PROCESS' }));
  });
});
