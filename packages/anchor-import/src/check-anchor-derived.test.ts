import { describe, expect, it } from '@jest/globals';
import { anchorRecordSchema } from './anchor-record-schema.js';
import { checkAnchorDerived } from './check-anchor-derived.js';
import { ImportError } from './import-error.js';

const META = { cpu_cycles_available: 'yes' };

/**
 * Two processes of one trial each, 32-byte messages. By hand: n = 200, Σs = 0.005, Σcycles =
 * 1 000 000 → mean 2.5e-5 s and 5000 cycles; trial means 2e-5 / 3e-5 s and 4000 / 6000 cycles
 * (median 2.5e-5 s, 5000 cycles); 200 / 0.005 = 40 000 ops/s; 32·200 / 0.005 / 10^6 = 1.28 MB/s;
 * RSS maxima 1500 and 2000 bytes.
 */
function record(overrides: Record<string, unknown> = {}, secondCycles = 600000) {
  const trials = [
    { measurements: 100, seconds: 0.002, cycles: 400000 },
    { measurements: 100, seconds: 0.003, cycles: secondCycles },
  ];
  return anchorRecordSchema.parse({
    schema: 2,
    status: 'complete',
    candidate: 'hash-99',
    label: 'toy',
    instance: 'toy',
    variant: 'reference',
    flags: 'guide',
    operation: 'hash',
    input_bytes: 32,
    plan: {
      iterations_per_trial: 100,
      warmups: 3,
      trials: 2,
      separate_processes: true,
      estimated_s: 0.1,
      timeout_per_process_s: 300,
    },
    kat: 'PASS',
    disturbed_retries: 0,
    library: 'hash-99/lib/libtoy.so',
    library_sha256: 'a'.repeat(64),
    kat_log: null,
    kat_log_sha256: null,
    started_utc: '2026-09-28T20:38:31.491258+00:00',
    ended_utc: '2026-09-28T20:38:32.000000+00:00',
    processes: [
      {
        status: 'complete',
        exit_code: 0,
        meta: { ...META, baseline_rss_bytes: '1000', peak_rss_bytes: '2000' },
        trials: [trials[0]],
        command: ['x'],
        wall_s: 0.01,
      },
      {
        status: 'complete',
        exit_code: 0,
        meta: { ...META, baseline_rss_bytes: '1500', peak_rss_bytes: '1800' },
        trials: [trials[1]],
        command: ['x'],
        wall_s: 0.01,
      },
    ],
    trials,
    measurements: 200,
    guide_100_measurements_met: true,
    mean_seconds: 2.5e-5,
    median_trial_seconds: 2.5e-5,
    min_trial_seconds: 2e-5,
    max_trial_seconds: 3e-5,
    mean_cycles: 5000,
    median_trial_cycles: 5000,
    operations_per_second: 40000,
    throughput_MB_per_second: 1.28,
    baseline_rss_bytes: 1500,
    peak_rss_bytes: 2000,
    ...overrides,
  });
}

function failure(run: () => void): ImportError {
  try {
    run();
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error('expected an ImportError');
}

describe('checkAnchorDerived', () => {
  it('accepts figures computed by hand from the trials', () => {
    expect(() => checkAnchorDerived(record(), 'toy.json', 100)).not.toThrow();
  });

  it('allows a relative difference of 5e-10 and rejects 2e-9, naming file and field', () => {
    expect(() => checkAnchorDerived(record({ mean_cycles: 5000 * (1 + 5e-10) }), 'toy.json', 100)).not.toThrow();
    const error = failure(() => checkAnchorDerived(record({ mean_cycles: 5000 * (1 + 2e-9) }), 'toy.json', 100));
    expect(error.code).toBe('INCONSISTENT_SOURCE');
    expect(error.message).toMatch(
      /^toy\.json field "mean_cycles": stored 5000\.00001, but the trials give 5000 \(relative difference 2\.0e-9, tolerance 1e-9\)/,
    );
  });

  it('wants mean and median cycles null when a trial has no cycle count (cycles 0)', () => {
    expect(failure(() => checkAnchorDerived(record({}, 0), 'toy.json', 100)).message).toContain(
      'field "mean_cycles": stored 5000, but the trials give null',
    );
    expect(() =>
      checkAnchorDerived(record({ mean_cycles: null, median_trial_cycles: null }, 0), 'toy.json', 100),
    ).not.toThrow();
  });

  it('checks the copied trials list, the count, the 100-measurement flag and the RSS maxima', () => {
    expect(
      failure(() =>
        checkAnchorDerived(
          record({ trials: [{ measurements: 100, seconds: 0.002, cycles: 400000 }] }),
          'toy.json',
          100,
        ),
      ).message,
    ).toContain('field "trials[1]"');
    expect(failure(() => checkAnchorDerived(record(), 'toy.json', 201)).message).toContain(
      'field "guide_100_measurements_met": stored true, but the trials give false',
    );
    expect(failure(() => checkAnchorDerived(record({ peak_rss_bytes: 1800 }), 'toy.json', 100)).message).toContain(
      'field "peak_rss_bytes": stored 1800, but the trials give 2000',
    );
  });

  it('reports a stored figure that is missing although trials exist', () => {
    const error = failure(() => checkAnchorDerived(record({ operations_per_second: undefined }), 'toy.json', 100));
    expect(error.code).toBe('INVALID_SOURCE');
    expect(error.message).toContain('field "operations_per_second" is missing');
  });
});
