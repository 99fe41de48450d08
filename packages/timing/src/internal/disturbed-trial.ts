import type { CpuQuota } from '@ngcc-perf/record';
import type { CounterKind } from '../counter-types.js';
import { cpuQuotaFigures } from '../describe-cpu-quota.js';
import { RUN_DELAY_RERUN_SHARE } from '../timing-options.js';
import type { DisturbedReason, TrialFigures } from '../trial-types.js';

/** When a trial counts as disturbed (guide §3.4), for one attempt. */
export interface DisturbanceRule {
  /** The fixed core clock, Hz; without it the cycles/seconds test cannot be made. */
  coreClockHz?: number;
  /** Rerun for involuntary context switches (else they are only flagged). */
  rerunOnContextSwitch: boolean;
  /** The CFS CPU quota the process runs under: its stops are then named as throttling, not as other work. */
  cpuQuota?: CpuQuota | null;
}

/** Share of the core clock below which a trial ran slow: cycles/seconds < 0.95 × clock (guide §3.4). */
const SLOW_CLOCK_RATIO = 0.95;

/**
 * Every disturbance of one attempt, in a fixed order (slow clock, migration, context switch).
 * The clock test needs core cycles: a fixed-rate counter ticks at the same rate whatever the core
 * does, so it can never show a slowed core. A migration is seen in the driver's `migrations`
 * count of the timed loop when it reports one (then trusted alone: `meta.cpu` is read before the
 * warm-ups), else as a trial that ended on another CPU than `meta` named.
 */
export function findDisturbances(
  trial: TrialFigures,
  startCpu: number | null,
  counterKind: CounterKind | null,
  rule: DisturbanceRule,
): DisturbedReason[] {
  const reasons: DisturbedReason[] = [];
  if (rule.coreClockHz !== undefined && counterKind === 'core-cycles' && trial.seconds > 0) {
    const observedHz = trial.ticks / trial.seconds;
    if (observedHz < SLOW_CLOCK_RATIO * rule.coreClockHz) {
      reasons.push({
        code: 'slow-clock',
        message: `ran at ${(observedHz / 1e6).toFixed(0)} MHz, below 95 % of the ${(rule.coreClockHz / 1e6).toFixed(0)} MHz core clock`,
        rerun: true,
      });
    }
  }
  if (typeof trial.migrations === 'number') {
    if (trial.migrations > 0) {
      reasons.push({
        code: 'migration',
        message: `migrated ${trial.migrations} time(s) between CPUs during the loop`,
        rerun: true,
      });
    }
  } else if (startCpu !== null && trial.cpuAfter !== null && startCpu !== trial.cpuAfter) {
    reasons.push({
      code: 'migration',
      message: `started on CPU ${startCpu} and ended on CPU ${trial.cpuAfter}`,
      rerun: true,
    });
  }
  if (trial.involuntarySwitches > 0)
    reasons.push(contextSwitchReason(trial, rule.rerunOnContextSwitch, rule.cpuQuota ?? null));
  return reasons;
}

/**
 * The context-switch disturbance. Without a run delay from the driver every preemption counts
 * (as the policy says); with one, a preemption whose waiting time stayed within
 * {@link RUN_DELAY_RERUN_SHARE} of the loop is only flagged: the figure it left is off by less
 * than that share, and rerunning it on a shared host costs a whole trial for nothing.
 */
function contextSwitchReason(trial: TrialFigures, rerunByPolicy: boolean, cpuQuota: CpuQuota | null): DisturbedReason {
  const preempted =
    cpuQuota === null
      ? `preempted ${trial.involuntarySwitches} time(s) during the loop`
      : `stopped ${trial.involuntarySwitches} time(s) during the loop under the CFS CPU quota of ${cpuQuotaFigures(cpuQuota)}`;
  if (trial.runDelayNs === undefined || trial.seconds <= 0)
    return { code: 'context-switch', message: preempted, rerun: rerunByPolicy };
  const share = trial.runDelayNs / 1e9 / trial.seconds;
  const waited = `waiting ${(trial.runDelayNs / 1e6).toFixed(3)} ms for a CPU (${(share * 100).toFixed(2)} % of the loop)`;
  if (share <= RUN_DELAY_RERUN_SHARE) {
    return {
      code: 'context-switch',
      message: `${preempted}, ${waited}: within the ${RUN_DELAY_RERUN_SHARE * 100} % limit, kept`,
      rerun: false,
    };
  }
  return {
    code: 'context-switch',
    message: `${preempted}, ${waited}: above the ${RUN_DELAY_RERUN_SHARE * 100} % limit`,
    rerun: rerunByPolicy,
  };
}
