import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { crash, fail, FakeRunner, hang, ok, perCall, PMU, TSC, type Responder } from '../test/support/fake-runner.js';
import { measureOperation, type MeasureOperationOptions, type MeasureProgress } from './measure-operation.js';
import { readDriverInfo } from './read-driver-info.js';

// The seed's litchi_512 at 65536 B on its 2.1 GHz host: a cold call of 987.5 µs plans 5 × 1013;
// steady calls take 986 µs = 2070600 cycles at 2.1 GHz.
const COLD_CALL = ok({ seconds: 0.0009875, ticks: 2073750 });
const STEADY = perCall(0.000986, 2070600, { cpu: 1 });
const BASE: Omit<MeasureOperationOptions, 'runner'> = {
  library: '/runs/lib/hash-15/liblitchi_512.so',
  digestBits: 512,
  messageBytes: 65536,
  options: { trialTargetSeconds: 1 },
  cpu: 1,
};

const measure = (responders: Responder[], extra: Partial<MeasureOperationOptions> = {}) => {
  const runner = new FakeRunner(responders);
  return { runner, result: measureOperation({ ...BASE, runner, ...extra }) };
};

describe('measureOperation with a complete run', () => {
  it('calibrates with one cold call, plans 5 × 1013 and assembles the record fields', async () => {
    const events: MeasureProgress[] = [];
    const { runner, result } = measure([COLD_CALL, STEADY], { onProgress: (event) => events.push(event) });
    const measured = await result;

    expect(Object.keys(measured)).toEqual([
      'status',
      'plan',
      'counter',
      'pinning',
      'hostProblems',
      'startedUtc',
      'endedUtc',
      'loadAverageStart',
      'loadAverageEnd',
      'calibration',
      'processes',
      'derived',
      'disturbedRetries',
    ]);
    expect(measured.status).toBe('complete');
    expect(measured.plan).toEqual({
      trialTargetSeconds: 1,
      budgetSeconds: 900,
      calibrationSeconds: 0.0009875,
      iterationsPerTrial: 1013,
      warmups: 3,
      // The fake driver reports no warm check, so the plan uses the cold call as guide §3.4 says.
      warmCallSeconds: null,
      planCallSeconds: 0.0009875,
      calibrationBasis: 'first-call',
      trials: 5,
      estimatedSeconds: expect.closeTo(5.0165, 10),
      timeoutPerProcessSeconds: 60,
      scope: 'loop',
      message: 'rule',
      alignmentOffsetBytes: 0,
      addressLayout: 'randomized',
      onContextSwitch: 'rerun-until-futile',
      coreClockHz: null,
    });
    // Calibration: 1 iteration, no warm-up, budget as timeout; trials: planned figures, pinned to CPU 1.
    expect(runner.calls[0]).toEqual({
      library: BASE.library,
      digestBits: 512,
      messageBytes: 65536,
      iterations: 1,
      warmups: 0,
      timeoutSeconds: 900,
      cpu: 1,
      warmCheckCalls: 100,
    });
    expect(runner.calls).toHaveLength(6);
    // Trials reuse the counter the calibration process chose, without probing its rate again.
    for (const call of runner.calls.slice(1)) {
      expect(call).toMatchObject({
        iterations: 1013,
        warmups: 3,
        timeoutSeconds: 60,
        cpu: 1,
        counter: 'tsc',
        skipRateProbe: true,
      });
    }

    expect(measured.processes).toHaveLength(5);
    expect(measured.processes[0]).toMatchObject({
      command: [
        '/opt/ngcc/ngcc-perf-driver',
        'time',
        BASE.library,
        '512',
        '65536',
        '1013',
        '3',
        '--counter',
        'tsc',
        '--no-rate-probe',
        '--cpu',
        '1',
      ],
      cpu: 1,
      exitCode: 0,
      attempts: 1,
      baselineRssBytes: 1437696,
      peakRssBytes: 1503232,
      trial: {
        iterations: 1013,
        seconds: expect.closeTo(0.998818, 9),
        ticks: 2097517800,
        involuntarySwitches: 0,
        voluntarySwitches: 0,
        cpuAfter: 1,
      },
    });
    expect(measured.processes[0]).not.toHaveProperty('disturbedReasons');
    // Σ ticks / Σ seconds = 2070600 / 0.000986 = 2.1 GHz: the TSC's rate.
    expect(measured.counter).toEqual({ ...TSC, hz: expect.closeTo(2.1e9, 0) });
    expect(measured.derived).toMatchObject({
      n: 5065,
      meanCycles: 2070600,
      meanSeconds: expect.closeTo(0.000986, 12),
      cyclesPerByte: expect.closeTo(31.59, 2),
      megabytesPerSecond: expect.closeTo(65536 / 0.000986 / 1e6, 9),
      sdTrialCycles: 0,
      peakRssBytes: 1503232,
      // Five equal trials: no spread, an interval of zero width, no outlier, nothing to warn about.
      cv: 0,
      ciLowCycles: 2070600,
      ciHighCycles: 2070600,
      outlierTrials: [],
      perCall: null,
      warnings: [],
    });
    expect(measured.disturbedRetries).toBe(0);
    expect(measured.loadAverageStart).toHaveLength(3);
    expect(Date.parse(measured.endedUtc)).toBeGreaterThanOrEqual(Date.parse(measured.startedUtc));
    expect(events.map((e) => `${e.phase}${e.trial}`)).toEqual([
      'calibration0',
      'trial1',
      'trial2',
      'trial3',
      'trial4',
      'trial5',
    ]);
  });

  it('times a batch of 100 when one call is under 1 µs, and divides', async () => {
    // 0.4 µs for one call is below the clock's useful resolution; 100 calls take 40 µs → t1 = 0.4 µs.
    const { runner, result } = measure(
      [ok({ seconds: 4e-7, ticks: 840 }), ok({ seconds: 4e-5, ticks: 84000 }), perCall(4e-7, 840)],
      {
        messageBytes: 32,
      },
    );
    const measured = await result;
    expect(runner.calls.slice(0, 2).map((c) => c.iterations)).toEqual([1, 100]);
    expect(measured.plan?.calibrationSeconds).toBeCloseTo(4e-7, 15);
    expect(measured.plan?.iterationsPerTrial).toBe(20000);
    expect(measured.derived?.n).toBe(100000);
  });

  it('runs a fixed iteration count when asked, and no CPU option when asked to run unpinned (cpu: null)', async () => {
    const { runner, result } = measure([COLD_CALL, STEADY], {
      options: { iterationsPerTrial: 50, trials: 2 },
      cpu: null,
    });
    const measured = await result;
    expect(measured.plan).toMatchObject({ iterationsPerTrial: 50, trials: 2, trialTargetSeconds: 1 });
    expect(runner.calls.map((c) => c.cpu)).toEqual([undefined, undefined, undefined]);
    expect(measured.derived?.n).toBe(100);
  });
});

describe('measureOperation when the library fails', () => {
  it('keeps the trials measured before a crash and stops there', async () => {
    const { runner, result } = measure([COLD_CALL, STEADY, STEADY, crash('SIGSEGV'), STEADY]);
    const measured = await result;
    expect(measured.status).toBe('failed');
    expect(measured.failure).toBe('trial 3 of 5: CRASH — the driver died of SIGSEGV inside the library');
    expect(runner.calls).toHaveLength(4);
    expect(measured.processes.map((p) => p.failure?.code ?? 'ok')).toEqual(['ok', 'ok', 'CRASH']);
    expect(measured.processes[2]).toMatchObject({ exitCode: null, trial: null });
    expect(measured.derived?.n).toBe(2026); // 2 × 1013 completed calls
    expect(measured.counter?.hz).toBeCloseTo(2.1e9, 0);
  });

  it('reports a non-zero exit at calibration with no plan and no trials', async () => {
    const { runner, result } = measure([fail(5, 'LOADFAIL', 'dlopen: undefined symbol: CryptHash')]);
    const measured = await result;
    expect(runner.calls).toHaveLength(1);
    expect(measured).toMatchObject({
      status: 'failed',
      failure: 'calibration: LOADFAIL — exit code 5: dlopen: undefined symbol: CryptHash',
      plan: null,
      counter: null,
      processes: [],
      derived: null,
      disturbedRetries: 0,
    });
    expect(measured.calibration).toMatchObject({ exitCode: 5, trial: null, failure: { code: 'LOADFAIL' } });
    expect(Object.keys(measured).slice(0, 4)).toEqual(['status', 'failure', 'plan', 'counter']);
  });

  it('reports a timeout of the first trial as data', async () => {
    const measured = await measure([COLD_CALL, hang()]).result;
    expect(measured.status).toBe('failed');
    expect(measured.failure).toBe(
      'trial 1 of 5: TIMEOUT — killed after 60.0 s without finishing (per-process timeout)',
    );
    expect(measured.derived).toBeNull();
    expect(measured.counter).toEqual({ ...TSC, hz: null }); // named by the meta lines, no completed trial to rate it
  });
});

describe('measureOperation with disturbed trials', () => {
  const SLOW_PMU = perCall(0.000986, 1500000, { counter: PMU }); // 1.52 GHz < 0.95 × 2.1 GHz
  const FAST_PMU = perCall(0.000986, 2070600, { counter: PMU }); // 2.1 GHz

  it('reruns a core-cycles trial below 95 % of the core clock, at most 3 attempts, and counts the retries', async () => {
    const responders = [COLD_CALL, FAST_PMU, SLOW_PMU, FAST_PMU, FAST_PMU, SLOW_PMU, SLOW_PMU, SLOW_PMU, FAST_PMU];
    const { runner, result } = measure(responders, { coreClockHz: 2.1e9 });
    const measured = await result;
    expect(runner.calls).toHaveLength(9);
    expect(measured.processes.map((p) => p.attempts)).toEqual([1, 2, 1, 3, 1]);
    expect(measured.processes[3]).toMatchObject({ disturbed: true, rerunStopped: 'max-attempts' }); // third slow attempt kept
    expect(measured.processes[3]?.discardedAttempts?.map((a) => a.attempt)).toEqual([1, 2]);
    expect(measured.processes[1]?.discardedAttempts?.[0]?.disturbedReasons).toEqual([
      { code: 'slow-clock', message: 'ran at 1521 MHz, below 95 % of the 2100 MHz core clock', rerun: true },
    ]);
    expect(measured.disturbedRetries).toBe(3);
    expect(measured.plan?.coreClockHz).toBe(2.1e9);
    expect(measured.derived?.warnings).toContain(
      'trial 4 was kept although disturbed (slow-clock): all 3 attempts were disturbed',
    );
    expect(measured.status).toBe('complete');
  });

  it('never reruns for the clock with a fixed-rate counter (TSC ticks do not slow down)', async () => {
    const { runner, result } = measure([COLD_CALL, perCall(0.000986, 1500000)], { coreClockHz: 2.1e9 });
    expect((await result).disturbedRetries).toBe(0);
    expect(runner.calls).toHaveLength(6);
  });
});

describe('measureOperation arguments', () => {
  const saved = process.env.NGCC_PERF_DRIVER;
  beforeEach(() => {
    delete process.env.NGCC_PERF_DRIVER;
  });
  afterEach(() => {
    process.env.NGCC_PERF_DRIVER = saved;
  });

  it('says DRIVER_NOT_FOUND for a driverPath that is not there', async () => {
    await expect(measureOperation({ ...BASE, driverPath: '/nonexistent/ngcc-perf-driver' })).rejects.toMatchObject({
      code: 'DRIVER_NOT_FOUND',
      name: 'TimingError',
    });
    await expect(readDriverInfo({ driverPath: '/nonexistent/ngcc-perf-driver' })).rejects.toThrow(
      /No executable driver at \/nonexistent/,
    );
  });

  it('takes the driver from @ngcc-perf/native without driverPath or NGCC_PERF_DRIVER (the checkout build here)', async () => {
    process.env.NGCC_PERF_DRIVER = '/nonexistent/ngcc-perf-driver';
    await expect(readDriverInfo()).rejects.toMatchObject({ name: 'NativeError', code: 'DRIVER_NOT_FOUND' });
    delete process.env.NGCC_PERF_DRIVER;
    await expect(readDriverInfo()).resolves.toMatchObject({ driver: expect.any(String) });
  });

  it('rejects impossible options before starting any process', async () => {
    const runner = new FakeRunner([COLD_CALL]);
    await expect(measureOperation({ ...BASE, runner, messageBytes: -1 })).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
    });
    await expect(measureOperation({ ...BASE, runner, options: { trials: 0 } })).rejects.toThrow(/trials is 0/);
    expect(runner.calls).toHaveLength(0);
  });

  it('reads the driver info through the injected runner', async () => {
    await expect(readDriverInfo({ runner: new FakeRunner([]) })).resolves.toEqual({
      driver: '0.1.0',
      arch: 'x86_64',
      pageBytes: 4096,
      counter: TSC,
    });
  });
});
