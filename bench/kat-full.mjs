// How long `ngcc-perf kat --full` takes on a fast hash (issue 3: "--full on a fast hash finishes
// in under a minute"): all four files for the bundled SM3 instance — three 1 GiB messages, the
// 10^6-step loop, KAT_2_12 and KAT_2_23 — with the time inside CryptHash and the DRNG per file.
//
//   node bench/kat-full.mjs [--runs 1]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--runs');
const runs = at === -1 ? 1 : Number(process.argv[at + 1]);
const cli = path.join(root, 'packages', 'cli', 'dist', 'bin.js');
const libsm3 = path.join(root, 'native', 'build', 'examples', 'libsm3.so');
for (let run = 0; run < runs; run += 1) {
  const start = process.hrtime.bigint();
  const result = spawnSync(
    process.execPath,
    [cli, 'kat', libsm3, '--digest-bits', '256', '--name', 'sm3', '--full', '--json'],
    { encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const json = JSON.parse(result.stdout);
  console.log(`run ${run + 1}: exit ${result.status} (${json.verdict}), whole command ${seconds.toFixed(1)} s`);
  for (const file of json.files) {
    console.log(
      `  ${file.file.padEnd(18)} ${file.seconds.toFixed(2).padStart(6)} s, inside CryptHash ${file.cryptHashSeconds.toFixed(2).padStart(6)} s (${file.cryptHashCalls} calls), DRNG ${file.drbgSeconds.toFixed(2)} s, peak RSS ${(file.peakRssBytes / 2 ** 20).toFixed(0)} MiB`,
    );
  }
}
