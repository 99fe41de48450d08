// The scoring of the repeatability benchmark (bench/timing-accuracy.mjs part 3), in one place so the
// benchmark and its simulation (bench/repeatability-estimator.mjs) score alike.
//
// A pair is two measurements of the same operation; its figure is r = second / first. A side's
// deviation over a round's pairs is the median of |ln r|. Not the root mean square: this host's
// own pairs are heavy-tailed (bench/data/repeatability-pairs-2026-12-02.json: 6 of the floor's 120
// pairs lie beyond ±10 %, where a normal law with the same median |ln r| of 1.45 % would put one in
// about a thousand runs of 120), so one burst of the shared host decides a round's root mean square,
// on whichever side it lands.
// bench/repeatability-estimator.mjs prints how often each score reads above the goal when the
// harness adds nothing, drawing both sides from those measured floor pairs.
import { median } from '../packages/stats/dist/index.js';

/** A round's deviation of one side: the median of |ln r| over its pair ratios r (a fraction: 0.01 = 1 %). */
export const medianLogDeviation = (ratios) => median(ratios.map((r) => Math.abs(Math.log(r))));

/** The root mean square of ln r over pair ratios r (printed beside the goal's score, pooled). */
export const rmsLogDeviation = (ratios) =>
  Math.sqrt(ratios.reduce((sum, r) => sum + Math.log(r) ** 2, 0) / ratios.length);

/** How many pair ratios lie beyond ±`fraction` (ln r outside ±ln(1 + fraction)). */
export const beyond = (ratios, fraction) => ratios.filter((r) => Math.abs(Math.log(r)) > Math.log(1 + fraction)).length;

/** The goal: the median over the rounds of harness deviation / floor deviation is at most this. */
export const REPEATABILITY_GOAL = 1.5;
