// Benchmark (issue 13): what it costs to get a driver and to start one command, before and after
// @ngcc-perf/native builds the driver on first use.
//
//   git worktree add /tmp/ngcc-old 6e5b86c && (cd /tmp/ngcc-old && npm ci && npm run build)
//   node bench/first-use.mjs --old /tmp/ngcc-old [--build-runs 3] [--runs 9]
//
// Needs `npm run build` here. Two figures, each variant interleaved with the other run after run
// (the VM is shared and noisy), reported as medians and as the median of the per-run ratios:
// 1. Getting a driver. Before: the only way was the CMake build of native/ (driver, examples
//    and test libraries: what `npm run build` ran) in a fresh build folder. After: buildDriver()
//    of @ngcc-perf/native in a fresh folder, i.e. the first-use build (the driver alone), Node
//    start-up included.
// 2. Start-up of one command: the whole `ngcc-perf time` on a 32-byte message of the bundled
//    SM3 (one 1 ms trial, --quiet), Node start-up, calibration, the trial and the memory process
//    included. Before: `node packages/cli/dist/bin.js` of the old checkout (its driver found in
//    native/build). After: the committed bin packages/cli/bin/ngcc-perf.js (what `npx ngcc-perf`
//    runs; the driver from driverPath(), here the checkout build). Both time the same library.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
};
const old = option('--old', null);
if (old === null) {
  console.error('usage: node bench/first-use.mjs --old DIR (a built checkout of the commit before, e.g. 6e5b86c)');
  process.exit(2);
}
const buildRuns = Number(option('--build-runs', '3'));
const runs = Number(option('--runs', '9'));
const library = path.join(root, 'native', 'build', 'examples', 'libsm3.so');
const env = { ...process.env };
delete env.NGCC_PERF_DRIVER;

function timed(command, args, options = {}) {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 900_000, env, ...options });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return seconds;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function buildBefore() {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'ngcc-bench-old-'));
  try {
    return timed('bash', [
      '-c',
      `cmake -S "${old}/native" -B "${folder}" -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build "${folder}" -j 2 >/dev/null`,
    ]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function buildAfter() {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'ngcc-bench-new-'));
  const native = path.join(root, 'native', 'dist', 'index.js');
  try {
    return timed(process.execPath, [
      '-e',
      `import(${JSON.stringify(native)}).then((n) => n.buildDriver(${JSON.stringify(folder)}, { log: () => {} }))`,
    ]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const timeArgs = [
  'time',
  library,
  '--digest-bits',
  '256',
  '--bytes',
  '32',
  '--trials',
  '1',
  '--trial-target',
  '0.001',
  '--quiet',
];
const startBefore = () => timed(process.execPath, [path.join(old, 'packages', 'cli', 'dist', 'bin.js'), ...timeArgs]);
const startAfter = () =>
  timed(process.execPath, [path.join(root, 'packages', 'cli', 'bin', 'ngcc-perf.js'), ...timeArgs]);

function compare(label, before, after, count) {
  const samples = { before: [], after: [], ratios: [] };
  startAfter(); // warm the page cache for both programs once
  startBefore();
  for (let run = 0; run < count; run += 1) {
    const first = run % 2 === 0;
    const a = first ? before() : after();
    const b = first ? after() : before();
    const [beforeSeconds, afterSeconds] = first ? [a, b] : [b, a];
    samples.before.push(beforeSeconds);
    samples.after.push(afterSeconds);
    samples.ratios.push(afterSeconds / beforeSeconds);
    process.stderr.write(
      `${label} run ${run + 1}/${count}: before ${beforeSeconds.toFixed(2)} s, after ${afterSeconds.toFixed(2)} s\n`,
    );
  }
  console.log(
    `${label.padEnd(44)} before ${median(samples.before).toFixed(2).padStart(7)} s   after ${median(samples.after).toFixed(2).padStart(7)} s   ` +
      `after/before (median of ${count} ratios) ${median(samples.ratios).toFixed(3)}`,
  );
}

console.log(
  `ngcc-perf first use, ${new Date().toISOString()}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)}; before = ${old}`,
);
compare('ngcc-perf time, 32-byte message (whole command)', startBefore, startAfter, runs);
compare('getting a driver (before: cmake of native/; after: first-use build)', buildBefore, buildAfter, buildRuns);
