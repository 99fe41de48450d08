#!/usr/bin/env node
// Does profiling the ICCS placeholder primitives move the headline? (issue 36.) The campaign runs
// one `op-profile` process after an operation's trials; the timed `op-time` processes load the plain
// ICCS stand-ins, never the counting ones, so the headline should not move. Measured here in turns:
// per round, the headline of one public-key operation (`measureOperation` of @ngcc-perf/timing: the
// median of its trial means) once alone and once right after a profiling process
// (`profileOperation`), the side that goes first alternating; the result is the median over the
// rounds of the ratio with / without, printed beside the headline's own interval (its relative
// half-width, the median over the rounds): the profile must not move the headline by more.
// Usage: node bench/profile-overhead.mjs [--rounds 7] [--trial-target 0.1] [--library PATH] [--operation dec]
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureOperation, profileOperation } from '../packages/timing/dist/index.js';
import { median } from '../packages/stats/dist/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = path.join(root, 'native', 'build');
const driverPath = process.env.NGCC_PERF_DRIVER ?? path.join(build, 'ngcc-perf-driver');
const argument = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
};
const rounds = Number(argument('--rounds', 7));
const trialTargetSeconds = Number(argument('--trial-target', 0.1));
const library = argument('--library', path.join(build, 'testlibs', 'libpk_toy_profile_half.so'));
const operation = { category: 'kem', name: argument('--operation', 'dec'), parameters: {} };
const cpu = os.availableParallelism() - 1;

async function headline() {
  const measured = await measureOperation({
    library,
    messageBytes: 0,
    operation,
    cpu,
    driverPath,
    hostCheck: 'quiet',
    options: { trialTargetSeconds },
  });
  if (measured.derived === null) throw new Error(`could not measure ${operation.name}: ${measured.failure}`);
  const figure = measured.derived.headline;
  return { ticks: figure.medianCycles, low: figure.lowCycles, high: figure.highCycles, counter: measured.counter };
}

async function profiled() {
  const result = await profileOperation({ library, operation, cpu, driverPath, iterations: 20 });
  if (result.status !== 'complete') throw new Error(`could not profile ${operation.name}: ${result.failure}`);
  return result.profile;
}

const pairs = [];
let counter;
let profile;
for (let round = 0; round < rounds; round++) {
  let alone;
  let after;
  if (round % 2 === 0) {
    alone = await headline();
    profile = await profiled();
    after = await headline();
  } else {
    profile = await profiled();
    after = await headline();
    alone = await headline();
  }
  counter = alone.counter;
  const halfWidth = alone.low === null || alone.high === null ? null : (alone.high - alone.low) / 2 / alone.ticks;
  pairs.push({ ratio: after.ticks / alone.ticks, halfWidth });
}
const ratio = median(pairs.map((pair) => pair.ratio));
const widths = pairs.flatMap((pair) => (pair.halfWidth === null ? [] : [pair.halfWidth]));
const halfWidth = widths.length === 0 ? null : median(widths);
const share = profile.primitives.find((entry) => entry.name === 'pseudoXOF');
console.log(
  `counter ${counter.name} (${counter.kind}); ${rounds} rounds; CPU ${cpu}; trial target ${trialTargetSeconds} s; ` +
    `${path.basename(library)} ${operation.name}`,
);
console.log(
  `headline after a profiling process / alone: median ratio ${ratio.toFixed(4)} (${((ratio - 1) * 100).toFixed(2)} %; ` +
    `pairs ${pairs.map((pair) => pair.ratio.toFixed(3)).join(' ')})`,
);
console.log(
  `the headline's interval: ± ${halfWidth === null ? 'n/a' : `${(halfWidth * 100).toFixed(2)} %`} (median relative half-width); ` +
    `${halfWidth !== null && Math.abs(ratio - 1) <= halfWidth ? 'within it' : 'NOT within it'}`,
);
console.log(
  `last profile: pseudoXOF ${share.callsPerOperation} call(s) per operation, share ${(share.share * 100).toFixed(1)} %; ` +
    `the probes added ${(profile.probeOverheadRatio * 100).toFixed(2)} % inside the profiling process`,
);
