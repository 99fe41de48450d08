import type { DriverMetaLine } from '../driver-lines.js';
import type { TimeArgs } from '../driver-args.js';
import type { TimingRunner } from '../driver-runner.js';
import type { MeasurementPlan } from '../measurement-types.js';
import { TimingError } from '../timing-error.js';
import type { DiscardedAttempt, DisturbedReason, RerunStop, TrialProcess } from '../trial-types.js';
import { findDisturbances } from './disturbed-trial.js';
import { trialProcessFromRun } from './trial-process-from-run.js';

/** Attempts of one trial at most, the first included (SPEC §5). */
export const MAX_ATTEMPTS = 3;

/** What the trials of one operation share while they run. */
export interface TrialRunState {
  /** Wall seconds of the trial processes so far (attempts included). */
  spentSeconds: number;
  /** Set once a context-switch rerun was preempted again (policy `rerun-until-futile`). */
  contextSwitchRerunsFutile: boolean;
}

/** One trial's surroundings. */
export interface TrialRunContext {
  runner: TimingRunner;
  args: TimeArgs;
  plan: MeasurementPlan;
  state: TrialRunState;
  onAttempt?: (attempt: number, process: TrialProcess, reasons: DisturbedReason[], rerun: boolean) => void;
}

/** The kept process of a trial, the first `meta` line seen, and how many reruns it took. */
export interface TrialRunOutcome {
  process: TrialProcess;
  meta: DriverMetaLine | null;
  retries: number;
}

/**
 * Runs one trial: an attempt in its own driver process, rerun while it is disturbed (SPEC §5) —
 * at most 3 attempts, never past the operation's budget, and, with `rerun-until-futile`, not
 * again for a context switch once a context-switch rerun was itself preempted.
 */
export async function runTrial(context: TrialRunContext): Promise<TrialRunOutcome> {
  const { plan, state } = context;
  const discarded: DiscardedAttempt[] = [];
  const withHistory = (process: TrialProcess): TrialProcess =>
    discarded.length === 0 ? process : { ...process, discardedAttempts: [...discarded] };
  let firstMeta: DriverMetaLine | null = null;
  for (let attempt = 1; ; attempt += 1) {
    const { process, meta } = trialProcessFromRun(await context.runner.time(context.args), attempt);
    firstMeta ??= meta;
    state.spentSeconds += process.wallSeconds;
    if (process.trial === null) {
      context.onAttempt?.(attempt, process, [], false);
      return { process: withHistory(process), meta: firstMeta, retries: attempt - 1 };
    }
    if (plan.scope === 'per-call' && process.trial.perCall === undefined) {
      throw new TimingError(
        'DRIVER_UNSUPPORTED',
        `${process.command.join(' ')} wrote a trial line without "perCall" although --scope per-call was given. ` +
          'Rebuild native/ with "npm run build" so the driver matches native/PROTOCOL.md.',
      );
    }
    const policy = plan.onContextSwitch;
    const reasons = findDisturbances(process.trial, process.cpu, meta?.counter.kind ?? null, {
      ...(plan.coreClockHz === null ? {} : { coreClockHz: plan.coreClockHz }),
      rerunOnContextSwitch: policy === 'rerun' || (policy === 'rerun-until-futile' && !state.contextSwitchRerunsFutile),
    });
    const wantsRerun = reasons.some((reason) => reason.rerun);
    const stop = wantsRerun ? rerunStop(context, attempt, reasons, discarded) : null;
    context.onAttempt?.(attempt, process, reasons, wantsRerun && stop === null);
    if (!wantsRerun || stop !== null) {
      const kept: TrialProcess = {
        ...process,
        ...(reasons.length === 0 ? {} : { disturbedReasons: reasons }),
        ...(stop === null ? {} : { disturbed: true as const, rerunStopped: stop }),
      };
      return { process: withHistory(kept), meta: firstMeta, retries: attempt - 1 };
    }
    discarded.push({
      attempt,
      cpu: process.cpu,
      wallSeconds: process.wallSeconds,
      trial: process.trial,
      disturbedReasons: reasons,
    });
  }
}

function rerunStop(
  context: TrialRunContext,
  attempt: number,
  reasons: readonly DisturbedReason[],
  discarded: readonly DiscardedAttempt[],
): RerunStop | null {
  const { plan, state } = context;
  const preempted = (list: readonly DisturbedReason[]) => list.some((r) => r.code === 'context-switch' && r.rerun);
  const previous = discarded[discarded.length - 1];
  if (
    plan.onContextSwitch === 'rerun-until-futile' &&
    previous !== undefined &&
    preempted(previous.disturbedReasons) &&
    preempted(reasons)
  ) {
    state.contextSwitchRerunsFutile = true;
    return 'futile';
  }
  if (attempt >= MAX_ATTEMPTS) return 'max-attempts';
  // The calls at the planned rate, plus the set-up a process pays again when the plan came from warm calls.
  const processEstimateSeconds =
    (plan.iterationsPerTrial + plan.warmups) * plan.planCallSeconds +
    Math.max(0, plan.calibrationSeconds - plan.planCallSeconds);
  if (state.spentSeconds + processEstimateSeconds > plan.budgetSeconds) return 'budget';
  return null;
}
