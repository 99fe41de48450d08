import type { CampaignEvent } from '@ngcc-perf/campaign';
/** Live figures of the measure phase, from the calibrate phase's plan. */
export interface EtaTracker {
  /** Feed every campaign event. */
  observe: (event: CampaignEvent) => void;
  /** Operations done (measured or already complete) and in the plan. */
  doneOperations: () => number;
  totalOperations: () => number;
  /**
   * Seconds left by the plan: the planned wall seconds of every operation not yet done (less the
   * time already spent on those in flight, which share their CPU's time as their trials take
   * turns), shared by the measuring CPUs; null before a plan.
   */
  remainingSeconds: () => number | null;
}

interface TrackedOperation {
  estimatedSeconds: number | null;
  done: boolean;
  startedMs: number | null;
  /** The CPU it is measured on, once started. */
  cpu: number | null;
}

const keyOf = (e: { candidate: string; instance: string; messageBytes: number }) =>
  `${e.candidate}/${e.instance}/${e.messageBytes}`;

/**
 * Tracks the plan's ETA from campaign events (`plan`, `operation-start`, `record`). An operation
 * the calibration could not plan counts as the mean of the planned ones.
 * @param nowMs - clock in milliseconds (injectable for tests); default `Date.now`
 * @example
 * const eta = createEtaTracker();
 * eta.observe(event); // for every event
 * eta.remainingSeconds(); // 12.5
 */
export function createEtaTracker(nowMs: () => number = Date.now): EtaTracker {
  const operations = new Map<string, TrackedOperation>();
  let cpus = 1;
  let planned = false;
  return {
    observe: (event) => {
      if (event.event === 'plan') {
        planned = true;
        cpus = Math.max(1, event.cpus.length);
        for (const op of event.operations)
          operations.set(keyOf(op), {
            estimatedSeconds: op.estimatedSeconds,
            done: op.done,
            startedMs: null,
            cpu: null,
          });
      } else if (event.event === 'operation-start') {
        const op = operations.get(keyOf(event));
        if (op !== undefined) {
          op.startedMs = nowMs();
          op.cpu = event.cpu;
        }
      } else if (event.event === 'record') {
        const op = operations.get(keyOf(event)) ?? { estimatedSeconds: null, done: false, startedMs: null, cpu: null };
        op.done = true;
        operations.set(keyOf(event), op);
      }
    },
    doneOperations: () => [...operations.values()].filter((o) => o.done).length,
    totalOperations: () => operations.size,
    remainingSeconds: () => {
      if (!planned) return null;
      const known = [...operations.values()].map((o) => o.estimatedSeconds).filter((s): s is number => s !== null);
      const fallback = known.length === 0 ? 0 : known.reduce((a, b) => a + b, 0) / known.length;
      // operations in flight on one CPU take turns (interleaved trials): they share its time
      const inFlight = new Map<number, number>();
      for (const op of operations.values())
        if (!op.done && op.cpu !== null) inFlight.set(op.cpu, (inFlight.get(op.cpu) ?? 0) + 1);
      let seconds = 0;
      for (const op of operations.values()) {
        if (op.done) continue;
        const estimate = op.estimatedSeconds ?? fallback;
        const sharing = op.cpu === null ? 1 : (inFlight.get(op.cpu) ?? 1);
        const spent = op.startedMs === null ? 0 : (nowMs() - op.startedMs) / 1000 / sharing;
        seconds += Math.max(0, estimate - spent);
      }
      return seconds / cpus;
    },
  };
}

/**
 * Formats seconds for a progress line: `45 s`, `3 min 05 s`, `2 h 10 min`.
 * @example
 * formatDuration(185); // '3 min 05 s'
 */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
  return `${Math.floor(whole / 3600)} h ${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')} min`;
}
