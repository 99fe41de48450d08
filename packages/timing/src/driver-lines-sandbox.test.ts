// The `sandbox` object of the driver's info line (native/PROTOCOL.md "Sandbox").
import { describe, expect, it } from '@jest/globals';
import { parseDriverOutput } from './driver-lines.js';
import { TimingError } from './timing-error.js';

const INFO_START =
  '{"v":1,"type":"info","driver":"0.1.0","arch":"x86_64","pageBytes":4096,"counter":{"name":"clock","kind":"fixed-rate"}';

describe('the sandbox of the info line', () => {
  it('keeps the mode and limits the driver reports (PROTOCOL.md example: bwrap, 4 GiB, 3600 s)', () => {
    const { lines } = parseDriverOutput(
      `${INFO_START},"sandbox":{"mode":"bwrap","requested":"auto","network":"none","filesystem":"read-only except scratch",` +
        '"scratch":"/tmp/ngcc-perf-scratch","scratchBytes":67108864,"noNewPrivs":true,"seccomp":"x86_64","maxMemoryBytes":4294967296,' +
        '"cpuSeconds":3600,"openFiles":256,"coreBytes":0,"bwrap":"/usr/bin/bwrap"}}\n',
      'driver',
    );
    expect(lines[0]).toMatchObject({
      sandbox: { mode: 'bwrap', maxMemoryBytes: 4294967296, cpuSeconds: 3600, scratchBytes: 67108864 },
    });
  });

  it('keeps an off or unavailable sandbox with its reason, and accepts a driver without one', () => {
    const off = parseDriverOutput(
      `${INFO_START},"sandbox":{"mode":"off","requested":"off","network":"host","filesystem":"host","reason":"--no-sandbox"}}\n`,
      'driver',
    );
    expect(off.lines[0]).toMatchObject({ sandbox: { mode: 'off', reason: '--no-sandbox' } });
    const old = parseDriverOutput(`${INFO_START}}\n`, 'driver');
    expect(old.lines[0]).not.toHaveProperty('sandbox');
  });

  it('refuses a mode it does not know (PROTOCOL)', () => {
    expect(() => parseDriverOutput(`${INFO_START},"sandbox":{"mode":"docker"}}\n`, 'driver')).toThrow(TimingError);
  });
});
