// `time --fixed-layout` (PROTOCOL.md): the driver re-executes itself once with the personality
// flag ADDR_NO_RANDOMIZE, so trial processes share one address-space layout, and its `meta` line
// says which layout was in force. Under bwrap as root the exec into the sandbox clears the flag
// (the kernel drops it on an exec that gains privileges): the driver then refuses with USAGE
// instead of measuring with a layout it did not ask for: exit 2 and a USAGE error line.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from '@jest/globals';
import { availableModes, lib, runDriver, sandboxEnv, type SandboxMode } from './sandbox-support.js';

const aslrOn = readFileSync('/proc/sys/kernel/randomize_va_space', 'utf8').trim() !== '0';
const layoutOf = (lines: { type: string; addressLayout?: unknown }[]) =>
  lines.find((line) => line.type === 'meta')?.addressLayout;
const modes: (SandboxMode | 'off')[] = [...availableModes(), 'off'];

describe.each(modes)('sandbox %s', (mode) => {
  const env = sandboxEnv(mode);
  const args = ['time', lib('empty'), '256', '64', '100', '1'];

  test("without --fixed-layout the meta line says the kernel's layout", async () => {
    const run = await runDriver(args, { env });
    expect(run.status).toBe(0);
    expect(layoutOf(run.lines)).toBe(aslrOn ? 'randomized' : 'fixed');
  });

  test('--fixed-layout: "fixed" in meta, or (bwrap as root) USAGE naming the cleared flag', async () => {
    const run = await runDriver([...args, '--fixed-layout'], { env });
    if (mode === 'bwrap' && process.getuid?.() === 0) {
      // Exit 2 with a USAGE error line passed through by the outer driver (it used to report exit 8,
      // "bwrap exited with code 2 before the driver started in it", as if bwrap had failed).
      expect(run.status).toBe(2);
      const error = run.lines.find((line) => line.type === 'error') as { code?: string; message?: string } | undefined;
      expect(error?.code).toBe('USAGE');
      expect(error?.message).toContain('the kernel cleared ADDR_NO_RANDOMIZE');
      expect(run.stderr).toContain('the kernel cleared ADDR_NO_RANDOMIZE');
      return;
    }
    expect([run.status, layoutOf(run.lines)]).toEqual([0, 'fixed']);
  });
});
