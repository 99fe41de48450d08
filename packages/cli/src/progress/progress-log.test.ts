import { describe, expect, it } from '@jest/globals';
import { createProgressLog } from './progress-log.js';

describe('createProgressLog', () => {
  it('prints the plan before the measure phase with what its estimate assumes', () => {
    const lines: string[] = [];
    const sink = createProgressLog((line) => void lines.push(line));
    const op = (messageBytes: number, estimatedSeconds: number) => ({
      candidate: 'example-sm3',
      instance: 'sm3',
      messageBytes,
      estimatedSeconds,
      done: false,
    });
    sink({
      event: 'plan',
      cpus: [1],
      operations: [op(32, 40), op(1024, 50)],
      assumptions: "the calibration's call times; ≈ 1.1 disturbed-trial reruns per operation",
    });
    expect(lines).toEqual([
      '[ngcc-perf] plan: 2 of 2 operations to measure on CPU 1, about 1 min 30 s by the plan ' +
        "(assuming the calibration's call times; ≈ 1.1 disturbed-trial reruns per operation)\n",
    ]);
  });

  it('says a KAT verdict the build decided (no library) is not one kept from an earlier run', () => {
    const lines: string[] = [];
    const sink = createProgressLog((line) => void lines.push(line));
    const kat = (status: 'checked' | 'reused' | 'by-build', verdict: 'PASS' | 'LOADFAIL') =>
      sink({ event: 'kat', candidate: 'hash-05', instance: 'x.optimized', status, verdict, flags: 'harness-default' });
    kat('by-build', 'LOADFAIL');
    kat('reused', 'PASS');
    kat('checked', 'PASS');
    expect(lines).toEqual([
      '[ngcc-perf] hash-05/x.optimized: KAT LOADFAIL (no library was built), flags harness-default\n',
      '[ngcc-perf] hash-05/x.optimized: KAT PASS (kept), flags harness-default\n',
      '[ngcc-perf] hash-05/x.optimized: KAT PASS, flags harness-default\n',
    ]);
  });
});
