import type { TimeArgs } from '../driver-args.js';
import type { TimingRunner } from '../driver-runner.js';
import type { MeasurementPlan } from '../measurement-types.js';
import type { TrialProcess } from '../trial-types.js';
import { findDisturbances } from './disturbed-trial.js';
import { trialProcessFromRun } from './trial-process-from-run.js';

/**
 * Runs the per-call sample process of a loop-scope measurement once: its disturbances are
 * recorded (`disturbedReasons`) but never rerun, since its quartiles already set the rare slow
 * calls aside and its figures do not enter the loop-scope statistics.
 */
export async function runPerCallSample(
  runner: TimingRunner,
  args: TimeArgs,
  plan: MeasurementPlan,
): Promise<{ process: TrialProcess }> {
  const { process, meta } = trialProcessFromRun(await runner.time(args), 1);
  if (process.trial === null) return { process };
  const reasons = findDisturbances(process.trial, process.cpu, meta?.counter.kind ?? null, {
    ...(plan.coreClockHz === null ? {} : { coreClockHz: plan.coreClockHz }),
    rerunOnContextSwitch: false,
  });
  const flagged = reasons.map((reason) => ({ ...reason, rerun: false }));
  return { process: flagged.length === 0 ? process : { ...process, disturbedReasons: flagged } };
}
