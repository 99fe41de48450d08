import { describe, expect, it } from '@jest/globals';
import { FakeRunner, ok, perCall, TSC } from '../test/support/fake-runner.js';
import { measureOperation } from './measure-operation.js';
import { calibrate, FIRST_CALL_SETUP_RATIO } from './calibrate.js';
import { planOperation } from './plan-operation.js';

// OpenSSL's EVP SHA-512 at 16384 B on this VM: the first call fetched the provider, 1.89 ms;
// the 100 calls after it took 3.2 ms, 32 µs each (driver `time … 1 0 --warm-check 100`).
const OPENSSL_COLD = ok({
  seconds: 0.00189,
  ticks: 4_621_000,
  warmCheck: { iterations: 100, seconds: 0.0032, ticks: 7_825_000 },
});
// The seed's litchi_512 at 65536 B: cold 987.5 µs, warm 986 µs — no set-up to speak of.
const LITCHI_COLD = ok({
  seconds: 0.0009875,
  ticks: 2_073_750,
  warmCheck: { iterations: 10, seconds: 0.00986, ticks: 20_706_000 },
});
const BASE = { library: 'lib/libossl.so', digestBits: 512, messageBytes: 16384, cpu: 1 };

describe('calibrate with a warm check', () => {
  it('asks the cold-call process for up to 100 warm calls and keeps both figures', async () => {
    const runner = new FakeRunner([OPENSSL_COLD]);
    const result = await calibrate({ ...BASE, runner });
    expect(runner.calls[0]).toMatchObject({ iterations: 1, warmups: 0, warmCheckCalls: 100 });
    expect(result).toMatchObject({
      status: 'complete',
      calibrationSeconds: 0.00189,
      warmCallSeconds: 0.000032,
      planCallSeconds: 0.000032,
      basis: 'warm-calls',
    });
  });

  it('plans from the cold call when it is at most twice a warm one (guide §3.4 as written)', async () => {
    const result = await calibrate({ ...BASE, runner: new FakeRunner([LITCHI_COLD]) });
    expect(FIRST_CALL_SETUP_RATIO).toBe(2);
    expect(result).toMatchObject({
      calibrationSeconds: 0.0009875,
      warmCallSeconds: expect.closeTo(0.000986, 15),
      planCallSeconds: 0.0009875,
      basis: 'first-call',
    });
  });

  it('takes the cold call alone from a driver that reports no warm check', async () => {
    const result = await calibrate({ ...BASE, runner: new FakeRunner([ok({ seconds: 0.00189, ticks: 4_621_000 })]) });
    expect(result).toMatchObject({ planCallSeconds: 0.00189, basis: 'first-call' });
    expect(result).not.toHaveProperty('warmCallSeconds');
  });
});

describe('planOperation after a first call that did set-up', () => {
  it('sizes the trials from the warm calls: 20000 (capped) instead of 530 calls of 32 µs, 17 ms trials', async () => {
    const planned = await planOperation({
      ...BASE,
      runner: new FakeRunner([OPENSSL_COLD]),
      options: { trialTargetSeconds: 1 },
    });
    if (planned.status !== 'planned') throw new Error('expected a plan');
    // From the cold call: ⌈1 / 0.00189⌉ = 530 iterations, 530 × 32 µs = 17 ms per trial.
    // The fake process took 2 ms besides its calls; the 3.2 ms warm check is not start-up a trial repeats.
    expect(
      planned.status === 'planned' ? planned.estimatedWallSeconds - planned.plan.estimatedSeconds : null,
    ).toBeCloseTo(5 * 0.002, 9);
    expect(planned.plan).toMatchObject({
      calibrationSeconds: 0.00189,
      warmCallSeconds: 0.000032,
      planCallSeconds: 0.000032,
      calibrationBasis: 'warm-calls',
      iterationsPerTrial: 20000,
      warmups: 3,
      // 5 × (20003 × 32 µs + the 1.858 ms of set-up each process pays again).
      estimatedSeconds: expect.closeTo(5 * (20003 * 0.000032 + 0.001858), 9),
      timeoutPerProcessSeconds: 60,
    });
  });

  it('keeps the SPEC plan for the seed case (5 × 1013 from the cold call)', async () => {
    const planned = await planOperation({
      ...BASE,
      messageBytes: 65536,
      runner: new FakeRunner([LITCHI_COLD, perCall(0.000986, 2070600)]),
      options: { trialTargetSeconds: 1 },
    });
    expect(planned.plan).toMatchObject({ iterationsPerTrial: 1013, calibrationBasis: 'first-call' });
  });

  it('gives a trial process time for its set-up: timeout ≥ 10 × (set-up + calls)', async () => {
    // A 90 s first call (a table built once), 1 ms calls afterwards: 1000 calls of 1 ms per trial.
    const slowSetUp = ok({ seconds: 90, ticks: 1, warmCheck: { iterations: 10, seconds: 0.01, ticks: 1 } });
    const planned = await planOperation({
      ...BASE,
      runner: new FakeRunner([slowSetUp]),
      options: { trialTargetSeconds: 1 },
    });
    expect(planned.plan).toMatchObject({ iterationsPerTrial: 1000, calibrationBasis: 'warm-calls' });
    expect(planned.plan?.timeoutPerProcessSeconds).toBeCloseTo(10 * (90 - 0.001 + 1003 * 0.001), 6);
  });
});

describe('after the first calibration process', () => {
  it('keeps the rate-probed meta of the first process when a batch gives the figure', async () => {
    const probed = { ...TSC, hz: 2_445_401_973 };
    const batch = {
      ...TSC,
      reason:
        "selected with --counter tsc; rate not probed (--no-rate-probe): ticks per second = the trial's ticks / its nanoseconds",
    };
    const runner = new FakeRunner([
      ok({ seconds: 4e-7, ticks: 980, counter: probed }),
      ok({ seconds: 4e-5, ticks: 98_000, counter: batch }),
    ]);
    const result = await calibrate({ ...BASE, messageBytes: 32, runner });
    expect(result).toMatchObject({ basis: 'batch', batchIterations: 100 });
    expect(result.meta?.counter).toEqual(probed);
    expect(runner.calls[1]).toMatchObject({ iterations: 100, counter: 'tsc', skipRateProbe: true });
  });

  it('still reruns a disturbed trial when the plan came from warm calls (the budget counts warm calls, not the cold one)', async () => {
    // 2 ms cold, 32 µs warm: 20000 calls ≈ 0.64 s a trial. Counted at the cold rate a trial would
    // "cost" 40 s, over the 30 s budget, and no rerun would ever be allowed.
    const cold = ok({
      seconds: 0.002,
      ticks: 4_890_000,
      warmCheck: { iterations: 100, seconds: 0.0032, ticks: 7_825_000 },
    });
    const migrated = perCall(0.000032, 78_250, { cpu: 1, migrations: 1 });
    const clean = perCall(0.000032, 78_250, { cpu: 1 });
    const measured = await measureOperation({
      ...BASE,
      cpu: 1,
      runner: new FakeRunner([cold, migrated, clean]),
      options: { trialTargetSeconds: 1, budgetSeconds: 30 },
    });
    expect(measured.plan).toMatchObject({ calibrationBasis: 'warm-calls', iterationsPerTrial: 20000 });
    expect(measured.disturbedRetries).toBe(1);
    expect(measured.processes[0]).toMatchObject({ attempts: 2 });
    expect(measured.processes[0]).not.toHaveProperty('rerunStopped');
  });
});
