import type {
  DerivedFigures,
  HostProblem,
  PerCallSummary as RecordedPerCallSummary,
  RecordedMeasurementPlan,
} from '@ngcc-perf/record';
import type { MeasuredCounter } from './counter-types.js';
import type { CpuPinning } from './cpu-affinity.js';
import type { TrialProcess } from './trial-types.js';

/**
 * What a trial with involuntary context switches during its loop leads to: `flag` only records
 * it; `rerun` reruns it like any disturbed trial (at most 3 attempts); `rerun-until-futile`
 * reruns it, but once a rerun is preempted again the host is judged too busy for a clean
 * attempt: that attempt is kept (`rerunStopped: 'futile'`) and context switches are only
 * flagged for the rest of the operation — at most one extra process per operation on a busy
 * host (see the package README). Defined by `@ngcc-perf/record`.
 */
export type { ContextSwitchPolicy } from '@ngcc-perf/record';

/**
 * The plan of a measurement: the options it ran with and the calibrated trial plan (guide §3.4), as
 * timing writes it: `@ngcc-perf/record`'s `RecordedMeasurementPlan` (the one definition of its
 * fields) with every field present but `operationTimeoutSeconds`, and `calibrationSeconds` a number (timing always calibrates).
 */
export type MeasurementPlan = Required<
  Omit<RecordedMeasurementPlan, 'calibrationSeconds' | 'warmCallSeconds' | 'coreClockHz' | 'operationTimeoutSeconds'>
> & {
  calibrationSeconds: number;
  warmCallSeconds: number | null;
  coreClockHz: number | null;
  /** Present when the user gave a per-operation timeout (`PlanOperationOptions.operationTimeoutSeconds`). */
  operationTimeoutSeconds?: number;
};

/**
 * Per-call figures over the trials of a `per-call` measurement (or of the per-call sample), as
 * timing writes them: `@ngcc-perf/record`'s `PerCallSummary` (the one definition of its fields)
 * with every figure present — only `belowResolution` may be absent.
 */
export type PerCallSummary = Required<Omit<RecordedPerCallSummary, 'belowResolution'>> &
  Pick<RecordedPerCallSummary, 'belowResolution'>;

/**
 * Statistics over the completed trials (guide §3.4), as timing writes them: `@ngcc-perf/record`'s
 * `DerivedFigures` (the one definition of the figures, their units and formulas) with every field
 * present. `Cycles` figures are counter ticks: core cycles only when the counter kind is `core-cycles`.
 */
export type DerivedStatistics = Required<Omit<DerivedFigures, 'perCall'>> & { perCall: PerCallSummary | null };

/** Fields every {@link OperationMeasurement} has, whatever its status. */
export interface MeasurementBase {
  /** The CPU every driver process was pinned to (null: unpinned) and who chose it (`CpuPinning`). */
  pinning: CpuPinning;
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
  /**
   * The host's problems (`detectHostProblems`: what `ngcc-perf run` refuses a host for without
   * `--allow-unfixed-host`), found after the trials; empty on a fit host; null when the caller
   * asked for no check (`hostCheck: 'off'`) or no counter was known (calibration failed).
   */
  hostProblems: HostProblem[] | null;
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
 * Everything measured for one library × message size (@ngcc-perf/record/docs/RUN-DIRECTORY.md record, without the
 * candidate/instance/KAT/library fields the CLI adds), tagged by `status`. Key order when
 * serialised: status, failure, plan, counter, startedUtc, endedUtc, loadAverageStart,
 * loadAverageEnd, calibration, processes, perCallSample, derived, disturbedRetries.
 */
export type OperationMeasurement = CompleteMeasurement | FailedMeasurement;
