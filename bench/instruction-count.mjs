#!/usr/bin/env node
// Instruction counts against cycles on this host (run --count-instructions, time --counter instructions).
// Part 1: the bundled SHA-512 at 4 KiB, RUNS rounds; each round times the operation (5 trials, each in
// its own process, as `run` does) and then counts its instructions (one `ngcc-perf-driver count`
// process under valgrind, or the PMU where there is one). Prints the spread of the two across the
// rounds — the counts' should be 0 — and the counting's wall time per operation.
// Part 2: a compare of two "runs" where one candidate's code changed by one extra round: run A counts
// the bundled SHA-512 and the toy libtoy_rounds_1.so, run B the same SHA-512 and libtoy_rounds_2.so
// (one more 4003-instruction round), at 32 B, 1 KiB and 4 KiB, each count in a fresh process; the
// counts are compared exactly (compareInstructionCounts of @ngcc-perf/report, what `compare` does per
// operation). A try passes when exactly the toy's three operations are reported changed. TRIES tries.
// Usage: npm run build && node bench/instruction-count.mjs [--runs 5] [--tries 5] [--trial-target 1.0] [--cpu N]
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countInstructions, measureOperation } from '../packages/timing/dist/index.js';
import { compareInstructionCounts } from '../packages/report/dist/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const build = path.join(here, '..', 'native', 'build');
const argument = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
};
const runs = Number(argument('--runs', 5));
const tries = Number(argument('--tries', 5));
const trialTargetSeconds = Number(argument('--trial-target', 1.0));
const cpu = Number(argument('--cpu', os.cpus().length - 1));
const driverPath = path.join(build, 'ngcc-perf-driver');
const sha512 = path.join(build, 'examples', 'libsha512.so');
const toy = (rounds) => path.join(build, 'testlibs', `libtoy_rounds_${rounds}.so`);

async function count(library, digestBits, messageBytes) {
  const result = await countInstructions({ library, digestBits, messageBytes, driverPath });
  if (result.status !== 'complete') throw new Error(`${path.basename(library)} ${messageBytes} B: ${result.failure}`);
  return result.count;
}

const spread = (values) => Math.max(...values) - Math.min(...values);
const percent = (value) => `${(value * 100).toFixed(2)} %`;

console.log(`part 1: SHA-512 at 4096 B, ${runs} rounds (trial target ${trialTargetSeconds} s, CPU ${cpu})`);
const cycles = [];
const counts = [];
for (let round = 1; round <= runs; round += 1) {
  const timed = await measureOperation({
    library: sha512,
    digestBits: 512,
    messageBytes: 4096,
    options: { trialTargetSeconds },
    cpu,
    driverPath,
  });
  if (timed.status !== 'complete') throw new Error(`timing failed: ${timed.failure}`);
  const counted = await count(sha512, 512, 4096);
  cycles.push(timed.derived.meanCycles);
  counts.push(counted);
  console.log(
    `  round ${round}: ${timed.derived.meanCycles.toFixed(1)} ${timed.counter.name} ticks/call (trial CV ${percent(timed.derived.cv ?? 0)}); ` +
      `${counted.instructions} instructions/call (${counted.source}${counted.tool ? `, ${counted.tool}` : ''}), counted in ${counted.seconds.toFixed(2)} s`,
  );
}
const instructions = counts.map((c) => c.instructions);
const seconds = counts.map((c) => c.seconds).sort((a, b) => a - b);
console.log(
  `  instructions: spread ${spread(instructions)} (max − min over ${runs} rounds; ${Math.min(...instructions)} … ${Math.max(...instructions)})`,
);
console.log(
  `  cycles:       spread ${spread(cycles).toFixed(1)} ticks, max/min − 1 = ${percent(Math.max(...cycles) / Math.min(...cycles) - 1)}`,
);
console.log(
  `  counting wall time per operation: median ${seconds[Math.floor((seconds.length - 1) / 2)].toFixed(2)} s ` +
    `(${seconds[0].toFixed(2)} … ${seconds[seconds.length - 1].toFixed(2)} s)`,
);

console.log(`part 2: compare, one candidate changed by one extra round, ${tries} tries`);
const sizes = [32, 1024, 4096];
let passed = 0;
for (let attempt = 1; attempt <= tries; attempt += 1) {
  const changed = [];
  for (const [name, before, after, digestBits] of [
    ['sha512', sha512, sha512, 512],
    ['toy', toy(1), toy(2), 256],
  ]) {
    for (const messageBytes of sizes) {
      const [a, b] = await Promise.all([
        count(before, digestBits, messageBytes),
        count(after, digestBits, messageBytes),
      ]);
      const verdict = compareInstructionCounts(
        { messageBytes, instructionCount: a },
        { messageBytes, instructionCount: b },
        0.02,
      );
      if (verdict.differenceInstructions !== 0)
        changed.push(
          `${name} ${messageBytes} B ${verdict.differenceInstructions > 0 ? '+' : ''}${verdict.differenceInstructions} (${verdict.verdict})`,
        );
    }
  }
  const ok = changed.length === sizes.length && changed.every((entry) => entry.startsWith('toy '));
  passed += ok ? 1 : 0;
  console.log(
    `  try ${attempt}: changed ${changed.join(', ') || 'nothing'} → ${ok ? 'exactly the changed candidate' : 'WRONG'}`,
  );
}
console.log(`  ${passed} of ${tries} tries reported exactly the changed candidate's operations`);
