import { describe, expect, it } from '@jest/globals';
import { FakeRunner, ok, perCall } from '../test/support/fake-runner.js';
import { defaultMeasuringCpus } from './cpu-affinity.js';
import { measureOperation, type MeasureOperationOptions } from './measure-operation.js';
import { planOperation } from './plan-operation.js';
import { TimingError } from './timing-error.js';

const COLD_CALL = ok({ seconds: 0.0009875, ticks: 2073750 });
const BASE = { library: '/lib/libsha512.so', digestBits: 512, messageBytes: 64 };

async function refusal(options: unknown): Promise<TimingError> {
  const error = await measureOperation(options as MeasureOperationOptions).catch((thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(TimingError);
  expect((error as TimingError).code).toBe('INVALID_OPTIONS');
  return error as TimingError;
}

describe('measureOperation checks its options object like candidate.json', () => {
  it('refuses an unknown key and names the one it resembles (a unit left off)', async () => {
    const runner = new FakeRunner([]);
    const error = await refusal({ ...BASE, runner, options: { trialTarget: 0.05 } });
    expect(error.message).toBe(
      'measureOperation(/lib/libsha512.so): unknown field "options.trialTarget" (did you mean "trialTargetSeconds"?). ' +
        'The options are listed in the README of @ngcc-perf/timing.',
    );
    expect(runner.calls).toHaveLength(0);
  });

  it('names the type it got: messageBytes "64" is a string, not "is 64"', async () => {
    const error = await refusal({ ...BASE, messageBytes: '64', runner: new FakeRunner([]) });
    expect(error.message).toMatch(
      /^measureOperation\(\/lib\/libsha512\.so\): field "messageBytes": .*; got a string \("64"\)\./,
    );
  });

  it('says a required field is missing', async () => {
    const withoutDigest: Partial<typeof BASE> = { ...BASE };
    delete withoutDigest.digestBits;
    const error = await refusal({ ...withoutDigest, runner: new FakeRunner([]) });
    expect(error.message).toMatch(/field "digestBits" is missing/);
  });

  it('planOperation refuses the same keys', async () => {
    const error = await planOperation({ ...BASE, cpus: 1 } as never).catch((thrown: unknown) => thrown);
    expect((error as TimingError).message).toMatch(/unknown field "cpus" \(did you mean "cpu"\?\)/);
  });
});

describe('measureOperation pins its processes by default, as the CLI does', () => {
  it('pins calibration and trials to the default measuring CPU and says so in the result', async () => {
    const cpu = defaultMeasuringCpus()[0]!;
    const runner = new FakeRunner([COLD_CALL, perCall(0.000986, 2070600, { cpu })]);
    const measured = await measureOperation({ ...BASE, runner, options: { trials: 2, trialTargetSeconds: 0.01 } });
    expect(measured.pinning).toEqual({ cpu, source: 'default' });
    expect(runner.calls.every((call) => 'cpu' in call && call.cpu === cpu)).toBe(true);
    expect(runner.calls.length).toBeGreaterThanOrEqual(3);
  });

  it('cpu: null leaves them unpinned', async () => {
    const runner = new FakeRunner([COLD_CALL, perCall(0.000986, 2070600, { cpu: 0 })]);
    const measured = await measureOperation({
      ...BASE,
      runner,
      cpu: null,
      options: { trials: 2, trialTargetSeconds: 0.01 },
    });
    expect(measured.pinning).toEqual({ cpu: null, source: 'option' });
    expect(runner.calls.some((call) => 'cpu' in call && call.cpu !== undefined)).toBe(false);
  });
});
