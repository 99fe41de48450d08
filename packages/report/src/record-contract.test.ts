import { describe, expect, it } from '@jest/globals';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  campaignFileSchema,
  campaignSchema,
  counterSchema,
  hostEnvironmentSchema,
  timingRecordSchema,
} from '@ngcc-perf/record';
import { describeArchitecture } from './internal/candidate-context.js';

const RUN = fileURLToPath(new URL('../test/fixtures/run-small', import.meta.url));
const readJson = (relative: string): Record<string, unknown> =>
  JSON.parse(readFileSync(`${RUN}/${relative}`, 'utf8')) as Record<string, unknown>;
const firstRecord = (): Record<string, unknown> => {
  const name = readdirSync(`${RUN}/records/example-sm3`).find((file) => file.endsWith('.json'))!;
  return readJson(`records/example-sm3/${name}`);
};

describe('record contract: what timing writes, report reads', () => {
  it('accepts a record whose ticks come from the TSC read with rdtscp (counter "tscp", forced with --counter tscp)', () => {
    const record = firstRecord();
    const counter = { name: 'tscp', kind: 'fixed-rate', hz: 2095000000, reason: 'forced with --counter tscp' };
    expect(counterSchema.parse(counter).name).toBe('tscp');
    const parsed = timingRecordSchema.parse({ ...record, counter });
    expect(parsed.counter?.name).toBe('tscp');
  });

  it('still rejects a counter name no driver reports', () => {
    expect(counterSchema.safeParse({ name: 'rdpru', kind: 'fixed-rate' }).success).toBe(false);
  });

  it('accepts a host of any architecture (a riscv64 host measures, so its report must render)', () => {
    const campaign = readJson('campaign.json');
    const environment = { ...(campaign.environmentAtStart as object), architecture: 'riscv64' };
    expect(hostEnvironmentSchema.parse(environment).architecture).toBe('riscv64');
    const parsed = campaignSchema.parse({
      ...campaign,
      environmentAtStart: environment,
      environmentAtEnd: environment,
    });
    expect(parsed.environmentAtStart.architecture).toBe('riscv64');
    expect(describeArchitecture('riscv64')).toBe('riscv64');
    expect(describeArchitecture('aarch64')).toBe('AArch64');
  });

  it('keeps the calibration process and the host problems a record carries, each a code and a sentence', () => {
    const record = firstRecord();
    const calibration = (record.processes as unknown[])[0];
    const problem = { code: 'virtual-machine', message: 'running in a virtual machine (hypervisor CPU flag)' };
    const parsed = timingRecordSchema.parse({ ...record, calibration, hostProblems: [problem] });
    expect(parsed.calibration).toEqual(calibration);
    expect(parsed.hostProblems).toEqual([problem]);
    expect(
      timingRecordSchema.safeParse({ ...record, hostProblems: [{ code: 'no-such-code', message: 'x' }] }).success,
    ).toBe(false);
  });

  it("loads every field timing wrote into a record's processes: scheduler figures, disturbances, discarded attempts", () => {
    const record = firstRecord();
    const processes = record.processes as Record<string, unknown>[];
    const first = processes[0]!;
    // The driver's scheduler figures of the loop, as timing writes them (this fixture predates them).
    const trial = {
      ...(first.trial as object),
      involuntarySwitches: 5,
      voluntarySwitches: 0,
      cpuAfter: 1,
      migrations: 0,
      runDelayNs: 240277,
    };
    const disturbed = {
      ...first,
      trial,
      attempts: 2,
      disturbedReasons: [
        { code: 'migration', message: 'migrated 1 time(s) between CPUs during the loop', rerun: true },
      ],
      disturbed: true,
      rerunStopped: 'budget',
      discardedAttempts: [
        {
          attempt: 1,
          cpu: 1,
          wallSeconds: 0.2,
          trial: { ...trial, migrations: 1 },
          disturbedReasons: [
            { code: 'migration', message: 'migrated 1 time(s) between CPUs during the loop', rerun: true },
          ],
        },
      ],
    };
    const parsed = timingRecordSchema.parse({ ...record, processes: [disturbed, ...processes.slice(1)] });
    expect(parsed.processes).toEqual([disturbed, ...processes.slice(1)]);
  });

  it('reads the host problems of older run directories, stored as sentences, as codes (validate and resume load them)', () => {
    const sandboxOff =
      "sandbox OFF (--no-sandbox): candidate code ran outside the driver's sandbox, with the full rights of the user who ran the campaign";
    const busy = 'load average 1.9 over 2 CPUs: other work competes with the measurement';
    const campaign = readJson('campaign.json');
    const parsed = campaignSchema.parse({ ...campaign, hostProblems: [sandboxOff, busy] });
    expect(parsed.hostProblems).toEqual([
      { code: 'sandbox-off', message: sandboxOff },
      { code: 'uncoded', message: busy },
    ]);
    const state = campaignFileSchema.parse({
      ...campaign,
      buildProfile: null,
      candidates: [],
      shard: null,
      hostChecks: [{ utc: '2026-01-01T00:00:00Z', cpu: 1, problems: [busy], notes: [] }],
      phases: {},
      hostProblems: [busy],
    });
    expect(state.hostChecks[0]?.problems).toEqual([{ code: 'uncoded', message: busy }]);
    expect(timingRecordSchema.parse({ ...firstRecord(), hostProblems: [busy] }).hostProblems).toEqual([
      { code: 'uncoded', message: busy },
    ]);
  });
});
