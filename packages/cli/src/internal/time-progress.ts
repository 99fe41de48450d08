import type { MeasureProgress, TrialProcess } from '@ngcc-perf/timing';
import { formatSeconds } from '@ngcc-perf/stats';

/**
 * The progress line before a calibration (`time`, `plan`): what runs and how long its process may
 * take before it is killed (the operation budget, guide §3.4; `--budget`).
 * @param messageBytes - L, bytes
 * @param timeoutSeconds - the calibration process's timeout, seconds
 * @example
 * calibratingLine(64, 2); // '[ngcc-perf] calibrating 64 B (one cold call; a process is killed after 2 s)\n'
 */
export function calibratingLine(messageBytes: number, timeoutSeconds: number): string {
  return `[ngcc-perf] calibrating ${messageBytes} B (one cold call; a process is killed after ${timeoutSeconds} s)\n`;
}

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
 * One progress line (without the `[ngcc-perf] ` prefix) for one finished driver process of
 * `measureOperation`; null for a calibration that could not load the library (the command then
 * fails with that as its one error line).
 * @example
 * describeProgress(event); // 'trial 2/5: 640 ms timed loop of 20000 calls on CPU 1'
 */
export function describeProgress(event: MeasureProgress): string | null {
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

/**
 * The progress sink of `ngcc-perf time`: one `[ngcc-perf] …` line per finished driver process
 * (the calibration, each trial attempt), written to `write` (stderr).
 * @param write - receives each line with its newline
 * @returns the `onProgress` callback for `measureOperation`
 * @example
 * measureOperation({ ...options, onProgress: createTimeProgress(context.io.stderr) });
 */
export function createTimeProgress(write: (line: string) => void): (event: MeasureProgress) => void {
  return (event) => {
    const line = describeProgress(event);
    if (line !== null) write(`[ngcc-perf] ${line}\n`);
  };
}
