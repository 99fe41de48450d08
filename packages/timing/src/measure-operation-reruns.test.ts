import { describe, expect, it } from '@jest/globals';
import { FakeRunner, ok, perCall, type Responder } from '../test/support/fake-runner.js';
import { measureOperation, type MeasureOperationOptions } from './measure-operation.js';

// Calibration: one cold call of 987.5 µs. Trials are fixed at 100 iterations + 3 warm-ups, so one
// trial process is estimated at 103 × 0.0009875 = 0.1017125 s; each fake process reports
// 100 × 0.000986 = 0.0986 s of loop and 0.1006 s of wall time.
const COLD_CALL = ok({ seconds: 0.0009875, ticks: 2073750 });
const CLEAN = perCall(0.000986, 2070600, { cpu: 1 });
const PREEMPTED = perCall(0.000986, 2070600, { cpu: 1, involuntarySwitches: 3 });
const BASE: Omit<MeasureOperationOptions, 'runner'> = {
  library: 'lib/liblitchi_512.so',
  digestBits: 512,
  messageBytes: 65536,
  cpu: 1,
  options: { iterationsPerTrial: 100 },
};
const measure = async (responders: Responder[], extra: Partial<MeasureOperationOptions> = {}) => {
  const runner = new FakeRunner(responders);
  const measured = await measureOperation({ ...BASE, runner, ...extra });
  return { runner, measured };
};
const PREEMPTION = 'preempted 3 time(s) during the loop';

describe('migrations', () => {
  it("reruns a trial the driver saw migrate, keeping the discarded attempt's figures and reason", async () => {
    const { runner, measured } = await measure([
      COLD_CALL,
      perCall(0.000986, 2070600, { cpu: 1, migrations: 1 }),
      CLEAN,
    ]);
    expect(runner.calls).toHaveLength(7); // calibration, trial 1 twice, trials 2–5
    expect(measured.disturbedRetries).toBe(1);
    expect(measured.processes[0]?.attempts).toBe(2);
    expect(measured.processes[0]?.trial).not.toHaveProperty('migrations'); // the clean rerun's driver line had none
    expect(measured.processes[0]?.discardedAttempts).toEqual([
      {
        attempt: 1,
        cpu: 1,
        wallSeconds: expect.closeTo(0.1006, 9),
        trial: expect.objectContaining({ migrations: 1, ticks: 207060000 }),
        disturbedReasons: [
          { code: 'migration', message: 'migrated 1 time(s) between CPUs during the loop', rerun: true },
        ],
      },
    ]);
  });

  it('without a migrations count, sees a migration in a loop that ended on another CPU', async () => {
    const { measured } = await measure([COLD_CALL, perCall(0.000986, 2070600, { cpu: 1, cpuAfter: 0 }), CLEAN]);
    expect(measured.processes[0]?.discardedAttempts?.[0]?.disturbedReasons[0]?.message).toBe(
      'started on CPU 1 and ended on CPU 0',
    );
  });
});

describe('context switches', () => {
  it("'flag' never reruns, but records each preemption and sums them up in one warning", async () => {
    const { runner, measured } = await measure([COLD_CALL, PREEMPTED], { onContextSwitch: 'flag' });
    expect(runner.calls).toHaveLength(6);
    expect(measured.disturbedRetries).toBe(0);
    for (const process of measured.processes) {
      expect(process.disturbedReasons).toEqual([{ code: 'context-switch', message: PREEMPTION, rerun: false }]);
      expect(process).not.toHaveProperty('disturbed');
    }
    expect(measured.derived?.warnings).toEqual([
      '5 of 5 trials had involuntary context switches during the timed loop (flagged, not rerun)',
    ]);
  });

  it("'rerun' on a host that always preempts: 3 attempts per trial, 15 processes", async () => {
    const { runner, measured } = await measure([COLD_CALL, PREEMPTED], { onContextSwitch: 'rerun' });
    expect(runner.calls).toHaveLength(16);
    expect(measured.disturbedRetries).toBe(10);
    expect(measured.processes.map((p) => p.rerunStopped)).toEqual(Array(5).fill('max-attempts'));
  });

  it("'rerun-until-futile' (the default) on a host that always preempts: one rerun, then only flags", async () => {
    const { runner, measured } = await measure([COLD_CALL, PREEMPTED]);
    // Trial 1: attempt 1 preempted → rerun; attempt 2 preempted again → futile, kept. Trials 2–5: flagged.
    expect(runner.calls).toHaveLength(7);
    expect(measured.disturbedRetries).toBe(1);
    expect(measured.processes[0]).toMatchObject({
      attempts: 2,
      disturbed: true,
      rerunStopped: 'futile',
      disturbedReasons: [{ code: 'context-switch', message: PREEMPTION, rerun: true }],
    });
    expect(measured.processes.slice(1).map((p) => p.disturbedReasons?.[0]?.rerun)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(measured.derived?.warnings).toEqual([
      'trial 1 was kept although disturbed (context-switch): reruns had proved futile on this host',
      '4 of 5 trials had involuntary context switches during the timed loop (flagged, not rerun)',
    ]);
  });

  it("'rerun-until-futile' on a quiet host: a preempted trial is rerun and the clean attempt kept", async () => {
    const { runner, measured } = await measure([COLD_CALL, PREEMPTED, CLEAN, CLEAN, PREEMPTED, CLEAN, CLEAN]);
    expect(runner.calls).toHaveLength(8);
    expect(measured.processes.map((p) => p.attempts)).toEqual([2, 1, 2, 1, 1]);
    expect(measured.processes.every((p) => p.disturbedReasons === undefined)).toBe(true);
    expect(measured.derived?.warnings).toEqual([]);
  });
});

describe('the budget bounds the reruns', () => {
  it('starts no rerun that would take the trial processes past budgetSeconds', async () => {
    // Budget 0.6 s, 'rerun', always preempted. Wall spent before each decision, + 0.1017125 s estimate:
    // trial 1: 0.1006 → 0.2023 rerun; 0.2012 → 0.3029 rerun; attempt 3 → max-attempts (0.3018 spent);
    // trial 2: 0.4024 → 0.5041 rerun; 0.5030 → 0.6047 > 0.6: kept ('budget'); trials 3–5: kept at once.
    const { runner, measured } = await measure([COLD_CALL, PREEMPTED], {
      onContextSwitch: 'rerun',
      options: { iterationsPerTrial: 100, budgetSeconds: 0.6 },
    });
    expect(measured.processes.map((p) => p.attempts)).toEqual([3, 2, 1, 1, 1]);
    expect(measured.processes.map((p) => p.rerunStopped)).toEqual([
      'max-attempts',
      'budget',
      'budget',
      'budget',
      'budget',
    ]);
    expect(runner.calls).toHaveLength(9); // against 16 without the budget
    const spent = measured.processes.reduce(
      (sum, p) => sum + p.wallSeconds + (p.discardedAttempts ?? []).reduce((s, a) => s + a.wallSeconds, 0),
      0,
    );
    expect(spent).toBeCloseTo(8 * 0.1006, 9);
    expect(measured.derived?.warnings).toContain(
      'trial 2 was kept although disturbed (context-switch): a rerun would have overrun the budget',
    );
  });
});
