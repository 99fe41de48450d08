// Runs the real ngcc-perf-driver (native/build, via NGCC_PERF_DRIVER from jest.setup-env.js) on the
// bundled example and test libraries. Skipped when the driver has not been built.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { measureOperation } from '../src/measure-operation.js';
import { readDriverInfo } from '../src/read-driver-info.js';

const driverPath = process.env.NGCC_PERF_DRIVER ?? '';
const nativeBuild = process.env.NGCC_PERF_NATIVE_BUILD ?? path.dirname(driverPath);
const sha512 = path.join(nativeBuild, 'examples', 'libsha512.so');
const xorOk = path.join(nativeBuild, 'testlibs', 'libxor_ok.so');
const exampleLibrary = existsSync(sha512) ? sha512 : xorOk;
const testlib = (name: string) => path.join(nativeBuild, 'testlibs', `lib${name}.so`);
const pinnedCpu = os.cpus().length - 1;
const describeWithDriver = existsSync(driverPath) ? describe : describe.skip;

describeWithDriver('the real driver', () => {
  it('names its counter; without a PMU (this VM) it is a fixed-rate counter', async () => {
    const info = await readDriverInfo();
    expect(info.pageBytes).toBe(4096);
    expect(info.counter.kind).toBe(info.counter.name === 'pmu-cycles' ? 'core-cycles' : 'fixed-rate');
    if (info.counter.reason?.includes('perf_event_open')) {
      expect(info.counter.kind).toBe('fixed-rate');
      expect(info.counter.name).toBe(os.arch() === 'arm64' ? 'cntvct' : 'tsc');
    }
  });

  it(`measures ${path.basename(exampleLibrary)} at 64 B: 5 pinned processes, n ≥ 100, ticks > 0`, async () => {
    const measured = await measureOperation({
      library: exampleLibrary,
      digestBits: 512,
      messageBytes: 64,
      options: { trialTargetSeconds: 0.02 },
      cpu: pinnedCpu,
      onContextSwitch: 'flag', // preemptions never rerun; a migration still does (seen under load)
    });
    expect(measured.status).toBe('complete');
    expect(measured.processes).toHaveLength(5);
    for (const process of measured.processes) {
      expect(process).toMatchObject({ exitCode: 0, cpu: pinnedCpu });
      // Each extra attempt replaced one that had a disturbance the policy reruns for.
      expect(process.attempts).toBeLessThanOrEqual(3);
      expect(process.discardedAttempts ?? []).toHaveLength(process.attempts - 1);
      for (const discarded of process.discardedAttempts ?? [])
        expect(discarded.disturbedReasons.some((r) => r.rerun)).toBe(true);
      expect(process.command.slice(-2)).toEqual(['--cpu', String(pinnedCpu)]);
      // Only the calibration process probed the counters' rates; the trials reuse its choice.
      expect(process.command.slice(-5, -2)).toEqual(['--counter', measured.counter?.name, '--no-rate-probe']);
      expect(process.trial?.iterations).toBe(measured.plan?.iterationsPerTrial);
    }
    expect(measured.counter?.name).toMatch(/^(pmu-cycles|tsc|cntvct|clock)$/);
    expect(measured.counter?.kind).toBe(measured.counter?.name === 'pmu-cycles' ? 'core-cycles' : 'fixed-rate');
    // A counter's rate: TSC/PMU in the GHz range, CNTVCT tens of MHz, the clock 1 GHz (ns).
    expect(measured.counter?.hz).toBeGreaterThan(1e6);
    expect(measured.derived?.n).toBeGreaterThanOrEqual(100);
    expect(measured.derived?.meanCycles).toBeGreaterThan(0);
    expect(measured.derived?.peakRssBytes).toBeGreaterThanOrEqual(measured.derived?.baselineRssBytes ?? Infinity);
    expect(measured.plan).toMatchObject({ trialTargetSeconds: 0.02, trials: 5, warmups: 3 });
  });

  it('keeps the JSON stream clean when a library prints on stdout (libchatty)', async () => {
    const measured = await measureOperation({
      library: testlib('chatty'),
      digestBits: 256,
      messageBytes: 8,
      options: { iterationsPerTrial: 20, trials: 5 },
    });
    expect(measured.status).toBe('complete');
    expect(measured.derived?.n).toBe(100);
  });

  it.each([
    ['segv', 'CRASH', 8],
    ['segv_late', 'CRASH', 13],
    ['no_symbol', 'LOADFAIL', 8],
    ['ret_fail', 'CRYPTOFAIL', 13],
    ['overflow', 'OVERFLOW', 8],
  ])('turns lib%s into a failed measurement with code %s', async (name, code, messageBytes) => {
    const measured = await measureOperation({
      library: testlib(name),
      digestBits: 256,
      messageBytes,
      options: { trialTargetSeconds: 0.01 },
    });
    expect(measured.status).toBe('failed');
    expect(measured.calibration.failure?.code).toBe(code);
    expect(measured.failure).toMatch(new RegExp(`^calibration: ${code} — `));
    expect(measured.processes).toEqual([]);
  });
});
