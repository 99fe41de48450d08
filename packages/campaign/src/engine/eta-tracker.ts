import type { CampaignEvent } from './campaign-events.js';
/** Live figures of the measure phase, from the calibrate phase's plan. */
export interface EtaTracker {
  /** Feed every campaign event. */
  observe: (event: CampaignEvent) => void;
  /** Operations done (measured or already complete) and in the plan. */
  doneOperations: () => number;
  totalOperations: () => number;
  /**
   * How much slower than planned the operations measured so far ran: Σ their wall seconds / Σ
   * their planned seconds (a busy host runs the trials slower than the calibration's warm calls
   * and reruns disturbed trials); null until a planned operation completes here.
   */
  slowness: () => number | null;
  /**
   * Seconds left: the planned wall seconds of every operation not yet done, times the observed
   * {@link EtaTracker.slowness} (1 before there is one), less the time already spent on those in
   * flight (which share their CPU's time while their trials take turns), shared by the measuring
   * CPUs; null before a plan.
   */
  remainingSeconds: () => number | null;
}

interface TrackedOperation {
  estimatedSeconds: number | null;
  done: boolean;
  startedMs: number | null;
  /** Wall seconds of the measure phase on it, when it completed in this run (not reused, not failed). */
  measuredSeconds: number | null;
  /** The CPU it is measured on, once started. */
  cpu: number | null;
  /**
   * Most operations in flight on its CPU at once while it was: they took turns (interleaved
   * trials), so its own share of the wall time is the wall time / this.
   */
  sharing: number;
}

const keyOf = (e: { candidate: string; instance: string; messageBytes: number; operation?: string }) =>
  `${e.candidate}/${e.instance}/${e.operation ?? e.messageBytes}`;

/**
 * Tracks the measure phase's ETA from campaign events (`plan`, `operation-start`, `record`): the
 * plan of the operations left, scaled by how much slower than planned the completed ones ran. An
 * operation the calibration could not plan counts as the mean of the planned ones.
 * @param nowMs - clock in milliseconds (injectable for tests); default `Date.now`
 * @example
 * const eta = createEtaTracker();
 * eta.observe(event); // for every event
 * eta.remainingSeconds(); // 12.5 (the plan's 10 s left, the done operations having run 1.25 × their plan)
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
            measuredSeconds: null,
            cpu: null,
            sharing: 1,
          });
      } else if (event.event === 'operation-start') {
        const op = operations.get(keyOf(event));
        if (op !== undefined) {
          op.startedMs = nowMs();
          op.cpu = event.cpu;
          const together = [...operations.values()].filter((o) => !o.done && o.cpu === event.cpu);
          for (const other of together) other.sharing = Math.max(other.sharing, together.length);
        }
      } else if (event.event === 'record') {
        const op = operations.get(keyOf(event)) ?? {
          estimatedSeconds: null,
          done: false,
          startedMs: null,
          measuredSeconds: null,
          cpu: null,
          sharing: 1,
        };
        op.done = true;
        if (event.status === 'complete') op.measuredSeconds = event.wallSeconds / op.sharing;
        operations.set(keyOf(event), op);
      }
    },
    doneOperations: () => [...operations.values()].filter((o) => o.done).length,
    totalOperations: () => operations.size,
    slowness: () => slownessOf(operations.values()),
    remainingSeconds: () => {
      if (!planned) return null;
      const factor = slownessOf(operations.values()) ?? 1;
      const known = [...operations.values()].map((o) => o.estimatedSeconds).filter((s): s is number => s !== null);
      const fallback = known.length === 0 ? 0 : known.reduce((a, b) => a + b, 0) / known.length;
      let seconds = 0;
      for (const op of operations.values()) {
        if (op.done) continue;
        const estimate = op.estimatedSeconds ?? fallback;
        const spent = op.startedMs === null ? 0 : (nowMs() - op.startedMs) / 1000 / op.sharing;
        seconds += Math.max(0, estimate * factor - spent);
      }
      return seconds / cpus;
    },
  };
}

/** Σ measured / Σ planned seconds of the operations completed here with a plan, or null. */
function slownessOf(operations: Iterable<TrackedOperation>): number | null {
  let measured = 0;
  let planned = 0;
  for (const op of operations) {
    if (op.measuredSeconds === null || op.estimatedSeconds === null || !(op.estimatedSeconds > 0)) continue;
    measured += op.measuredSeconds;
    planned += op.estimatedSeconds;
  }
  return planned > 0 ? measured / planned : null;
}

/**
 * What the ETA rests on, for a progress line: `plan` before any operation completed, else
 * `plan × 1.85` (the observed slowness).
 * @example
 * etaBasis(null); // 'plan'
 * etaBasis(1.8472); // 'plan × 1.85'
 */
export function etaBasis(slowness: number | null): string {
  return slowness === null ? 'plan' : `plan × ${slowness.toFixed(2)}`;
}
