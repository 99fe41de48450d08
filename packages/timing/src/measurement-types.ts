import type { DerivedFigures, PerCallSummary as RecordedPerCallSummary } from '@ngcc-perf/record';
import type { MeasuredCounter } from './counter-types.js';
import type { AddressLayout, MessagePattern, TimingScope, TrialProcess } from './trial-types.js';

/**
 * What a trial with involuntary context switches during its loop leads to: `flag` only records
 * it; `rerun` reruns it like any disturbed trial (at most 3 attempts); `rerun-until-futile`
 * reruns it, but once a rerun is preempted again the host is judged too busy for a clean
 * attempt: that attempt is kept (`rerunStopped: 'futile'`) and context switches are only
 * flagged for the rest of the operation — at most one extra process per operation on a busy
 * host (see the package README).
 */
export type ContextSwitchPolicy = 'flag' | 'rerun' | 'rerun-until-futile';

/** The plan of a measurement: the options it ran with and the calibrated trial plan (SPEC §5). */
export interface MeasurementPlan {
  trialTargetSeconds: number;
  budgetSeconds: number;
  /** Seconds of one call, from the calibration process: its cold call (SPEC §5), or the batch mean for calls under 1 µs. */
  calibrationSeconds: number;
  /**
   * Seconds of one call among those the calibration process timed right after its cold call
   * (`--warm-check`); null when it timed none (a batch, or a driver without the option).
   */
  warmCallSeconds: number | null;
  /** The seconds per call the trials were planned with: `calibrationSeconds`, or `warmCallSeconds` when the basis is `warm-calls`. */
  planCallSeconds: number;
  /**
   * `first-call` (SPEC §5), `batch` (calls under 1 µs), or `warm-calls`: the cold call took more
   * than twice a warm one (one-time set-up, e.g. OpenSSL fetching its provider), so planning
   * from it would have made every trial far shorter than the target.
   */
  calibrationBasis: 'first-call' | 'batch' | 'warm-calls';
  iterationsPerTrial: number;
  warmups: number;
  trials: number;
  /** trials × (iterationsPerTrial + warm-ups) × planCallSeconds, plus each trial's one-time set-up (calibrationSeconds − planCallSeconds) under `warm-calls`: one attempt per trial, seconds. */
  estimatedSeconds: number;
  timeoutPerProcessSeconds: number;
  /** What each trial timed: the whole loop (default) or also every call. */
  scope: TimingScope;
  /** The message bytes: SPEC §5's rule (default) or pseudo-random. */
  message: MessagePattern;
  /** Offset of the message from a 64-byte boundary, bytes (0: aligned, the default). */
  alignmentOffsetBytes: number;
  /** The address-space layout of every driver process (`randomized`: ASLR; `fixed`: ADDR_NO_RANDOMIZE). */
  addressLayout: AddressLayout;
  /** What an involuntary context switch during a trial led to. */
  onContextSwitch: ContextSwitchPolicy;
  /** Fixed core clock the slow-clock test used, Hz; null when none was known (the test was not made). */
  coreClockHz: number | null;
}

/**
 * Per-call figures over the trials of a `per-call` measurement (or of the per-call sample), as
 * timing writes them: `@ngcc-perf/record`'s `PerCallSummary` (the one definition of its fields)
 * with every figure present — only `belowResolution` may be absent.
 */
export type PerCallSummary = Required<Omit<RecordedPerCallSummary, 'belowResolution'>> &
  Pick<RecordedPerCallSummary, 'belowResolution'>;

/**
 * Statistics over the completed trials (SPEC §5), as timing writes them: `@ngcc-perf/record`'s
 * `DerivedFigures` (the one definition of the figures, their units and formulas) with every field
 * present. `Cycles` figures are counter ticks: core cycles only when the counter kind is `core-cycles`.
 */
export type DerivedStatistics = Required<Omit<DerivedFigures, 'perCall'>> & { perCall: PerCallSummary | null };

/** Fields every {@link OperationMeasurement} has, whatever its status. */
export interface MeasurementBase {
  startedUtc: string;
  endedUtc: string;
  /** 1, 5 and 15 minute load averages when the measurement started. */
  loadAverageStart: [number, number, number];
  loadAverageEnd: [number, number, number];
  /** The calibration process (one cold call, or a small batch; see `calibrate`). */
  calibration: TrialProcess;
  /** One entry per trial, in order. */
  processes: TrialProcess[];
  /**
   * The per-call sample: one `--scope per-call` process after loop-scope trials, when
   * `perCallSample` asked for it (its quartiles are `derived.perCall`); absent otherwise.
   */
  perCallSample?: TrialProcess;
  /** Reruns of disturbed trials, summed over the trials. */
  disturbedRetries: number;
}

/** A measurement whose every trial completed. */
export interface CompleteMeasurement extends MeasurementBase {
  status: 'complete';
  /** Never present; declared so `measured.failure` reads as `string | undefined` on the union. */
  failure?: never;
  plan: MeasurementPlan;
  counter: MeasuredCounter;
  derived: DerivedStatistics;
}

/**
 * A measurement stopped by a failed driver process. The trials measured before it are kept in
 * `processes` and `derived`.
 */
export interface FailedMeasurement extends MeasurementBase {
  status: 'failed';
  /** One sentence naming the process and what happened, e.g. `trial 3 of 5: CRASH — …`. */
  failure: string;
  /** Null when calibration failed. */
  plan: MeasurementPlan | null;
  /** Null when no driver process wrote a `meta` line (e.g. LOADFAIL). */
  counter: MeasuredCounter | null;
  /** Null when no trial completed. */
  derived: DerivedStatistics | null;
}

/**
 * Everything measured for one library × message size (docs/RUN-DIRECTORY.md record, without the
 * candidate/instance/KAT/library fields the CLI adds), tagged by `status`. Key order when
 * serialised: status, failure, plan, counter, startedUtc, endedUtc, loadAverageStart,
 * loadAverageEnd, calibration, processes, perCallSample, derived, disturbedRetries.
 */
export type OperationMeasurement = CompleteMeasurement | FailedMeasurement;
