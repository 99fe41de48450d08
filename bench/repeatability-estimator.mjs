#!/usr/bin/env node
// How often the repeatability figure of bench/timing-accuracy.mjs (part 3) reads above its goal
// (median over the rounds of harness deviation / floor deviation > 1.5) when the harness adds no
// noise at all, or a given amount — for each way of scoring a round and each size of a run.
// Two models of a pair's ln(second/first):
//  - normal: ln r ~ N(0, σ) with σ = 2 % for the floor;
//  - measured: ln r drawn (with replacement) from the floor's pairs of a real run of the benchmark
//    on this VM (--pairs-file, default bench/data/repeatability-pairs-2026-12-02.json), whose
//    bursts of the shared host give it heavy tails.
// The harness's ln r is the floor's model times --true-ratio's values (1: it adds nothing). Each line
// prints the share of simulated runs (--runs) whose figure exceeds the goal and the chance that
// three runs in a row stay at or below it. Deterministic: a seeded generator (--seed).
// Usage: node bench/repeatability-estimator.mjs [--runs 20000] [--seed 1] [--pairs-file FILE]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from '../packages/stats/dist/index.js';
import { REPEATABILITY_GOAL, medianLogDeviation, rmsLogDeviation } from './repeatability-score.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const argument = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
};
const runs = Number(argument('--runs', 20000));
const seedArgument = Number(argument('--seed', 1));
const pairsFile = argument('--pairs-file', path.join(here, 'data', 'repeatability-pairs-2026-12-02.json'));
// A pairs file (bench/data/, or one written by `bench/timing-accuracy.mjs --save-pairs FILE`) holds
// `floorPairRatios`: the floor's second/first ratios, positive numbers.
const readFloorPairs = (file) => {
  let document;
  try {
    document = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`--pairs-file ${file}: ${error.message}`);
  }
  const ratios = document?.floorPairRatios;
  if (!Array.isArray(ratios) || ratios.length < 8 || !ratios.every((r) => typeof r === 'number' && r > 0)) {
    throw new Error(
      `--pairs-file ${file}: expected "floorPairRatios", an array of at least 8 positive second/first ratios ` +
        '(as `node bench/timing-accuracy.mjs --parts 3 --save-pairs FILE` writes)',
    );
  }
  return ratios.map(Math.log);
};
let measuredLogRatios;
try {
  measuredLogRatios = readFloorPairs(pairsFile);
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
let seed = seedArgument >>> 0;

// mulberry32: a small seeded uniform generator; Box–Muller turns two uniforms into a normal.
const uniform = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const normal = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
const models = {
  normal: () => normal() * 0.02,
  measured: () => measuredLogRatios[Math.floor(uniform() * measuredLogRatios.length)],
};
// The scores take pair ratios r; the models give ln r.
const scores = { 'rms ln r': rmsLogDeviation, 'median |ln r|': medianLogDeviation };

console.log(
  `${runs} simulated runs a line, seed ${seedArgument}; measured model: the ${measuredLogRatios.length} floor pairs of ${path.relative(process.cwd(), pairsFile)}`,
);
for (const [modelName, draw] of Object.entries(models)) {
  for (const [rounds, pairs] of [
    [5, 8],
    [7, 12],
  ]) {
    for (const [scoreName, score] of Object.entries(scores)) {
      const cells = [];
      for (const trueRatio of [1, 1.3, 2]) {
        let above = 0;
        for (let run = 0; run < runs; run += 1) {
          const roundRatios = [];
          for (let round = 0; round < rounds; round += 1) {
            const side = (scale) => Array.from({ length: pairs }, () => Math.exp(draw() * scale));
            roundRatios.push(score(side(trueRatio)) / score(side(1)));
          }
          if (median(roundRatios) > REPEATABILITY_GOAL) above += 1;
        }
        const share = above / runs;
        cells.push(
          trueRatio === 1
            ? `adds nothing: > ${REPEATABILITY_GOAL} in ${(share * 100).toFixed(1)} %, three in a row ≤ ${REPEATABILITY_GOAL} ${((1 - share) ** 3 * 100).toFixed(1)} %`
            : `×${trueRatio}: > ${REPEATABILITY_GOAL} in ${(share * 100).toFixed(1)} %`,
        );
      }
      console.log(
        `${modelName.padEnd(8)} ${rounds} × ${String(pairs).padStart(2)} pairs, ${scoreName.padEnd(13)} ${cells.join('; ')}`,
      );
    }
  }
}
