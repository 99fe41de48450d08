/**
 * The counter a trial reads (SPEC §5): PMU core cycles where the kernel allows, else a
 * fixed-rate counter — the x86-64 TSC, the arm64 virtual counter, or CLOCK_MONOTONIC_RAW in ns.
 */
export type CounterName = 'pmu-cycles' | 'tsc' | 'cntvct' | 'clock';

/** `core-cycles` only for `pmu-cycles`; the others tick at a fixed rate and are not core cycles. */
export type CounterKind = 'core-cycles' | 'fixed-rate';

/** The counter as the driver describes it (`info` and `meta` lines, native/PROTOCOL.md). */
export interface DriverCounter {
  name: CounterName;
  kind: CounterKind;
  /** Why a better counter was not taken (absent with `pmu-cycles`). */
  reason?: string;
}

/** The counter of a measurement, with its measured rate. */
export interface MeasuredCounter extends DriverCounter {
  /** Σ ticks / Σ seconds over the completed trials, ticks per second; for a fixed-rate counter its frequency. */
  hz: number | null;
}

/** One trial's figures, as the driver's `trial` line gives them. */
export interface TrialFigures {
  /** Timed calls. */
  iterations: number;
  /** CLOCK_MONOTONIC_RAW around the whole loop, seconds. */
  seconds: number;
  /** Counter difference around the whole loop, ticks (core cycles only for `core-cycles`). */
  ticks: number;
  /** Context switches forced on the process during the loop (getrusage). */
  involuntarySwitches: number;
  /** Context switches the process asked for during the loop (getrusage). */
  voluntarySwitches: number;
}

/**
 * How a driver process failed. The codes follow the driver's exit codes and SPEC §4's verdicts:
 * `CRASH` (killed by a signal), `TIMEOUT` (killed by us), `CRYPTOFAIL`, `OVERFLOW`, `LOADFAIL`,
 * `USAGE`, `IO` (the driver's `error` line), `EXIT` (another non-zero exit), `INCOMPLETE` (exit 0
 * without `meta`, `trial` and `end` lines — e.g. the library called `exit()`).
 */
export type ProcessFailureCode =
  | 'CRASH'
  | 'TIMEOUT'
  | 'CRYPTOFAIL'
  | 'OVERFLOW'
  | 'LOADFAIL'
  | 'USAGE'
  | 'IO'
  | 'EXIT'
  | 'INCOMPLETE';

/** Why one driver process produced no trial. */
export interface ProcessFailure {
  code: ProcessFailureCode;
  /** One sentence naming what happened. */
  message: string;
  /** The signal that ended the process, for `CRASH` and `TIMEOUT`. */
  signal?: string;
  /** The end of the driver's stderr (at most 2000 characters), when it wrote any. */
  stderr?: string;
}

/** One driver process of a measurement (docs/RUN-DIRECTORY.md, `processes[]`). */
export interface TrialProcess {
  /** argv as run: driver path, `time`, library, digest bits, message bytes, iterations, warm-ups, options. */
  command: string[];
  /** CPU the timed loop started on (`sched_getcpu`), or null when the driver did not say. */
  cpu: number | null;
  /** Exit code, or null when a signal ended the process. */
  exitCode: number | null;
  /** Spawn to exit, seconds. */
  wallSeconds: number;
  /** Runs of this trial: 1, or more when a disturbed trial was rerun (at most 3). */
  attempts: number;
  /** Resident bytes after load and buffer set-up, before warm-ups (SPEC §6). */
  baselineRssBytes: number | null;
  /** VmHWM of the driver at its end, bytes (SPEC §6). */
  peakRssBytes: number | null;
  /** The trial's figures; null when the process failed. */
  trial: TrialFigures | null;
  /** Present, and `true`, when every attempt was disturbed and the last one was kept. */
  disturbed?: true;
  /** Present when the process failed. */
  failure?: ProcessFailure;
}

/** The plan of a measurement: the options it ran with and the calibrated trial plan (SPEC §5). */
export interface MeasurementPlan {
  trialTargetSeconds: number;
  budgetSeconds: number;
  /** Seconds of one call, from the calibration process. */
  calibrationSeconds: number;
  iterationsPerTrial: number;
  warmups: number;
  trials: number;
  estimatedSeconds: number;
  timeoutPerProcessSeconds: number;
}

/**
 * Statistics over the completed trials (SPEC §5). `Cycles` figures are counter ticks: core cycles
 * only when the counter kind is `core-cycles`.
 */
export interface DerivedStatistics {
  /** Timed calls over all trials. */
  n: number;
  /** Σ ticks / n. */
  meanCycles: number;
  /** Σ seconds / n. */
  meanSeconds: number;
  /** meanCycles / messageBytes. */
  cyclesPerByte: number;
  /** messageBytes · n / Σ seconds / 10^6 (decimal MB). */
  megabytesPerSecond: number;
  /** n / Σ seconds. */
  opsPerSecond: number;
  /** Median of the per-trial means (ticks / iterations). */
  medianTrialCycles: number;
  minTrialCycles: number;
  maxTrialCycles: number;
  /** Sample standard deviation of the per-trial means; null with fewer than 2 trials. */
  sdTrialCycles: number | null;
  /** Maximum over the trial processes. */
  baselineRssBytes: number | null;
  /** Maximum over the trial processes. */
  peakRssBytes: number | null;
}

/** Fields every {@link OperationMeasurement} has, whatever its status. */
export interface MeasurementBase {
  startedUtc: string;
  endedUtc: string;
  /** 1, 5 and 15 minute load averages when the measurement started. */
  loadAverageStart: number[];
  loadAverageEnd: number[];
  /** The calibration process (one cold call, or a small batch; see `calibrate`). */
  calibration: TrialProcess;
  /** One entry per trial, in order. */
  processes: TrialProcess[];
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
 * loadAverageEnd, calibration, processes, derived, disturbedRetries.
 */
export type OperationMeasurement = CompleteMeasurement | FailedMeasurement;
