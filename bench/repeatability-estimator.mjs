#!/usr/bin/env node
// How often the repeatability figure of bench/timing-accuracy.mjs (part 3) reads above its goal
// (median over the rounds of harness deviation / floor deviation > 1.5) when the harness adds no
// noise at all, or a given amount. Both sides' repeats are drawn as ln(second/first) ~ N(0, σ) with
// σ_harness = --true-ratio × σ_floor; the estimate of each estimator is the share of simulated runs
// (--runs) whose figure exceeds 1.5, and the chance that three runs in a row stay at or below it.
// Deterministic: a seeded generator (--seed), so the printed shares are the same on every machine.
// Usage: node bench/repeatability-estimator.mjs [--runs 20000] [--seed 1] [--rounds 5]
const argument = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const runs = argument('--runs', 20000);
const rounds = argument('--rounds', 5);
let seed = argument('--seed', 1) >>> 0;

// mulberry32: a small seeded uniform generator; Box–Muller turns two uniforms into a normal.
const uniform = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const normal = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const estimators = {
  // The figure before: median of |second/first − 1| over 3 pairs a round.
  'median |r − 1|': (logRatios) => median(logRatios.map((x) => Math.abs(Math.exp(x) - 1))),
  // The figure now: root mean square of ln(second/first) over the round's pairs.
  'rms ln r': (logRatios) => Math.sqrt(logRatios.reduce((sum, x) => sum + x * x, 0) / logRatios.length),
};

const floorSigma = 0.02;
console.log(`${runs} simulated runs of ${rounds} rounds each, seed ${argument('--seed', 1)}, floor σ ${floorSigma}`);
for (const [name, pairs] of [
  ['median |r − 1|', 3],
  ['rms ln r', 3],
  ['rms ln r', 8],
]) {
  for (const trueRatio of [1, 1.2]) {
    let above = 0;
    for (let run = 0; run < runs; run += 1) {
      const roundRatios = [];
      for (let round = 0; round < rounds; round += 1) {
        const draw = (sigma) => Array.from({ length: pairs }, () => normal() * sigma);
        roundRatios.push(estimators[name](draw(floorSigma * trueRatio)) / estimators[name](draw(floorSigma)));
      }
      if (median(roundRatios) > 1.5) above += 1;
    }
    const share = above / runs;
    console.log(
      `${name.padEnd(15)} ${String(pairs).padStart(2)} pairs a round, true harness/floor ${trueRatio.toFixed(2)}: figure > 1.5 in ${(share * 100).toFixed(1)} % of runs; three in a row ≤ 1.5: ${((1 - share) ** 3 * 100).toFixed(1)} %`,
    );
  }
}
