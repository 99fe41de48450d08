import { formatSeconds } from '@ngcc-perf/stats';
import type { OperationMeasurement } from './measurement-types.js';

/** Where the plan's seconds per call came from, in words (MeasurementPlan.calibrationBasis). */
function describeBasis(measured: OperationMeasurement): string {
  const plan = measured.plan;
  if (plan === null) return '';
  if (plan.calibrationBasis === 'warm-calls') {
    return `from the warm calls (${formatSeconds(plan.planCallSeconds)} each) after a ${formatSeconds(plan.calibrationSeconds)} cold call (one-time set-up or cold caches)`;
  }
  if (plan.calibrationBasis === 'batch') {
    const batchCalls = measured.calibration.trial?.iterations ?? 0;
    return `from a batch of ${batchCalls} calls, ${formatSeconds(plan.calibrationSeconds)} each (one call is too short to time alone)`;
  }
  const warm =
    plan.warmCallSeconds === null ? '' : ` (the warm calls after it took ${formatSeconds(plan.warmCallSeconds)} each)`;
  return `from one cold call of ${formatSeconds(plan.calibrationSeconds)}${warm}`;
}

/**
 * The human lines of `ngcc-perf time` that say how the trials were planned (SPEC §5) and how long
 * their timed loops actually ran against the target: empty when calibration failed.
 * @param measured - the measurement
 * @param fixedIterations - true when `--iterations` fixed the calls per trial (no target applies)
 * @returns zero, one or two lines, each with its newline
 * @example
 * describeTimePlan(measured, false);
 * // 'plan: 5 trials × 20000 calls (+3 warm-ups), from the warm calls (32.0 µs each) after a 1.89 ms cold call (one-time set-up or cold caches)\n'
 * // + 'trials: 0.641 s, 0.640 s, 0.642 s, 0.640 s, 0.641 s of timed loop, target 1.00 s\n'
 */
export function describeTimePlan(measured: OperationMeasurement, fixedIterations: boolean): string {
  const plan = measured.plan;
  if (plan === null) return '';
  const shape = `${plan.trials} trials × ${plan.iterationsPerTrial} calls (+${plan.warmups} warm-ups)`;
  const basis = fixedIterations
    ? `calls per trial fixed by --iterations, warm-ups planned ${describeBasis(measured)}`
    : describeBasis(measured);
  const lines = [`plan: ${shape}, ${basis}`];
  const seconds = measured.processes.flatMap((p) => (p.trial === null ? [] : [p.trial.seconds]));
  if (seconds.length > 0) {
    const shown =
      seconds.length <= 10
        ? seconds.map(formatSeconds).join(', ')
        : `${seconds.length} loops of ${formatSeconds(Math.min(...seconds))} to ${formatSeconds(Math.max(...seconds))}`;
    const target = fixedIterations ? '' : `, target ${formatSeconds(plan.trialTargetSeconds)}`;
    lines.push(`trials: ${shown} of timed loop${target}`);
  }
  return lines.map((line) => `${line}\n`).join('');
}
