import { expectedReruns, preemptionProbability } from '@ngcc-perf/stats';
import { PER_CALL_SAMPLE_CALLS } from './measure-operation.js';

/** What the estimate reads of a calibration file's plan. */
interface PlannedFigures {
  trials: number;
  iterationsPerTrial: number;
  planCallSeconds: number;
  estimatedSeconds: number;
}

/** What the estimate reads of a calibration file's calibration process. */
interface CalibrationEvidence {
  wallSeconds?: number;
  trial?: { seconds?: number; involuntarySwitches?: number; warmCheck?: { seconds?: number } } | null;
}

/**
 * The fields of an operation's calibration file (a campaign's `calibration/…json`) the estimate
 * reads: the plan `planOperation` made, the calibration process, the wall seconds the plan
 * expects and the host's pace when the calibration began (absent in files of older runs).
 */
export interface EstimatedCalibration {
  estimatedWallSeconds: number | null;
  plan: unknown;
  calibration: unknown;
  hostPace?: number;
}

/**
 * What the measure phase's estimate assumes, from the calibrate phase's evidence
 * ({@link measurePhaseAssumptions}).
 */
export interface MeasurePhaseAssumptions {
  /**
   * The host's pace the calibrate phase measured (`measureHostPace` of @ngcc-perf/native: wall over
   * CPU time of a loop in the campaign's own process; 1 on a quiet host), the largest of the files';
   * null when no file has one. Shown, not applied: on the recorded run beside two busy loops
   * (busy-loops.json of the eta-run-interleaved test fixture) it said 5.79 while the trials' loops ran
   * 1.82 × longer than planned, so scaling by it would have made the estimate 3.4 × too long.
   */
  hostPace: number | null;
  /** Involuntary context switches during the calibrations' timed loops: the evidence of preemption. */
  contextSwitches: number;
  /** Seconds the calibrations' timed loops ran (cold calls and warm checks) while the switches were counted. */
  timedLoopSeconds: number;
  /** Instruction counts of the plan (`plan.countInstructions`), or null when none are asked for. */
  countInstructions: 'auto' | 'pmu' | 'valgrind' | null;
}

/**
 * Start-up of one instruction count under valgrind on a quiet host, seconds. Measured: timing's
 * `countInstructions` (source valgrind) of the bundled SM3 took 1.50 s at 32 B on the 2-vCPU
 * development VM at a host pace of 5.6–6.3 (two busy loops beside it), i.e. about 0.25 s of a
 * quiet host's time.
 */
const VALGRIND_START_SECONDS = 0.25;
/**
 * How much slower a call runs under valgrind than natively. Measured as above: SM3 at 65,536 B
 * (4 calls of 0.49 ms natively) took 0.15 s longer than at 32 B, at the same pace: ≈ 75×.
 */
const VALGRIND_SLOWDOWN = 75;
/** Calls of one instruction count: 1 warm-up and 3 counted (timing's `countInstructions` defaults). */
const COUNTED_CALLS = 4;

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The assumptions of the measure phase's estimate from the calibrate phase's files: the host pace
 * it measured (the largest of the files', when they disagree) and the context switches its
 * calibration loops saw.
 * @example
 * const assumptions = measurePhaseAssumptions(files, null); // { hostPace: 1.0, contextSwitches: 0, … }
 */
export function measurePhaseAssumptions(
  files: readonly EstimatedCalibration[],
  countInstructions: MeasurePhaseAssumptions['countInstructions'],
): MeasurePhaseAssumptions {
  const evidence = files.map((file) => (file.calibration as CalibrationEvidence | null)?.trial ?? null);
  const paces = files.map((file) => file.hostPace).filter((pace): pace is number => typeof pace === 'number');
  return {
    hostPace: paces.length === 0 ? null : Math.max(1, ...paces),
    contextSwitches: sum(evidence.map((trial) => trial?.involuntarySwitches ?? 0)),
    timedLoopSeconds: sum(evidence.map((trial) => (trial?.seconds ?? 0) + (trial?.warmCheck?.seconds ?? 0))),
    countInstructions,
  };
}

/**
 * Expected disturbed-trial reruns of one operation: {@link expectedReruns} of its trials, each
 * preempted with the {@link preemptionProbability} of its planned trial length.
 * @returns reruns (0 for a failed calibration)
 * @example
 * expectedRerunsOf(file, assumptions); // 1.14
 */
export function expectedRerunsOf(file: EstimatedCalibration, assumptions: MeasurePhaseAssumptions): number {
  const plan = file.plan as PlannedFigures | null;
  if (file.estimatedWallSeconds === null || plan === null || !(plan.trials > 0)) return 0;
  const trialSeconds = file.estimatedWallSeconds / plan.trials;
  const p = preemptionProbability(assumptions.contextSwitches, assumptions.timedLoopSeconds, trialSeconds);
  return expectedReruns(plan.trials, p);
}

/**
 * Wall seconds the measure phase spends on one operation, from its calibration file: every
 * process it runs — its own calibration (every record stands alone; as long as the calibrate
 * phase's), the trials (`estimatedWallSeconds`: their calls, warm-ups and each process's
 * start-up), the per-call sample process (a start-up and min(iterations, 2001) calls), the memory
 * process (a start-up), the instruction count when the plan asks for one (under valgrind a
 * start-up and 4 calls at its slowdown) — and the expected disturbed-trial reruns
 * ({@link expectedReruns} with {@link preemptionProbability}), at the calls' speed the calibration
 * measured. Held within 20 % of the real phase by a test on a recorded run of the bundled examples
 * at load 6–9 on the 2-vCPU development VM (load-6-to-9.json of the eta-run-interleaved test fixture:
 * 162.1 s planned, 177.3 s taken; before the reruns were counted, 134.4 s). Beside two more busy
 * loops (busy-loops.json) the trials ran 1.82 × longer than the calibration's calls said and the
 * estimate is short (see {@link MeasurePhaseAssumptions.hostPace}); the live ETA corrects by the
 * slowness of the operations measured.
 * @returns seconds, or null when the calibration failed
 * @example
 * const seconds = measurePhaseSeconds(file, measurePhaseAssumptions(files, null)); // 6.9 for sha512 at 65536 B
 */
export function measurePhaseSeconds(file: EstimatedCalibration, assumptions: MeasurePhaseAssumptions): number | null {
  if (file.estimatedWallSeconds === null) return null;
  const plan = file.plan as PlannedFigures | null;
  const calibrationSeconds = (file.calibration as CalibrationEvidence | null)?.wallSeconds ?? 0;
  if (plan === null || !(plan.trials > 0)) return file.estimatedWallSeconds + calibrationSeconds;
  const startSeconds = Math.max(0, (file.estimatedWallSeconds - plan.estimatedSeconds) / plan.trials);
  const sampleSeconds = startSeconds + Math.min(plan.iterationsPerTrial, PER_CALL_SAMPLE_CALLS) * plan.planCallSeconds;
  const memorySeconds = startSeconds;
  const countSeconds =
    assumptions.countInstructions === null
      ? 0
      : assumptions.countInstructions === 'pmu'
        ? startSeconds + COUNTED_CALLS * plan.planCallSeconds
        : VALGRIND_START_SECONDS + COUNTED_CALLS * plan.planCallSeconds * VALGRIND_SLOWDOWN;
  const rerunSeconds = expectedRerunsOf(file, assumptions) * (file.estimatedWallSeconds / plan.trials);
  const processes = file.estimatedWallSeconds + calibrationSeconds + sampleSeconds + memorySeconds + countSeconds;
  return processes + rerunSeconds;
}

/**
 * What the estimate assumes, in words for the console.
 * @example
 * describeAssumptions(assumptions, 40);
 * // "the calibration's call times; ≈ 1.1 disturbed-trial reruns per operation (0 context switches in 0.14 s of calibration loops); …'
 */
export function describeAssumptions(assumptions: MeasurePhaseAssumptions, rerunsPerOperation: number): string {
  const counts =
    assumptions.countInstructions === null
      ? 'no instruction counts'
      : assumptions.countInstructions === 'pmu'
        ? 'instruction counts on the PMU'
        : `instruction counts under valgrind (≈ ${VALGRIND_START_SECONDS} s start-up, ${VALGRIND_SLOWDOWN}× per call)`;
  return (
    `the calibration's call times; ≈ ${rerunsPerOperation.toFixed(1)} disturbed-trial reruns per operation ` +
    `(${assumptions.contextSwitches} context switches in ${assumptions.timedLoopSeconds.toFixed(2)} s of calibration loops); ` +
    `calibration, trials, per-call sample and memory processes of every operation; ${counts}` +
    (assumptions.hostPace === null ? '' : `; host pace ${assumptions.hostPace.toFixed(2)} measured, not applied`)
  );
}
