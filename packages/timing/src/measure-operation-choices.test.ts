import { describe, expect, it } from '@jest/globals';
import { crash, FakeRunner, ok, perCall, unknownOption, type Responder } from '../test/support/fake-runner.js';
import { measureOperation, type MeasureOperationOptions } from './measure-operation.js';
import { planOperation } from './plan-operation.js';
import type { PerCallFigures } from './trial-types.js';

const COLD_CALL = ok({ seconds: 0.0009875, ticks: 2073750 });
const BASE: Omit<MeasureOperationOptions, 'runner'> = {
  library: 'lib/liblitchi_512.so',
  digestBits: 512,
  messageBytes: 65536,
  cpu: 1,
  options: { iterationsPerTrial: 100 },
};
const PER_CALL: PerCallFigures = {
  count: 100,
  rawMedianTicks: 2070640,
  rawQ1Ticks: 2070200,
  rawQ3Ticks: 2071100,
  rawMinTicks: 2069900,
  overheadTicks: 40,
  medianTicks: 2070600,
  q1Ticks: 2070160,
  q3Ticks: 2071060,
};
const run = (responders: Responder[], extra: Partial<MeasureOperationOptions> = {}) => {
  const runner = new FakeRunner(responders);
  return { runner, result: measureOperation({ ...BASE, runner, ...extra }) };
};

describe('scope', () => {
  it('passes --scope per-call to the trials (not to calibration), keeps plan.scope and aggregates perCall', async () => {
    const { runner, result } = run([COLD_CALL, perCall(0.000986, 2070600, { cpu: 1, perCall: PER_CALL })], {
      scope: 'per-call',
    });
    const measured = await result;
    expect(runner.calls[0]).not.toHaveProperty('scope');
    expect(runner.calls[1]).toMatchObject({ scope: 'per-call', iterations: 100 });
    expect(measured.processes[0]?.command.slice(-4)).toEqual(['--cpu', '1', '--scope', 'per-call']);
    expect(measured.plan?.scope).toBe('per-call');
    expect(measured.processes[0]?.trial?.perCall).toEqual(PER_CALL);
    expect(measured.derived?.perCall).toEqual({
      source: 'trials',
      calls: 500,
      medianCycles: 2070600,
      q1Cycles: 2070160,
      q3Cycles: 2071060,
      rawMedianCycles: 2070640,
      rawMinCycles: 2069900,
      overheadCycles: 40,
    });
  });

  it('says DRIVER_UNSUPPORTED when the driver refuses --scope, or ignores it', async () => {
    await expect(run([COLD_CALL, unknownOption('--scope')], { scope: 'per-call' }).result).rejects.toMatchObject({
      code: 'DRIVER_UNSUPPORTED',
    });
    await expect(run([COLD_CALL, unknownOption('--scope')], { scope: 'per-call' }).result).rejects.toThrow(
      /unknown option "--scope".*npm run build/,
    );
    await expect(run([COLD_CALL, perCall(0.000986, 2070600)], { scope: 'per-call' }).result).rejects.toThrow(
      /without "perCall"/,
    );
  });

  it('refuses more than 1000000 calls per per-call trial before starting a process (INVALID_OPTIONS)', async () => {
    const { runner, result } = run([COLD_CALL], { scope: 'per-call', options: { iterationsPerTrial: 1_000_001 } });
    await expect(result).rejects.toThrow(/at most 1000000 calls per trial/);
    expect(runner.calls).toHaveLength(0);
  });

  it('writes no --scope for the loop scope, so older drivers keep working', async () => {
    const { runner, result } = run([COLD_CALL, perCall(0.000986, 2070600, { cpu: 1 })], { scope: 'loop' });
    await result;
    expect(runner.calls.every((call) => !('scope' in call))).toBe(true);
  });
});

describe('messages', () => {
  it('accepts any length from 0 to 16 MiB and refuses 16 MiB + 1 (INVALID_OPTIONS)', async () => {
    await expect(
      run([COLD_CALL, perCall(0.000986, 2070600)], { messageBytes: 16 * 1024 * 1024 }).result,
    ).resolves.toMatchObject({ status: 'complete' });
    await expect(run([COLD_CALL, perCall(0.000986, 2070600)], { messageBytes: 0 }).result).resolves.toMatchObject({
      status: 'complete',
    });
    const { runner, result } = run([COLD_CALL], { messageBytes: 16 * 1024 * 1024 + 1 });
    await expect(result).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
    await expect(run([COLD_CALL], { messageBytes: 16777217 }).result).rejects.toThrow(
      /messageBytes is 16777217; it must be an integer from 0 to 16777216 \(16 MiB\)/,
    );
    expect(runner.calls).toHaveLength(0);
  });

  it('passes --message random and --offset N to every trial, and keeps them in the plan', async () => {
    const { runner, result } = run([COLD_CALL, perCall(0.000986, 2070600, { cpu: 1 })], {
      message: 'random',
      alignmentOffsetBytes: 8,
    });
    const measured = await result;
    expect(runner.calls[1]).toMatchObject({ message: 'random', alignmentOffsetBytes: 8 });
    expect(measured.processes[0]?.command.join(' ')).toContain('--message random --offset 8');
    expect(measured.plan).toMatchObject({ message: 'random', alignmentOffsetBytes: 8 });
  });

  it('addressLayout fixed: --fixed-layout for the calibration and every trial, kept in the plan (default randomized, not written)', async () => {
    const { runner, result } = run([COLD_CALL, perCall(0.000986, 2070600, { cpu: 1 })], { addressLayout: 'fixed' });
    const measured = await result;
    expect(runner.calls.map((call) => call.fixedAddressLayout)).toEqual(runner.calls.map(() => true));
    expect(measured.processes[0]?.command).toContain('--fixed-layout');
    expect(measured.plan).toMatchObject({ addressLayout: 'fixed' });
    const plain = await run([COLD_CALL, perCall(0.000986, 2070600, { cpu: 1 })]).result;
    expect(plain.plan).toMatchObject({ addressLayout: 'randomized' });
    expect(plain.processes[0]?.command).not.toContain('--fixed-layout');
  });

  it('says DRIVER_UNSUPPORTED when an older driver refuses --message', async () => {
    await expect(run([COLD_CALL, unknownOption('--message')], { message: 'random' }).result).rejects.toMatchObject({
      code: 'DRIVER_UNSUPPORTED',
    });
  });

  it('accepts the defaults spelled out, and refuses an offset beyond 63 or an unknown value (INVALID_OPTIONS)', async () => {
    const measured = await run([COLD_CALL, perCall(0.000986, 2070600)], { message: 'rule', alignmentOffsetBytes: 0 })
      .result;
    expect(measured.plan).toMatchObject({ message: 'rule', alignmentOffsetBytes: 0 });
    await expect(run([COLD_CALL], { alignmentOffsetBytes: 64 }).result).rejects.toThrow(
      /alignmentOffsetBytes is 64; it must be an integer from 0 to 63/,
    );
    await expect(run([COLD_CALL], { scope: 'each' as never }).result).rejects.toThrow(/scope is "each"/);
  });

  it('refuses an address layout it does not know before starting a process, instead of running randomized under that name', async () => {
    // Before, "Fixed" passed unchecked: no --fixed-layout reached the driver, and the plan said "Fixed".
    const { runner, result } = run([COLD_CALL], { addressLayout: 'Fixed' as never });
    await expect(result).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
      message: expect.stringContaining('addressLayout is "Fixed"; use "randomized" or "fixed"'),
    });
    expect(runner.calls).toHaveLength(0);
    await expect(
      run([COLD_CALL], { onContextSwitch: 'ignore' as never, message: 'zeros' as never }).result,
    ).rejects.toThrow(
      /message is "zeros"; use "rule" or "random"; onContextSwitch is "ignore"; use "flag", "rerun" or "rerun-until-futile"/,
    );
  });
});

describe('planOperation', () => {
  it('calibrates and plans without running a trial, and estimates the wall time with process start-up', async () => {
    // The calibration process took 0.0029875 s on the wall for 0.0009875 s of call: 2 ms of start-up per process.
    const runner = new FakeRunner([COLD_CALL]);
    const planned = await planOperation({ ...BASE, runner, options: { trialTargetSeconds: 1 } });
    expect(runner.calls).toHaveLength(1);
    expect(planned.status).toBe('planned');
    expect(planned.plan).toMatchObject({
      iterationsPerTrial: 1013,
      warmups: 3,
      trials: 5,
      timeoutPerProcessSeconds: 60,
    });
    expect(planned.plan?.estimatedSeconds).toBeCloseTo(5.0165, 10);
    if (planned.status === 'planned') expect(planned.estimatedWallSeconds).toBeCloseTo(5.0165 + 5 * 0.002, 10);
  });

  it('reports a crashed calibration as data, with no plan', async () => {
    const planned = await planOperation({ ...BASE, runner: new FakeRunner([crash('SIGSEGV')]) });
    expect(planned).toMatchObject({
      status: 'failed',
      plan: null,
      failure: 'calibration: CRASH — the driver died of SIGSEGV inside the library',
    });
  });
});
