// resetPeak on a live child whose peak is known: it touched 64 MiB, then freed it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from '@jest/globals';
import { readProcStatus, resetPeak } from '../src/index.js';

const MIB = 1024 * 1024;

describe('resetPeak on a live process', () => {
  it('brings VmHWM back from ≥ 64 MiB above RSS to the current RSS', async () => {
    // The child fills 64 MiB, drops it and collects it, says "ready", and waits for stdin to close.
    const child = spawn(
      process.execPath,
      [
        '--expose-gc',
        '-e',
        "let b = Buffer.alloc(64*1024*1024, 1); b = null; global.gc(); setTimeout(() => process.stdout.write('ready'), 20); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));",
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    try {
      await once(child.stdout, 'data');
      const before = readProcStatus(child.pid ?? 0);
      expect((before.vmHwmBytes ?? 0) - (before.vmRssBytes ?? 0)).toBeGreaterThanOrEqual(48 * MIB);
      const result = resetPeak(child.pid ?? 0);
      if (result.status === 'unsupported') {
        // Kernels before 4.0 or a read-only /proc: the reason says which.
        expect(result.reason).toMatch(/clear_refs/);
        return;
      }
      expect(result.vmHwmBeforeBytes).toBeGreaterThanOrEqual(64 * MIB);
      expect(result.vmHwmAfterBytes).toBeLessThan((result.vmHwmBeforeBytes ?? 0) - 48 * MIB);
      const after = readProcStatus(child.pid ?? 0);
      expect(after.vmHwmBytes).toBeGreaterThanOrEqual(after.vmRssBytes ?? Infinity);
      expect(after.vmHwmBytes).toBeLessThan((before.vmHwmBytes ?? 0) - 48 * MIB);
    } finally {
      child.stdin.end();
      await once(child, 'exit');
    }
  });
});
