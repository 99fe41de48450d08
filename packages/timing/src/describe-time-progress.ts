import { formatSeconds } from '@ngcc-perf/stats';
import type { TimeOperationProgress } from './time-operation.js';
import type { TrialProcess } from './trial-types.js';

/** What the calibration process timed: its cold call (and the warm calls after it), or its batch. */
function describeCalibration(process: TrialProcess): string {
  const trial = process.trial;
  if (trial === null) return 'no trial';
  if (trial.iterations > 1) {
    return `a batch of ${trial.iterations} calls took ${formatSeconds(trial.seconds)} (${formatSeconds(trial.seconds / trial.iterations)} each)`;
  }
  const warm = trial.warmCheck;
  const warmText =
    warm === undefined || warm.iterations === 0
      ? ''
      : `, then ${warm.iterations} warm calls of ${formatSeconds(warm.seconds / warm.iterations)} each`;
  return `cold call ${formatSeconds(trial.seconds)}${warmText}`;
}

/**
 * One progress line (without a prefix or newline) for one event of `timeOperation` (`ngcc-perf time`;
 * `plan` uses the calibrating line): the calibration about to start with its process's timeout (the
 * operation budget, SPEC §5), each finished driver process, the memory process about to start; null
 * for a calibration that could not load the library (the caller then fails with that as its one error line).
 * @example
 * describeTimeProgress({ phase: 'calibrating', messageBytes: 64, timeoutSeconds: 2 });
 * // 'calibrating 64 B (one cold call; a process is killed after 2 s)'
 * describeTimeProgress(event); // 'trial 2/5: 640 ms timed loop of 20000 calls on CPU 1'
 */
export function describeTimeProgress(event: TimeOperationProgress): string | null {
  if (event.phase === 'calibrating')
    return `calibrating ${event.messageBytes} B (one cold call; a process is killed after ${event.timeoutSeconds} s)`;
  if (event.phase === 'memory') return `memory of one call (one more process; killed after ${event.timeoutSeconds} s)`;
  const { process } = event;
  if (event.phase === 'calibration') {
    // A library that does not load is bad input: the command says so once, as its error.
    if (process.failure?.code === 'LOADFAIL') return null;
    if (process.failure !== undefined)
      return `calibration failed: ${process.failure.code} — ${process.failure.message}`;
    return `calibration: ${describeCalibration(process)}; ${event.trials} trial(s) to run`;
  }
  const which = `trial ${event.trial}/${event.trials}${event.attempt > 1 || event.rerun ? `, attempt ${event.attempt}` : ''}`;
  if (process.failure !== undefined) return `${which}: failed — ${process.failure.code} — ${process.failure.message}`;
  const trial = process.trial;
  const figures =
    trial === null ? 'no figures' : `${formatSeconds(trial.seconds)} timed loop of ${trial.iterations} calls`;
  const where = process.cpu === null ? '' : ` on CPU ${process.cpu}`;
  const reasons = event.disturbedReasons.map((reason) => reason.message).join('; ');
  if (event.rerun) return `${which}: ${figures}${where}, disturbed (${reasons}): run again`;
  // Disturbed, but no rerun left (attempts, budget, or context-switch reruns judged futile).
  if (event.disturbedReasons.some((reason) => reason.rerun))
    return `${which}: ${figures}${where}, disturbed (${reasons}): kept, reruns stopped`;
  return `${which}: ${figures}${where}${reasons === '' ? '' : ` (flagged: ${reasons})`}`;
}
