// How likely a timed trial is disturbed (an involuntary context switch during its loop), and how
// many reruns of disturbed trials an operation can expect: what a measure phase's estimate rests on.
/**
 * Probability that a trial of `trialSeconds` is preempted (an involuntary context switch during
 * its loop), from `switches` seen in `timedSeconds` of calibration loops: with the rate of
 * preemption unknown (flat prior), its posterior after that evidence is Gamma(switches + 1,
 * timedSeconds), and the chance of at least one switch in the trial is
 * 1 − (timedSeconds / (timedSeconds + trialSeconds))^(switches + 1). Little evidence gives a high
 * probability: a trial far longer than the loops seen cannot be assumed to run undisturbed.
 * @example
 * preemptionProbability(0, 0.14, 1); // 0.877
 */
export function preemptionProbability(switches: number, timedSeconds: number, trialSeconds: number): number {
  if (!(trialSeconds > 0)) return 0;
  if (!(timedSeconds > 0)) return 1;
  return 1 - (timedSeconds / (timedSeconds + trialSeconds)) ** (switches + 1);
}

/**
 * Expected reruns of disturbed trials in an operation of `trials` trials under timing's default
 * `rerun-until-futile` policy, each trial (and each rerun) preempted with probability `p`
 * independently: a preempted trial is rerun; a rerun preempted again ends reruns for the
 * operation. E(0) = 0, E(k) = p + (1 − p²)·E(k − 1).
 * @example
 * expectedReruns(5, 1); // 1 (one rerun, then reruns have proved futile)
 */
export function expectedReruns(trials: number, p: number): number {
  let expected = 0;
  for (let k = 1; k <= trials; k += 1) expected = p + (1 - p * p) * expected;
  return expected;
}
