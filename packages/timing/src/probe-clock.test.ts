import { describe, expect, it } from '@jest/globals';
import { FakeRunner } from '../test/support/fake-runner.js';
import { probeClock } from './probe-clock.js';

const WINDOWS_HZ = [2.4453e9, 2.4454e9, 2.4455e9];

describe('probeClock', () => {
  it("returns the driver's probe, pinned to the CPU asked for", async () => {
    const runner = new FakeRunner([], undefined, {
      counter: 'tsc',
      windowsHz: WINDOWS_HZ,
      medianHz: 2.4454e9,
      iqrHz: 1e5,
      iqrRelative: 1e5 / 2.4454e9,
      steady: true,
      measures: 'counter-rate',
    });
    await expect(probeClock({ runner, cpu: 1 })).resolves.toEqual({
      counter: 'tsc',
      cpu: null,
      windowMs: null,
      windowsHz: WINDOWS_HZ,
      medianHz: 2.4454e9,
      q1Hz: null,
      q3Hz: null,
      iqrHz: 1e5,
      iqrRelative: expect.closeTo(4.0893e-5, 9),
      steady: true,
      measures: 'counter-rate',
      involuntarySwitches: null,
    });
    expect(runner.clockProbeCalls).toEqual([{ cpu: 1, timeoutSeconds: 30 }]);
  });

  it('accepts the counter as an object and no window list', async () => {
    const runner = new FakeRunner([], undefined, {
      counter: { name: 'pmu-cycles', kind: 'core-cycles' },
      medianHz: 2.1e9,
      iqrHz: 2.1e7,
      iqrRelative: 0.01,
      steady: false,
      measures: 'core-clock',
    });
    await expect(probeClock({ runner })).resolves.toMatchObject({
      counter: 'pmu-cycles',
      windowsHz: [],
      steady: false,
      measures: 'core-clock',
    });
  });

  it('tells to rebuild native/ when the driver has no clock-probe (DRIVER_UNSUPPORTED)', async () => {
    const probe = probeClock({ runner: new FakeRunner([]) });
    await expect(probe).rejects.toMatchObject({ code: 'DRIVER_UNSUPPORTED', name: 'TimingError' });
    await expect(probeClock({ runner: new FakeRunner([]) })).rejects.toThrow(/subcommand "clock-probe".*npm run build/);
  });

  it('passes a shorter probe through, and refuses values the driver would refuse (INVALID_OPTIONS)', async () => {
    const runner = new FakeRunner([], undefined, {
      counter: 'tsc',
      medianHz: 1e9,
      iqrHz: 0,
      iqrRelative: 0,
      steady: true,
      measures: 'counter-rate',
    });
    await probeClock({ runner, windows: 5, windowMs: 20 });
    expect(runner.clockProbeCalls).toEqual([{ timeoutSeconds: 30, windows: 5, windowMs: 20 }]);
    await expect(probeClock({ runner, cpu: -1 })).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
    await expect(probeClock({ runner, windows: 1002 })).rejects.toThrow(
      /windows is 1002; it must be an integer from 1 to 1001/,
    );
  });
});
