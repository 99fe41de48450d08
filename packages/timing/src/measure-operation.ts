import os from 'node:os';
import type { CpuQuota } from '@ngcc-perf/record';
import { readCpuQuota } from './read-cpu-quota.js';
import type { MeasuredCounter } from './counter-types.js';
import { aggregatePerCall } from './aggregate-per-call.js';
import { deriveStatistics, type DerivationTrial } from './derive-statistics.js';
import { markPerCallBelowResolution } from './per-call-resolution.js';
import type { DriverMetaLine } from './driver-lines.js';
import { resolveRunner } from './internal/resolve-runner.js';
import { processTimeouts } from './internal/driver-argv.js';
import type { FirstCallEstimate } from './driver-args.js';
import { runPerCallSample } from './internal/run-per-call-sample.js';
import { runTrial, type TrialRunState } from './internal/run-trial.js';
import type { DerivedStatistics, MeasurementPlan, OperationMeasurement } from './measurement-types.js';
import { checkOptionsShape, measureOperationOptionsSchema } from './internal/operation-options-schema.js';
import { resolvePinning } from './cpu-affinity.js';
import { planOperation, type PlanOperationOptions } from './plan-operation.js';
import type { DisturbedReason, TrialProcess } from './trial-types.js';
import { checkHost, type HostCheck } from './host-check.js';
import type { TakeTurn } from './interleaved-turns.js';

/** Progress of {@link measureOperation}, one event per finished driver process. */
export interface MeasureProgress {
  phase: 'calibration' | 'trial';
  /** 1-based trial number (0 for calibration). */
  trial: number;
  trials: number;
  /** 1-based attempt of this trial. */
  attempt: number;
  process: TrialProcess;
  /** Disturbances of this attempt (empty when clean; always empty for calibration). */
  disturbedReasons: DisturbedReason[];
  /** True when this attempt is discarded and the trial runs again. */
  rerun: boolean;
}

/** Options of {@link measureOperation}: those of `planOperation`, and a progress callback. */
export interface MeasureOperationOptions extends PlanOperationOptions {
  onProgress?: (event: MeasureProgress) => void;
  /**
   * Called while a trial process runs, when its driver says how long the run will take: `op-time`
   * does after a first warm-up call of a second or more (@ngcc-perf/native/PROTOCOL.md), so an
   * operation of minutes is announced instead of a silent wait. `trial` is 1-based.
   */
  onEstimate?: (event: FirstCallEstimate & { trial: number; trials: number }) => void;
  /**
   * After loop-scope trials, run one more process in `per-call` scope over
   * min(iterationsPerTrial, {@link PER_CALL_SAMPLE_CALLS}) calls, so the record carries per-call
   * quartiles beside the loop-scope figures (`perCallSample`, `derived.perCall` with
   * `source: 'sample'`). Its figures never enter the loop-scope statistics. Default false.
   */
  perCallSample?: boolean;
  /**
   * Awaited before each step of driver processes, whose returned function is called when the
   * step's processes have ended: step `0` is the calibration, step `k` trial k (its disturbed
   * reruns included), step `trials + 1` the per-call sample. A campaign passes it to interleave
   * the trials of several operations on one CPU (trial k of each before trial k + 1 of any), so
   * that a change of the host's state during the campaign falls on all of them alike instead of
   * on whichever operation ran then. Default: every step runs at once.
   */
  takeTurn?: TakeTurn;
  /**
   * What to do about the host ({@link HostCheck}): `warn` (default) returns its problems in
   * `hostProblems` — the problems `ngcc-perf run` refuses a host for without
   * `--allow-unfixed-host` (a virtual machine, no core-cycle counter, a governor or turbo that
   * moves the clock, SMT siblings, load) — and writes them on stderr; `quiet` returns them
   * without writing; `off` skips the check (`hostProblems: null`).
   */
  hostCheck?: HostCheck;
  /**
   * The CFS CPU quota the driver processes run under; default: `readCpuQuota()` of this host. The
   * disturbed-trial reasons and the warnings name it as the cause of stops and slow trials instead
   * of asking for a quieter host. `null`: none.
   */
  cpuQuota?: CpuQuota | null;
}

const runAtOnce = (): Promise<() => void> => Promise.resolve(() => undefined);

/** Runs `work` as step `step` of {@link MeasureOperationOptions.takeTurn}. */
async function inTurn<T>(takeTurn: TakeTurn, step: number, work: () => Promise<T>): Promise<T> {
  const release = await takeTurn(step);
  try {
    return await work();
  } finally {
    release();
  }
}

/** Most calls of the per-call sample process: enough for steady quartiles, cheap beside a trial. */
export const PER_CALL_SAMPLE_CALLS = 2001;

/**
 * Measures one library × message size (guide §3.4): calibrate with one cold call and plan the trials
 * (`planOperation`), then run each trial in its own driver process (pinned to `cpu`, by default the last CPU this process may run on, as the CLI does;
 * timing the loop or every call per `scope`), rerun a disturbed trial — slow core clock,
 * CPU migration, or (per `onContextSwitch`) an involuntary context switch — up to 3 attempts in
 * all and within the budget, and derive the statistics (`deriveStatistics`).
 *
 * Only the calibration process probes the counters' rates: the trials are told to use the counter
 * it chose (`--counter NAME --no-rate-probe`), which saves each of them the driver's ~20 ms rate
 * window; the record's rate is Σ ticks / Σ seconds of the trials anyway.
 *
 * A library that fails is data: at the first failed process (crash, timeout, non-zero exit) the
 * remaining trials are skipped, `status` becomes `failed` with a `failure` sentence, and the
 * trials measured before it stay in `processes` and `derived`.
 *
 * @param options - {@link MeasureOperationOptions}.
 * @returns the {@link OperationMeasurement} (@ngcc-perf/record/docs/RUN-DIRECTORY.md record fields).
 * @throws {@link TimingError} `INVALID_OPTIONS` for impossible arguments; `DRIVER_UNSUPPORTED`
 *   when the driver lacks an option asked for (per-call scope, random message, offset);
 *   `DRIVER_NOT_FOUND`, `DRIVER_VERSION`, `PROTOCOL`, `DRIVER_FAILED` for harness problems.
 * @remarks Source: guide §3.4 (method, disturbed trials, derived figures), guide §3.1 (RSS).
 * @example
 * ```ts
 * const measured = await measureOperation({
 *   library: 'libsha512.so', digestBits: 512, messageBytes: 64,
 *   options: { trialTargetSeconds: 0.2 }, cpu: 1, scope: 'per-call',
 * });
 * console.log(measured.derived?.meanCycles, measured.derived?.perCall?.medianCycles, measured.derived?.warnings);
 * ```
 */
export async function measureOperation(options: MeasureOperationOptions): Promise<OperationMeasurement> {
  checkOptionsShape(measureOperationOptionsSchema, options, 'measureOperation');
  const runner = resolveRunner(options.runner, options.driverPath);
  const startedUtc = new Date().toISOString();
  const loadAverageStart = loadAverages();
  const planOptions: PlanOperationOptions = { ...options };
  delete (planOptions as MeasureOperationOptions).onProgress;
  delete (planOptions as MeasureOperationOptions).onEstimate;
  delete (planOptions as MeasureOperationOptions).perCallSample;
  delete (planOptions as MeasureOperationOptions).takeTurn;
  delete (planOptions as MeasureOperationOptions).hostCheck;
  delete (planOptions as MeasureOperationOptions).cpuQuota;
  const cpuQuota = options.cpuQuota === undefined ? readCpuQuota() : options.cpuQuota;
  const takeTurn = options.takeTurn ?? runAtOnce;
  const pinning = resolvePinning(options.cpu);
  const planned = await inTurn(takeTurn, 0, () => planOperation({ ...planOptions, cpu: pinning.cpu, runner }));
  const calibration = planned.calibration;
  options.onProgress?.({
    phase: 'calibration',
    trial: 0,
    trials: planned.plan?.trials ?? 0,
    attempt: 1,
    process: calibration.process,
    disturbedReasons: [],
    rerun: false,
  });
  let firstMeta: DriverMetaLine | null = calibration.meta;
  let perCallSample: TrialProcess | undefined;
  const finish = (
    plan: MeasurementPlan | null,
    processes: TrialProcess[],
    disturbedRetries: number,
    failure?: string,
  ): OperationMeasurement => {
    const completed = processes.filter((p): p is DerivationTrial & TrialProcess => p.trial !== null);
    const counter = measuredCounter(firstMeta, completed);
    const derived =
      completed.length === 0
        ? null
        : markPerCallBelowResolution(
            withSample(
              deriveStatistics(completed, options.messageBytes, { counterKind: counter?.kind ?? null, cpuQuota }),
              perCallSample,
            ),
            counter?.resolutionTicks,
          );
    const timesAndProcesses = {
      pinning,
      hostProblems: checkHost(options.hostCheck ?? 'warn', counter, pinning.cpu),
      startedUtc,
      endedUtc: new Date().toISOString(),
      loadAverageStart,
      loadAverageEnd: loadAverages(),
      calibration: calibration.process,
      processes,
      ...(perCallSample === undefined ? {} : { perCallSample }),
    };
    if (failure === undefined && plan !== null && counter !== null && derived !== null) {
      return { status: 'complete', plan, counter, ...timesAndProcesses, derived, disturbedRetries };
    }
    const reason = failure ?? 'no trial completed and no driver process failed';
    return { status: 'failed', failure: reason, plan, counter, ...timesAndProcesses, derived, disturbedRetries };
  };
  if (planned.status === 'failed') return finish(null, [], 0, planned.failure);

  const { plan } = planned;
  const chosenCounter = options.counter ?? calibration.meta?.counter.name;
  const args = {
    library: options.library,
    ...(options.digestBits === undefined ? {} : { digestBits: options.digestBits }),
    messageBytes: options.messageBytes,
    ...(options.operation === undefined ? {} : { operation: options.operation }),
    iterations: plan.iterationsPerTrial,
    warmups: plan.warmups,
    ...processTimeouts(plan.timeoutPerProcessSeconds, options.operation),
    ...(chosenCounter === undefined ? {} : { counter: chosenCounter, skipRateProbe: true }),
    ...(pinning.cpu === null ? {} : { cpu: pinning.cpu }),
    ...(plan.scope === 'loop' ? {} : { scope: plan.scope }),
    ...(plan.message === 'rule' ? {} : { message: plan.message }),
    ...(plan.alignmentOffsetBytes === 0 ? {} : { alignmentOffsetBytes: plan.alignmentOffsetBytes }),
    ...(plan.addressLayout === 'fixed' ? { fixedAddressLayout: true } : {}),
  };
  const state: TrialRunState = { spentSeconds: 0, contextSwitchRerunsFutile: false };
  const processes: TrialProcess[] = [];
  let disturbedRetries = 0;
  for (let trial = 1; trial <= plan.trials; trial += 1) {
    const outcome = await inTurn(takeTurn, trial, () =>
      runTrial({
        runner,
        args: withEstimates(args, trial, plan.trials, options.onEstimate),
        plan,
        state,
        cpuQuota,
        onAttempt: (attempt, process, disturbedReasons, rerun) =>
          options.onProgress?.({
            phase: 'trial',
            trial,
            trials: plan.trials,
            attempt,
            process,
            disturbedReasons,
            rerun,
          }),
      }),
    );
    firstMeta ??= outcome.meta;
    disturbedRetries += outcome.retries;
    processes.push(outcome.process);
    if (outcome.process.failure !== undefined) {
      const failure = `trial ${trial} of ${plan.trials}: ${outcome.process.failure.code} — ${outcome.process.failure.message}`;
      return finish(plan, processes, disturbedRetries, failure);
    }
  }
  if (options.perCallSample === true && plan.scope === 'loop') {
    const sampleArgs = {
      ...args,
      iterations: Math.min(plan.iterationsPerTrial, PER_CALL_SAMPLE_CALLS),
      scope: 'per-call' as const,
    };
    perCallSample = (
      await inTurn(takeTurn, plan.trials + 1, () => runPerCallSample(runner, sampleArgs, plan, cpuQuota))
    ).process;
    if (perCallSample.failure !== undefined) {
      return finish(
        plan,
        processes,
        disturbedRetries,
        `per-call sample: ${perCallSample.failure.code} — ${perCallSample.failure.message}`,
      );
    }
  }
  return finish(plan, processes, disturbedRetries);
}

/** The trial's driver arguments with its estimates sent to `onEstimate`, when given. */
function withEstimates<T extends object>(
  args: T,
  trial: number,
  trials: number,
  onEstimate: MeasureOperationOptions['onEstimate'],
): T | (T & { onEstimate: (estimate: FirstCallEstimate) => void }) {
  if (onEstimate === undefined) return args;
  return { ...args, onEstimate: (estimate: FirstCallEstimate) => onEstimate({ ...estimate, trial, trials }) };
}

/** The loop-scope statistics with the sample's per-call quartiles, when the trials had none. */
function withSample(derived: DerivedStatistics, sample: TrialProcess | undefined): DerivedStatistics {
  const figures = sample?.trial?.perCall;
  if (derived.perCall !== null || figures === undefined) return derived;
  return { ...derived, perCall: aggregatePerCall([figures], 'sample') };
}

function measuredCounter(meta: DriverMetaLine | null, completed: readonly DerivationTrial[]): MeasuredCounter | null {
  if (meta === null) return null;
  const sumTicks = completed.reduce((sum, p) => sum + p.trial.ticks, 0);
  const sumSeconds = completed.reduce((sum, p) => sum + p.trial.seconds, 0);
  const { name, kind, reason, access, hz: driverHz, overheadTicks, resolutionTicks } = meta.counter;
  return {
    name,
    kind,
    hz: sumSeconds > 0 ? sumTicks / sumSeconds : null,
    ...(reason === undefined ? {} : { reason }),
    ...(access === undefined ? {} : { access }),
    ...(driverHz === undefined ? {} : { driverHz }),
    ...(overheadTicks === undefined ? {} : { overheadTicks }),
    ...(resolutionTicks === undefined ? {} : { resolutionTicks }),
  };
}

/** The 1, 5 and 15 minute load averages (`os.loadavg()`, always three numbers). */
function loadAverages(): [number, number, number] {
  const [one = 0, five = 0, fifteen = 0] = os.loadavg();
  return [one, five, fifteen];
}
