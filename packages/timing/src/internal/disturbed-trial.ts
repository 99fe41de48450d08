import type { CounterKind } from '../counter-types.js';
import type { DisturbedReason, TrialFigures } from '../trial-types.js';

/** When a trial counts as disturbed (SPEC §5), for one attempt. */
export interface DisturbanceRule {
  /** The fixed core clock, Hz; without it the cycles/seconds test cannot be made. */
  coreClockHz?: number;
  /** Rerun for involuntary context switches (else they are only flagged). */
  rerunOnContextSwitch: boolean;
}

/** Share of the core clock below which a trial ran slow: cycles/seconds < 0.95 × clock (SPEC §5). */
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
      reasons.push({ code: 'migration', message: `migrated ${trial.migrations} time(s) between CPUs during the loop`, rerun: true });
    }
  } else if (startCpu !== null && trial.cpuAfter !== null && startCpu !== trial.cpuAfter) {
    reasons.push({ code: 'migration', message: `started on CPU ${startCpu} and ended on CPU ${trial.cpuAfter}`, rerun: true });
  }
  if (trial.involuntarySwitches > 0) {
    reasons.push({
      code: 'context-switch',
      message: `preempted ${trial.involuntarySwitches} time(s) during the loop`,
      rerun: rule.rerunOnContextSwitch,
    });
  }
  return reasons;
}
