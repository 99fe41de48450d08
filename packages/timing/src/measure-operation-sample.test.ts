import { describe, expect, it } from '@jest/globals';
import { crash, FakeRunner, ok, perCall, type Responder } from '../test/support/fake-runner.js';
import { measureOperation, PER_CALL_SAMPLE_CALLS, type MeasureOperationOptions } from './measure-operation.js';
import type { PerCallFigures } from './trial-types.js';

// A cold call of 987.5 µs plans 5 × 1013 at a 1 s target (see measure-operation.test.ts); steady
// calls take 986 µs = 2070600 ticks.
const COLD_CALL = ok({ seconds: 0.0009875, ticks: 2073750 });
const STEADY = perCall(0.000986, 2070600, { cpu: 1 });
const FIGURES: PerCallFigures = {
  count: 1013,
  rawMedianTicks: 2070640,
  rawQ1Ticks: 2070200,
  rawQ3Ticks: 2071100,
  rawMinTicks: 2069900,
  overheadTicks: 40,
  medianTicks: 2070600,
  q1Ticks: 2070160,
  q3Ticks: 2071060,
};
const SAMPLE = perCall(0.000986, 2070600, { cpu: 1, perCall: FIGURES });
const BASE: Omit<MeasureOperationOptions, 'runner'> = {
  library: '/runs/lib/hash-15/liblitchi_512.so',
  digestBits: 512,
  messageBytes: 65536,
  options: { trialTargetSeconds: 1 },
  cpu: 1,
};
const measure = async (responders: Responder[], extra: Partial<MeasureOperationOptions> = {}) => {
  const runner = new FakeRunner(responders);
  return { runner, measured: await measureOperation({ ...BASE, runner, ...extra }) };
};

describe('measureOperation with a per-call sample', () => {
  it('runs one per-call process of min(iterations, 2001) calls after the loop-scope trials', async () => {
    const { runner, measured } = await measure([COLD_CALL, STEADY, STEADY, STEADY, STEADY, STEADY, SAMPLE], {
      perCallSample: true,
    });
    expect(runner.calls).toHaveLength(7);
    expect(runner.calls[6]).toMatchObject({
      scope: 'per-call',
      iterations: 1013,
      warmups: 3,
      counter: 'tsc',
      skipRateProbe: true,
      cpu: 1,
    });
    expect(measured.status).toBe('complete');
    expect(Object.keys(measured)).toContain('perCallSample');
    expect(measured.perCallSample?.trial?.perCall).toEqual(FIGURES);
    // The quartiles are the sample's own; the loop-scope figures come from the 5 trials alone.
    expect(measured.derived?.perCall).toEqual({
      source: 'sample',
      calls: 1013,
      medianCycles: 2070600,
      q1Cycles: 2070160,
      q3Cycles: 2071060,
      rawMedianCycles: 2070640,
      rawMinCycles: 2069900,
      overheadCycles: 40,
    });
    expect(measured.derived?.n).toBe(5 * 1013);
  });

  it('caps the sample at 2001 calls for short messages', async () => {
    // 0.4 µs per call plans 20000 iterations per trial; the sample times 2001 of them.
    const { runner } = await measure(
      [
        ok({ seconds: 4e-7, ticks: 840 }),
        ok({ seconds: 4e-5, ticks: 84000 }),
        perCall(4e-7, 840),
        perCall(4e-7, 840),
        perCall(4e-7, 840),
        perCall(4e-7, 840),
        perCall(4e-7, 840),
        perCall(4e-7, 840, { perCall: { ...FIGURES, count: 2001 } }),
      ],
      { messageBytes: 32, perCallSample: true },
    );
    expect(PER_CALL_SAMPLE_CALLS).toBe(2001);
    expect(runner.calls.at(-1)).toMatchObject({ scope: 'per-call', iterations: 2001 });
  });

  it('makes no sample without the option, nor for per-call-scope trials', async () => {
    const plain = await measure([COLD_CALL, STEADY]);
    expect(plain.runner.calls).toHaveLength(6);
    expect(plain.measured).not.toHaveProperty('perCallSample');
    const perCallScope = await measure([COLD_CALL, SAMPLE], { scope: 'per-call', perCallSample: true });
    expect(perCallScope.runner.calls).toHaveLength(6);
    expect(perCallScope.measured.derived?.perCall?.source).toBe('trials');
  });

  it('keeps the five trials when the sample process crashes, and says so in the failure', async () => {
    const { measured } = await measure([COLD_CALL, STEADY, STEADY, STEADY, STEADY, STEADY, crash('SIGSEGV')], {
      perCallSample: true,
    });
    expect(measured.status).toBe('failed');
    expect(measured.failure).toMatch(/^per-call sample: CRASH — /);
    expect(measured.processes).toHaveLength(5);
    expect(measured.derived?.n).toBe(5 * 1013);
    expect(measured.derived?.perCall).toBeNull();
  });

  it('records, but never reruns, a disturbed sample', async () => {
    const preemptedSample = perCall(0.000986, 2070600, { cpu: 1, perCall: FIGURES, involuntarySwitches: 2 });
    const { runner, measured } = await measure([COLD_CALL, STEADY, STEADY, STEADY, STEADY, STEADY, preemptedSample], {
      perCallSample: true,
      onContextSwitch: 'rerun',
    });
    expect(runner.calls).toHaveLength(7);
    expect(measured.perCallSample?.disturbedReasons).toEqual([
      { code: 'context-switch', message: 'preempted 2 time(s) during the loop', rerun: false },
    ]);
  });
});

describe('measureOperation and the run delay', () => {
  it('keeps a preempted trial whose wait for a CPU stayed within 0.5 % of its loop', async () => {
    // 1013 × 986 µs = 0.998818 s of loop; 3 ms of waiting is 0.30 %: flagged, not rerun.
    const briefly = perCall(0.000986, 2070600, { cpu: 1, involuntarySwitches: 4, runDelayNs: 3_000_000 });
    const { runner, measured } = await measure([COLD_CALL, briefly, STEADY], { onContextSwitch: 'rerun' });
    expect(runner.calls).toHaveLength(6);
    expect(measured.disturbedRetries).toBe(0);
    expect(measured.processes[0]?.trial?.runDelayNs).toBe(3_000_000);
    expect(measured.processes[0]?.disturbedReasons?.[0]?.rerun).toBe(false);
  });

  it('reruns a preempted trial that waited 1 % of its loop', async () => {
    const long = perCall(0.000986, 2070600, { cpu: 1, involuntarySwitches: 4, runDelayNs: 10_000_000 });
    const { runner, measured } = await measure([COLD_CALL, long, STEADY], { onContextSwitch: 'rerun' });
    expect(runner.calls).toHaveLength(7);
    expect(measured.disturbedRetries).toBe(1);
    expect(measured.processes[0]?.discardedAttempts?.[0]?.disturbedReasons[0]?.message).toMatch(
      /waiting 10\.000 ms for a CPU \(1\.00 % of the loop\): above the 0\.5 % limit$/,
    );
  });
});
