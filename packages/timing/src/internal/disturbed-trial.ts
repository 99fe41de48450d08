import type { CounterKind, TrialFigures } from '../measurement-types.js';

/** When a trial counts as disturbed (SPEC §5). */
export interface DisturbanceRule {
  /** The fixed core clock, Hz; without it the cycles/seconds test cannot be made. */
  coreClockHz?: number;
  /** Also rerun a trial that was preempted (involuntary context switches > 0). */
  rerunOnContextSwitch?: boolean;
}

/** Share of the core clock below which a trial ran slow: cycles/seconds < 0.95 × clock (SPEC §5). */
const SLOW_CLOCK_RATIO = 0.95;

/**
 * Why a trial is disturbed, or null. The clock test needs core cycles: a fixed-rate counter ticks
 * at the same rate whatever the core does, so it can never show a slowed core.
 */
export function findDisturbance(trial: TrialFigures, counterKind: CounterKind | null, rule: DisturbanceRule): string | null {
  if (rule.coreClockHz !== undefined && counterKind === 'core-cycles' && trial.seconds > 0) {
    const observedHz = trial.ticks / trial.seconds;
    if (observedHz < SLOW_CLOCK_RATIO * rule.coreClockHz) {
      return `ran at ${(observedHz / 1e6).toFixed(0)} MHz, below 95 % of the ${(rule.coreClockHz / 1e6).toFixed(0)} MHz core clock`;
    }
  }
  if (rule.rerunOnContextSwitch === true && trial.involuntarySwitches > 0) {
    return `preempted ${trial.involuntarySwitches} time(s) during the loop`;
  }
  return null;
}
