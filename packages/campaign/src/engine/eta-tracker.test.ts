import { describe, expect, it } from '@jest/globals';
import { createEtaTracker, etaBasis } from './eta-tracker.js';

const op = (messageBytes: number, estimatedSeconds: number | null, done = false) => ({
  candidate: 'c',
  instance: 'i',
  messageBytes,
  estimatedSeconds,
  done,
});

/** A plan event with these operations on these CPUs. */
const plan = (cpus: number[], operations: ReturnType<typeof op>[]) => ({
  event: 'plan' as const,
  assumptions: 'the calibration',
  cpus,
  operations,
});

/** The record event of operation `messageBytes` (candidate c, instance i) on `cpu`. */
const record = (messageBytes: number, wallSeconds: number, status: 'complete' | 'failed' | 'reused', cpu = 1) => ({
  event: 'record' as const,
  candidate: 'c',
  instance: 'i',
  messageBytes,
  cpu,
  status,
  file: 'f',
  wallSeconds,
  failure: null,
});

describe('createEtaTracker', () => {
  it('has no ETA before the plan', () => {
    expect(createEtaTracker(() => 0).remainingSeconds()).toBeNull();
  });
  it('sums the seconds left, less the time spent in flight, shared by the CPUs', () => {
    let now = 0;
    const eta = createEtaTracker(() => now);
    eta.observe(plan([2, 3], [op(32, 4), op(1024, 6), op(4096, 10, true)]));
    expect(eta.remainingSeconds()).toBe(5); // (4 + 6) / 2 CPUs
    eta.observe({ event: 'operation-start', candidate: 'c', instance: 'i', messageBytes: 32, cpu: 2 });
    now = 3000;
    expect(eta.remainingSeconds()).toBe(3.5); // (1 + 6) / 2
    eta.observe(record(32, 3, 'complete', 2));
    expect(eta.remainingSeconds()).toBe(2.25); // 6 × (3 s measured / 4 s planned) / 2 CPUs
    expect([eta.doneOperations(), eta.totalOperations()]).toEqual([2, 3]);
  });
  it("shares a CPU's time among the operations in flight on it (interleaved trials)", () => {
    let now = 0;
    const eta = createEtaTracker(() => now);
    eta.observe(plan([1], [op(32, 4), op(64, 4), op(128, 4)]));
    const start = (messageBytes: number) =>
      eta.observe({ event: 'operation-start', candidate: 'c', instance: 'i', messageBytes, cpu: 1 });
    start(32);
    start(64);
    now = 4000; // 4 s spent on the two together: 2 s of each one's 4 s
    expect(eta.remainingSeconds()).toBe(8); // 2 + 2 + 4
    eta.observe(record(32, 8, 'complete', 1)); // 8 s of wall time, half of it its own turns
    expect(eta.slowness()).toBe(1); // its 4 s share against its 4 s plan
  });
  it('scales the plan left by how much slower than planned the completed operations ran', () => {
    let now = 0;
    const eta = createEtaTracker(() => now);
    eta.observe(plan([1], [op(32, 2), op(64, 4), op(128, 10), op(256, 1, true)]));
    expect(eta.slowness()).toBeNull();
    expect(eta.remainingSeconds()).toBe(16);
    eta.observe(record(256, 0, 'reused')); // kept from before: says nothing about this host now
    expect(eta.slowness()).toBeNull();
    eta.observe(record(32, 3, 'complete'));
    expect(eta.slowness()).toBe(1.5);
    expect(eta.remainingSeconds()).toBe(21); // (4 + 10) × 1.5
    eta.observe({ event: 'operation-start', candidate: 'c', instance: 'i', messageBytes: 64, cpu: 1 });
    now = 2000;
    expect(eta.remainingSeconds()).toBe(19); // 4 × 1.5 − 2 s spent, + 10 × 1.5
    eta.observe(record(64, 0.5, 'failed')); // a failure stops early: not a measure of the host's speed
    expect(eta.slowness()).toBe(1.5);
    expect(eta.remainingSeconds()).toBe(15);
  });
  it('counts an unplanned operation as the mean planned one', () => {
    const eta = createEtaTracker(() => 0);
    eta.observe(plan([1], [op(32, 2), op(64, 4), op(128, null)]));
    expect(eta.remainingSeconds()).toBe(9); // 2 + 4 + mean 3
  });
});

describe('etaBasis', () => {
  it('says plan, or the plan times the observed slowness', () => {
    expect(etaBasis(null)).toBe('plan');
    expect(etaBasis(1.8472)).toBe('plan × 1.85');
  });
});
