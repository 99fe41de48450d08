// Benchmark (issue 3, Performance 1): the whole `ngcc-perf kat` command for the bundled SM3
// instance (KAT_2_12 + KAT_2_23, Node start-up included) against the time its driver spends
// inside CryptHash. Target: wall ≤ 2.5 × CryptHash + 1 s.
//
//   node bench/kat-command.mjs [--runs 9]
//
// Needs `npm run build` (native/) and the built packages (npx tsup in packages/kat and
// packages/cli). The figures in the issue-3 report were taken with NGCC_PERF_SANDBOX=off (the
// driver's bwrap sandbox was being built at the time). This VM is shared and noisy: the variants are interleaved, run after run, and
// medians are reported. Besides the command itself it times bare Node start-up, `ngcc-perf
// --version` (the CLI's module loading) and the driver alone, so the overhead can be attributed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg === -1 ? 9 : Number(process.argv[runsArg + 1]);
const cli = path.join(root, 'packages', 'cli', 'dist', 'bin.js');
const driver = path.join(root, 'native', 'build', 'ngcc-perf-driver');
const libsm3 = path.join(root, 'native', 'build', 'examples', 'libsm3.so');
const manifest = path.join(root, 'native', 'examples', 'sm3', 'kat.sha256');
const katArgs = [cli, 'kat', libsm3, '--digest-bits', '256', '--name', 'sm3', '--manifest', manifest, '--json'];

function timed(command, args) {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, { maxBuffer: 1 << 28, encoding: 'utf8', timeout: 120000 });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { seconds, result };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const leanArgs = [path.join(root, 'bench', 'kat-lean-entry.mjs'), libsm3, manifest];
const samples = {
  node: [],
  cliVersion: [],
  driverOnly: [],
  driverInside: [],
  kat: [],
  katInside: [],
  lean: [],
  leanInside: [],
};
for (let run = 0; run < runs; run += 1) {
  samples.node.push(timed(process.execPath, ['-e', '']).seconds);
  samples.cliVersion.push(timed(process.execPath, [cli, '--version']).seconds);
  let inside = 0;
  let wall = 0;
  for (const file of ['KAT_2_12', 'KAT_2_23']) {
    const { seconds, result } = timed(driver, ['kat', libsm3, '256', file]);
    if (result.status !== 0)
      throw new Error(`ngcc-perf-driver kat ${file} ended with ${result.status ?? result.signal}: ${result.stderr}`);
    wall += seconds;
    const end = JSON.parse(result.stdout.trim().split('\n').at(-1));
    inside += end.cryptHashSeconds;
  }
  samples.driverOnly.push(wall);
  samples.driverInside.push(inside);
  const { seconds, result } = timed(process.execPath, katArgs);
  if (result.status !== 0) throw new Error(`ngcc-perf kat exited with ${result.status}: ${result.stderr}`);
  const json = JSON.parse(result.stdout);
  samples.kat.push(seconds);
  samples.katInside.push(json.files.reduce((sum, file) => sum + file.cryptHashSeconds, 0));
  const lean = timed(process.execPath, leanArgs);
  if (lean.result.status !== 0)
    throw new Error(`kat-lean-entry exited with ${lean.result.status}: ${lean.result.stderr}`);
  samples.lean.push(lean.seconds);
  samples.leanInside.push(JSON.parse(lean.result.stdout).files.reduce((sum, file) => sum + file.cryptHashSeconds, 0));
}

const m = Object.fromEntries(Object.entries(samples).map(([key, values]) => [key, median(values)]));
const target = 2.5 * m.katInside + 1;
const row = (label, value) => console.log(`${label.padEnd(58)} ${value.toFixed(3).padStart(8)} s`);
console.log(`ngcc-perf kat ${path.relative(root, libsm3)} (KAT_2_12 + KAT_2_23), medians of ${runs} interleaved runs`);
row('bare Node start-up (node -e "")', m.node);
row('ngcc-perf --version (Node + CLI module loading)', m.cliVersion);
row('driver alone, both files (ngcc-perf-driver kat)', m.driverOnly);
row('whole command: node bin.js kat … --json', m.kat);
row('inside CryptHash (driver sum, each message hashed twice)', m.katInside);
row('target 2.5 × CryptHash + 1 s', target);
row('same work, entry loading only commander + @ngcc-perf/kat', m.lean);
row('  its time inside CryptHash', m.leanInside);
console.log(
  `ratio whole command / inside CryptHash: ${(m.kat / m.katInside).toFixed(1)}×; command − CLI start-up: ${(m.kat - m.cliVersion).toFixed(3)} s`,
);
console.log(
  `${m.kat <= target ? 'MET' : 'NOT MET'}: ${m.kat.toFixed(3)} s ${m.kat <= target ? '≤' : '>'} ${target.toFixed(3)} s (whole command)`,
);
const leanTarget = 2.5 * m.leanInside + 1;
console.log(
  `${m.lean <= leanTarget ? 'MET' : 'NOT MET'}: ${m.lean.toFixed(3)} s ${m.lean <= leanTarget ? '≤' : '>'} ${leanTarget.toFixed(3)} s (lean entry)`,
);
