import { describe, expect, it } from '@jest/globals';
import { createEtaTracker, formatDuration } from './eta-tracker.js';

const op = (messageBytes: number, estimatedSeconds: number | null, done = false) => ({
  candidate: 'c',
  instance: 'i',
  messageBytes,
  estimatedSeconds,
  done,
});

describe('createEtaTracker', () => {
  it('has no ETA before the plan', () => {
    expect(createEtaTracker(() => 0).remainingSeconds()).toBeNull();
  });
  it('sums the planned seconds left, less the time spent in flight, shared by the CPUs', () => {
    let now = 0;
    const eta = createEtaTracker(() => now);
    eta.observe({ event: 'plan', cpus: [2, 3], operations: [op(32, 4), op(1024, 6), op(4096, 10, true)] });
    expect(eta.remainingSeconds()).toBe(5); // (4 + 6) / 2 CPUs
    eta.observe({ event: 'operation-start', candidate: 'c', instance: 'i', messageBytes: 32, cpu: 2 });
    now = 3000;
    expect(eta.remainingSeconds()).toBe(3.5); // (1 + 6) / 2
    eta.observe({
      event: 'record',
      candidate: 'c',
      instance: 'i',
      messageBytes: 32,
      cpu: 2,
      status: 'complete',
      file: 'f',
      wallSeconds: 3,
      failure: null,
    });
    expect(eta.remainingSeconds()).toBe(3);
    expect([eta.doneOperations(), eta.totalOperations()]).toEqual([2, 3]);
  });
  it("shares a CPU's time among the operations in flight on it (interleaved trials)", () => {
    let now = 0;
    const eta = createEtaTracker(() => now);
    eta.observe({ event: 'plan', cpus: [1], operations: [op(32, 4), op(64, 4), op(128, 4)] });
    const start = (messageBytes: number) =>
      eta.observe({ event: 'operation-start', candidate: 'c', instance: 'i', messageBytes, cpu: 1 });
    start(32);
    start(64);
    now = 4000; // 4 s spent on the two together: 2 s of each one's 4 s
    expect(eta.remainingSeconds()).toBe(8); // 2 + 2 + 4
  });
  it('counts an unplanned operation as the mean planned one', () => {
    const eta = createEtaTracker(() => 0);
    eta.observe({ event: 'plan', cpus: [1], operations: [op(32, 2), op(64, 4), op(128, null)] });
    expect(eta.remainingSeconds()).toBe(9); // 2 + 4 + mean 3
  });
});

describe('formatDuration', () => {
  it('picks seconds, minutes or hours', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(185)).toBe('3 min 05 s');
    expect(formatDuration(7800)).toBe('2 h 10 min');
  });
});
