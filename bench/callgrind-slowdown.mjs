#!/usr/bin/env node
// How much slower one CryptHash call runs while `count --source valgrind` counts it than natively:
// the factor `plan --count-instructions` multiplies a size's calibrated call time by
// (CALLGRIND_SLOWDOWN in packages/cli/src/internal/time-instructions.ts).
// For each bundled example at SIZE bytes, ROUNDS rounds, interleaved:
//   native    — the warm call time `plan` uses (planOperation's planCallSeconds, one calibration process);
//   callgrind — one count process with MANY counted calls and one with 1 (no warm-ups), each under
//               valgrind: (wall(MANY) − wall(1)) / (MANY − 1) is one counted call, with its harness
//               call and its callgrind dump, start-up and loading cancelled out;
//   factor    — callgrind / native, per round; the median of the rounds per example, and over all.
// Then, per example, the check of the estimate: `ngcc-perf plan LIB --count-instructions valgrind --json`
// at the guide sizes (the estimate, with the factor the code holds) beside the wall time of counting every
// guide size as `run --count-instructions` does (one count process per size, default calls).
// Usage: npm run build && node bench/callgrind-slowdown.mjs [--rounds 3] [--size 1048576] [--calls 21] [--cpu N]
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countInstructions, GUIDE_MESSAGE_SIZES_BYTES, planOperation } from '../packages/timing/dist/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const build = path.join(here, '..', 'native', 'build');
const argument = (name, fallback) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback;
const rounds = Number(argument('--rounds', '3'));
const messageBytes = Number(argument('--size', '1048576'));
const manyCalls = Number(argument('--calls', '21'));
const cpu = Number(argument('--cpu', String(os.cpus().length - 1)));
const driverPath = path.join(build, 'ngcc-perf-driver');
const EXAMPLES = [
  ['sha512', 512],
  ['sm3', 256],
  ['shake256_512', 512],
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function countWallSeconds(library, digestBits, calls, bytes = messageBytes, warmups = 0) {
  const started = process.hrtime.bigint();
  const result = await countInstructions({
    library,
    digestBits,
    messageBytes: bytes,
    source: 'valgrind',
    ...(calls === null ? {} : { calls, warmups }),
    driverPath,
  });
  if (result.status !== 'complete') throw new Error(`${path.basename(library)}: ${result.failure}`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function nativeCallSeconds(library, digestBits) {
  const planned = await planOperation({ library, digestBits, messageBytes, options: {}, cpu, driverPath });
  if (planned.status !== 'planned') throw new Error(`${path.basename(library)}: ${planned.failure}`);
  return planned.plan.planCallSeconds ?? planned.plan.calibrationSeconds;
}

console.log(
  `callgrind slowdown: ${rounds} rounds, ${messageBytes} B, count processes of ${manyCalls} and 1 counted calls, CPU ${cpu} for the native calibration`,
);
const factors = [];
for (const [name, digestBits] of EXAMPLES) {
  const library = path.join(build, 'examples', `lib${name}.so`);
  const perExample = [];
  for (let round = 1; round <= rounds; round += 1) {
    const native = await nativeCallSeconds(library, digestBits);
    const one = await countWallSeconds(library, digestBits, 1);
    const many = await countWallSeconds(library, digestBits, manyCalls);
    const counted = (many - one) / (manyCalls - 1);
    perExample.push(counted / native);
    console.log(
      `  ${name} round ${round}: native ${(native * 1e6).toFixed(1)} µs/call; count processes ${one.toFixed(2)} s (1 call), ` +
        `${many.toFixed(2)} s (${manyCalls} calls) → ${(counted * 1e3).toFixed(2)} ms per counted call, ×${(counted / native).toFixed(0)}`,
    );
  }
  console.log(`  ${name}: median factor ×${median(perExample).toFixed(0)}`);
  factors.push(...perExample);
}
console.log(
  `median factor over ${factors.length} rounds of ${EXAMPLES.length} examples: ×${median(factors).toFixed(0)} ` +
    `(range ×${Math.min(...factors).toFixed(0)} … ×${Math.max(...factors).toFixed(0)})`,
);

console.log('the estimate of plan --count-instructions valgrind beside counting every guide size:');
const cli = path.join(here, '..', 'packages', 'cli', 'bin', 'ngcc-perf.js');
for (const [name, digestBits] of EXAMPLES) {
  const library = path.join(build, 'examples', `lib${name}.so`);
  const planned = spawnSync(
    process.execPath,
    [
      cli,
      'plan',
      library,
      '--digest-bits',
      String(digestBits),
      '--count-instructions',
      'valgrind',
      '--cpu',
      String(cpu),
      '--quiet',
      '--json',
    ],
    { encoding: 'utf8' },
  );
  const estimatedSeconds = JSON.parse(planned.stdout).instructionCounting.estimatedSeconds;
  let countedSeconds = 0;
  for (const bytes of GUIDE_MESSAGE_SIZES_BYTES)
    countedSeconds += await countWallSeconds(library, digestBits, null, bytes);
  console.log(
    `  ${name}: plan estimates ${estimatedSeconds.toFixed(1)} s, counting the ${GUIDE_MESSAGE_SIZES_BYTES.length} sizes took ` +
      `${countedSeconds.toFixed(1)} s (estimate / actual ${(estimatedSeconds / countedSeconds).toFixed(2)})`,
  );
}
