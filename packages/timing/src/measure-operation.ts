import os from 'node:os';
import { calibrate } from './calibrate.js';
import { deriveStatistics, type DerivationTrial } from './derive-statistics.js';
import type { DriverMetaLine } from './driver-lines.js';
import type { TimingRunner } from './driver-runner.js';
import { checkTimingOptions, withoutUndefined } from './internal/check-timing-options.js';
import { findDisturbance } from './internal/disturbed-trial.js';
import { resolveRunner } from './internal/resolve-runner.js';
import { trialProcessFromRun } from './internal/trial-process-from-run.js';
import type {
  CounterName,
  MeasuredCounter,
  MeasurementPlan,
  OperationMeasurement,
  TrialProcess,
} from './measurement-types.js';
import { planTrials, type PlanTrialsOptions } from './plan-trials.js';
import { TimingError } from './timing-error.js';
import { DEFAULT_TIMING_OPTIONS } from './timing-options.js';

/** Progress of {@link measureOperation}, one event per finished driver process. */
export interface MeasureProgress {
  phase: 'calibration' | 'trial';
  /** 1-based trial number (0 for calibration). */
  trial: number;
  trials: number;
  /** 1-based attempt of this trial. */
  attempt: number;
  process: TrialProcess;
  /** Why this attempt counts as disturbed and will be rerun (or kept, after the last attempt). */
  disturbance: string | null;
}

/** Options of {@link measureOperation}. */
export interface MeasureOperationOptions {
  /** Path of the shared library exporting `CryptHash`, as the driver should open it. */
  library: string;
  digestBits: number;
  messageBytes: number;
  /** Timing options (defaults: DEFAULT_TIMING_OPTIONS); `iterationsPerTrial` fixes the count (calibration still runs). */
  options?: PlanTrialsOptions;
  /** Pin every driver process (calibration and trials) to this CPU. */
  cpu?: number;
  /** Force this counter. */
  counter?: CounterName;
  /**
   * Fixed core clock of the measuring CPU, Hz. With a `core-cycles` counter a trial whose
   * ticks/seconds is below 95 % of it is disturbed and rerun (SPEC §5).
   */
  coreClockHz?: number;
  /**
   * Also rerun trials with involuntary context switches. Default false: on a shared VM nearly
   * every trial of a second or more is preempted at least once, and three attempts would rarely
   * find a clean one.
   */
  rerunOnContextSwitch?: boolean;
  driverPath?: string;
  runner?: TimingRunner;
  onProgress?: (event: MeasureProgress) => void;
}

/** Attempts of one trial at most, the first included (SPEC §5). */
const MAX_ATTEMPTS = 3;

/**
 * Measures one library × message size (SPEC §5): calibrate with one cold call, plan the trials,
 * then run each trial in its own driver process (pinned to `cpu` when given), rerunning a
 * disturbed trial up to 3 attempts in all, and derive the statistics.
 *
 * A library that fails is data: at the first failed process (crash, timeout, non-zero exit) the
 * remaining trials are skipped, `status` becomes `failed` with a `failure` sentence, and the
 * trials measured before it stay in `processes` and `derived`.
 *
 * @param options - {@link MeasureOperationOptions}.
 * @returns the {@link OperationMeasurement} (docs/RUN-DIRECTORY.md record fields).
 * @throws {@link TimingError} `INVALID_OPTIONS` for impossible arguments; `DRIVER_NOT_FOUND`,
 *   `DRIVER_VERSION`, `PROTOCOL`, `DRIVER_FAILED` for harness problems.
 * @remarks Source: SPEC §5 (method, disturbed trials, derived figures), §6 (RSS).
 * @example
 * ```ts
 * const measured = await measureOperation({
 *   library: 'native/build/examples/libsha512.so', digestBits: 512, messageBytes: 64,
 *   options: { trialTargetSeconds: 0.2 }, cpu: 1,
 * });
 * console.log(measured.derived?.meanCycles, measured.counter?.name);
 * ```
 */
export async function measureOperation(options: MeasureOperationOptions): Promise<OperationMeasurement> {
  const timing = { ...DEFAULT_TIMING_OPTIONS, ...withoutUndefined(options.options ?? {}) };
  checkOperation(options);
  checkTimingOptions(timing, timing.iterationsPerTrial);
  const runner = resolveRunner(options.runner, options.driverPath);
  const startedUtc = new Date().toISOString();
  const loadAverageStart = os.loadavg();
  const pinning = {
    ...(options.counter === undefined ? {} : { counter: options.counter }),
    ...(options.cpu === undefined ? {} : { cpu: options.cpu }),
  };
  const calibration = await calibrate({
    library: options.library,
    digestBits: options.digestBits,
    messageBytes: options.messageBytes,
    timeoutSeconds: timing.budgetSeconds,
    runner,
    ...pinning,
  });
  options.onProgress?.({ phase: 'calibration', trial: 0, trials: timing.trials, attempt: 1, process: calibration.process, disturbance: null });
  let firstMeta: DriverMetaLine | null = calibration.meta;
  const finish = (
    plan: MeasurementPlan | null,
    processes: TrialProcess[],
    disturbedRetries: number,
    failure?: string,
  ): OperationMeasurement => {
    const completed = processes.filter((p): p is DerivationTrial & TrialProcess => p.trial !== null);
    const counter = measuredCounter(firstMeta, completed);
    const derived = completed.length === 0 ? null : deriveStatistics(completed, options.messageBytes);
    const timesAndProcesses = {
      startedUtc,
      endedUtc: new Date().toISOString(),
      loadAverageStart,
      loadAverageEnd: os.loadavg(),
      calibration: calibration.process,
      processes,
    };
    if (failure === undefined && plan !== null && counter !== null && derived !== null) {
      return { status: 'complete', plan, counter, ...timesAndProcesses, derived, disturbedRetries };
    }
    const reason = failure ?? 'no trial completed and no driver process failed';
    return { status: 'failed', failure: reason, plan, counter, ...timesAndProcesses, derived, disturbedRetries };
  };
  if (calibration.status === 'failed') {
    return finish(null, [], 0, calibration.failure);
  }

  const trialPlan = planTrials(calibration.calibrationSeconds, timing);
  const plan = {
    trialTargetSeconds: timing.trialTargetSeconds,
    budgetSeconds: timing.budgetSeconds,
    calibrationSeconds: calibration.calibrationSeconds,
    ...trialPlan,
  };
  const processes: TrialProcess[] = [];
  let disturbedRetries = 0;
  for (let trial = 1; trial <= plan.trials; trial += 1) {
    for (let attempt = 1; ; attempt += 1) {
      const run = await runner.time({
        library: options.library,
        digestBits: options.digestBits,
        messageBytes: options.messageBytes,
        iterations: plan.iterationsPerTrial,
        warmups: plan.warmups,
        timeoutSeconds: plan.timeoutPerProcessSeconds,
        ...pinning,
      });
      const { process, meta } = trialProcessFromRun(run, attempt);
      firstMeta ??= meta;
      const counterKind = meta?.counter.kind ?? null;
      const disturbance = process.trial === null ? null : findDisturbance(process.trial, counterKind, options);
      options.onProgress?.({ phase: 'trial', trial, trials: plan.trials, attempt, process, disturbance });
      if (process.failure !== undefined) {
        processes.push(process);
        const failure = `trial ${trial} of ${plan.trials}: ${process.failure.code} — ${process.failure.message}`;
        return finish(plan, processes, disturbedRetries, failure);
      }
      if (disturbance === null || attempt === MAX_ATTEMPTS) {
        processes.push(disturbance === null ? process : { ...process, disturbed: true });
        break;
      }
      disturbedRetries += 1;
    }
  }
  return finish(plan, processes, disturbedRetries);
}

function measuredCounter(meta: DriverMetaLine | null, completed: readonly DerivationTrial[]): MeasuredCounter | null {
  if (meta === null) return null;
  const sumTicks = completed.reduce((sum, p) => sum + p.trial.ticks, 0);
  const sumSeconds = completed.reduce((sum, p) => sum + p.trial.seconds, 0);
  const { name, kind, reason } = meta.counter;
  return { name, kind, hz: sumSeconds > 0 ? sumTicks / sumSeconds : null, ...(reason === undefined ? {} : { reason }) };
}

function checkOperation(options: MeasureOperationOptions): void {
  const problems: string[] = [];
  if (!Number.isInteger(options.messageBytes) || options.messageBytes < 0) problems.push(`messageBytes is ${options.messageBytes}; it must be an integer ≥ 0`);
  if (!Number.isInteger(options.digestBits) || options.digestBits < 1) problems.push(`digestBits is ${options.digestBits}; it must be an integer ≥ 1`);
  if (options.cpu !== undefined && (!Number.isInteger(options.cpu) || options.cpu < 0)) problems.push(`cpu is ${options.cpu}; it must be a CPU number ≥ 0`);
  if (options.coreClockHz !== undefined && !(options.coreClockHz > 0)) problems.push(`coreClockHz is ${options.coreClockHz}; it must be a positive frequency in Hz`);
  if (problems.length > 0) {
    throw new TimingError('INVALID_OPTIONS', `measureOperation(${options.library}): ${problems.join('; ')}.`);
  }
}
