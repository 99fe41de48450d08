// What the trials establish about the ticks per call of two operations at one message length:
// a paired comparison when the two were measured in turns in one batch, else their headline
// intervals. The rankings (ranking pages, the summary's rank column) order cycles by this alone.
import { pairedRatio, type PairedRatio } from '@ngcc-perf/stats';
import type { TimingRecord } from '@ngcc-perf/record';

/**
 * What a paired comparison reads of a record: a hash-form record (`TimingRecord`) or a generic-form
 * one (`OperationRecord`) alike, both holding their trials in `processes`.
 */
export type PairableRecord = Pick<TimingRecord, 'status' | 'interleaving' | 'processes'> & { messageBytes?: number };

function trialsOf(record: PairableRecord): { iterations: number; ticks: number }[] {
  return record.processes.flatMap((entry) => (entry.trial === null ? [] : [entry.trial]));
}

/**
 * The paired comparison of two records (`pairedRatio` of @ngcc-perf/stats: trial k of `a` over
 * trial k of `b`), or null when they cannot be paired: either is failed, they were not measured
 * in one interleaved batch (the same `interleaving.batch`), or they hold different numbers of trials.
 */
export function pairedCycles(a: PairableRecord, b: PairableRecord): PairedRatio | null {
  if (a.status !== 'complete' || b.status !== 'complete') return null;
  const batch = a.interleaving?.batch;
  if (batch === undefined || batch !== b.interleaving?.batch || a.messageBytes !== b.messageBytes) return null;
  const trialsA = trialsOf(a);
  const trialsB = trialsOf(b);
  if (trialsA.length === 0 || trialsA.length !== trialsB.length) return null;
  if ([...trialsA, ...trialsB].some((trial) => !(trial.ticks > 0))) return null;
  return pairedRatio(trialsA, trialsB);
}

/**
 * `-1` when the trials establish that `a` needs fewer ticks per call than `b`, `1` more, `0` when
 * they do not — by the paired comparison when the records were measured in one batch
 * ({@link pairedCycles}), else null (the caller compares the headline intervals).
 */
export function pairedCyclesOrder(a: PairableRecord | undefined, b: PairableRecord | undefined): -1 | 0 | 1 | null {
  if (a === undefined || b === undefined) return null;
  return pairedCycles(a, b)?.order ?? null;
}
