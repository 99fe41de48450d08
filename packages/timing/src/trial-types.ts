import type {
  DiscardedAttempt as RecordedDiscardedAttempt,
  PerCallFigures as RecordedPerCallFigures,
  ProcessEntry,
  Trial as RecordedTrial,
} from '@ngcc-perf/record';

/**
 * What one trial times (`loop` or `per-call`), the message bytes' pattern (`rule` or `random`)
 * and the address-space layout of each driver process (`randomized` or `fixed`): defined, with
 * their meaning, by `@ngcc-perf/record`.
 */
export type { AddressLayout, MessagePattern, TimingScope } from '@ngcc-perf/record';

/**
 * Per-call figures of one `per-call` trial (the driver's `trial.perCall`), ticks of the counter:
 * `@ngcc-perf/record`'s `PerCallFigures` with every figure the driver always reports present.
 */
export type PerCallFigures = Required<Omit<RecordedPerCallFigures, 'rawMaxTicks'>> &
  Pick<RecordedPerCallFigures, 'rawMaxTicks'>;

/**
 * One trial's figures, as the driver's `trial` line gives them: `@ngcc-perf/record`'s `Trial` with
 * what the driver always reports present — the loop's involuntary and voluntary context switches
 * (getrusage) and the CPU after the loop (`sched_getcpu`, null when it could not tell) — and the
 * per-call figures of a `per-call` trial complete.
 */
export type TrialFigures = Omit<RecordedTrial, 'involuntarySwitches' | 'voluntarySwitches' | 'cpuAfter' | 'perCall'> &
  Required<Pick<RecordedTrial, 'involuntarySwitches' | 'voluntarySwitches' | 'cpuAfter'>> & {
    /** Present for `per-call` trials. */
    perCall?: PerCallFigures;
  };

/**
 * Why a trial counts as disturbed (guide §3.4): `slow-clock` (core cycles / seconds below 95 % of
 * the fixed core clock), `context-switch` (involuntary switches during the loop), `migration`
 * (the process changed CPU during the loop). Defined by `@ngcc-perf/record`.
 */
export type {
  DisturbanceCode,
  DisturbedReason,
  ProcessFailure,
  ProcessFailureCode,
  RerunStop,
} from '@ngcc-perf/record';

/** An attempt of a trial that was disturbed, discarded and rerun (kept as evidence): record's `DiscardedAttempt`. */
export type DiscardedAttempt = Omit<RecordedDiscardedAttempt, 'trial'> & { trial: TrialFigures };

/**
 * One driver process of a measurement (@ngcc-perf/record/docs/RUN-DIRECTORY.md, `processes[]`): record's
 * `ProcessEntry` with timing's trial figures (see {@link TrialFigures}).
 */
export type TrialProcess = Omit<ProcessEntry, 'trial' | 'discardedAttempts'> & {
  /** The trial's figures; null when the process failed. */
  trial: TrialFigures | null;
  /** The disturbed attempts before the kept one, oldest first (absent when the first attempt was kept). */
  discardedAttempts?: DiscardedAttempt[];
};
