import { describe, expect, it } from '@jest/globals';
import { anchorRecordSchema } from './anchor-record-schema.js';
import { chooseCounter, mapProcesses, tasksetCpu } from './map-processes.js';
import { mapRecord } from './map-record.js';
import type { ImportedBuildInstance } from './import-types.js';

/** A failed_or_partial record: process 0 ran two trials without a cycle counter, process 1 hit the hard timeout. */
const raw = {
  schema: 2,
  status: 'failed_or_partial',
  candidate: 'hash-99',
  label: 'toy',
  instance: null,
  variant: 'reference',
  flags: 'harness-default',
  operation: 'hash',
  input_bytes: 1024,
  plan: {
    iterations_per_trial: 50,
    warmups: 1,
    trials: 5,
    separate_processes: false,
    estimated_s: 12,
    timeout_per_process_s: 400,
  },
  kat: 'PASS',
  disturbed_retries: 1,
  library: 'hash-99/lib/libtoy.so',
  library_sha256: 'a'.repeat(64),
  kat_log: 'kat/hash-99/toy.log',
  kat_log_sha256: 'b'.repeat(64),
  started_utc: '2026-09-28T20:38:31.491258+00:00',
  ended_utc: '2026-09-28T20:45:00+00:00',
  load_average_start: [1, 1, 1],
  load_average_end: [1, 1, 1],
  environment: { core_clock_hz: null },
  processes: [
    {
      status: 'partial',
      exit_code: 4,
      stderr: '',
      wall_s: 1.5,
      disturbed_retries: 1,
      command: [
        'taskset',
        '-c',
        '5',
        'performance/ngcc_perf',
        'hash-99/lib/libtoy.so',
        'hash',
        '1024',
        '5',
        '1',
        '50',
        '1',
      ],
      meta: {
        cpu_cycles_available: 'no',
        baseline_rss_bytes: '1400000',
        peak_rss_bytes: '1500000',
        digest_bytes: '32',
      },
      trials: [
        { measurements: 50, seconds: 0.0025, cycles: 0 },
        { measurements: 50, seconds: 0.0035, cycles: 0 },
      ],
    },
    { status: 'hard_timeout', timeout_s: 400, command: ['taskset', '-c', '5', 'performance/ngcc_perf'], wall_s: 400.2 },
  ],
};

describe('mapProcesses and chooseCounter', () => {
  const record = anchorRecordSchema.parse(raw);
  const counter = chooseCounter(record);
  const processes = mapProcesses(record, raw.processes, counter);

  it('without cycles the ticks are nanoseconds of the clock counter at 1 GHz', () => {
    expect(counter).toMatchObject({ name: 'clock', kind: 'fixed-rate', hz: 1e9 });
    expect(processes.map((entry) => entry.trial?.ticks ?? null)).toEqual([2500000, 3500000, null]);
  });

  it('one entry per trial: process-level fields repeated, the process index and trial index kept', () => {
    expect(processes.map((entry) => entry.origin)).toEqual([
      { processIndex: 0, trialIndex: 0, trialsInProcess: 2 },
      { processIndex: 0, trialIndex: 1, trialsInProcess: 2 },
      { processIndex: 1, trialIndex: null, trialsInProcess: 0 },
    ]);
    expect(processes[1]).toMatchObject({
      cpu: 5,
      exitCode: 4,
      attempts: 2,
      baselineRssBytes: 1400000,
      peakRssBytes: 1500000,
      wallSeconds: 1.5,
    });
    expect(processes[1]!.extra).toEqual({
      status: 'partial',
      stderr: '',
      meta: { cpu_cycles_available: 'no', digest_bytes: '32' },
      trial: { cycles: 0 },
    });
    expect(processes[2]).toMatchObject({
      exitCode: null,
      attempts: 1,
      trial: null,
      baselineRssBytes: null,
      extra: { status: 'hard_timeout', timeout_s: 400 },
    });
  });

  it('trials without a cycles field at all are accepted and timed by the clock counter too', () => {
    const withoutCycles = structuredClone(raw);
    for (const trial of withoutCycles.processes[0]!.trials!) delete (trial as { cycles?: number }).cycles;
    const parsed = anchorRecordSchema.parse(withoutCycles);
    expect(chooseCounter(parsed)?.name).toBe('clock');
    expect(mapProcesses(parsed, withoutCycles.processes, chooseCounter(parsed))[0]!.extra).not.toHaveProperty('trial');
  });

  it('reads the CPU from taskset -c only', () => {
    expect(tasksetCpu(['taskset', '-c', '11', 'x'])).toBe(11);
    expect(tasksetCpu(['taskset', '-c', '2-3', 'x'])).toBeNull();
    expect(tasksetCpu(['performance/ngcc_perf'])).toBeNull();
  });

  it('failed_or_partial becomes a failed record that says which process failed, with derived figures of its trials', () => {
    const instance = {
      algorithm: 'Toy',
      variant: 'reference',
      kat: 'PASS',
      katLog: 'kat/hash-99/toy.log',
      library: null,
      imageBytes: 9000,
      digestBits: 256,
    } as ImportedBuildInstance;
    const campaign = {
      planning: { trials: 5, trial_target_s: 0.5, min_total: 100, max_iters_per_trial: 20000, op_budget_s: 300 },
    };
    const imported = mapRecord(record, raw, 'records/hash-99/toy__hash_1024.json', instance, campaign as never);
    expect(imported.status).toBe('failed');
    expect(imported.failure).toBe(
      'ngcc-harness status failed_or_partial: 2 of 5 trials recorded; process 0: partial, exit code 4; process 1: hard_timeout, stopped after 400 s',
    );
    expect(imported.derived).toMatchObject({ n: 100, meanCycles: 60000 });
    expect(imported.derived?.meanSeconds).toBeCloseTo(6e-5, 15);
    expect(imported.extra).toMatchObject({
      status: 'failed_or_partial',
      instance: null,
      library: 'hash-99/lib/libtoy.so',
      plan: { separate_processes: false },
    });
  });
});
