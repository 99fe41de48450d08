#!/usr/bin/env node
// Benchmark: does `ngcc-perf compare` of two real runs report exactly the operations of the one
// candidate whose code changed by one extra round, on this host, however noisy its cycles are?
// Three toy candidates of our own (toy-alpha, toy-beta, toy-gamma: 2, 3 and 4 rounds of a fixed
// mixing loop per 32-byte block and at the end), each with a KAT manifest of its own digests
// (`ngcc-perf kat --write-manifest`). Per try, two run directories are made by the command itself,
// `ngcc-perf run FOLDER --out DIR --count-instructions valgrind` with a small plan: run A of the
// three as they are, run B with one candidate's source given one more round (try k changes the
// k-th candidate, cyclically). Then `ngcc-perf compare A B --json` is run and its output and exit
// code checked: a try passes when the operations whose instruction count changed are exactly the
// changed candidate's (every size), each an increase judged a regression, and the exit code is 1
// (a regression), in the JSON and of the process. The cycle verdicts of the same comparison are
// scored the same way, for contrast.
//
//   node bench/instruction-compare.mjs [--tries 5] [--sizes 32,4096] [--trial-target 0.005]
//                                      [--trials 5] [--keep DIR]
//
// Needs the built packages (npm run build), gcc and valgrind.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeToyCandidate } from './support/toy-candidate.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'packages/cli/bin/ngcc-perf.js');
const argument = (name, fallback) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback;
const tries = Number(argument('--tries', '5'));
const sizes = argument('--sizes', '32,4096');
const trialTarget = argument('--trial-target', '0.005');
const trials = argument('--trials', '5');
const keep = argument('--keep', null);

const TOYS = [
  { id: 'toy-alpha', rounds: 2 },
  { id: 'toy-beta', rounds: 3 },
  { id: 'toy-gamma', rounds: 4 },
];

// A toy hash (not a cryptographic design): four 64-bit lanes; each byte is XORed into a lane and
// multiplied, and after every 32 bytes (and at the end, with the bit length) each lane is stirred
// by TOY_ROUNDS rounds of 16 xor-shift-multiply steps. One round more is a fixed amount of work
// per block.
const toySource = (rounds) => `#include <stdint.h>
#define TOY_ROUNDS ${rounds}
static uint64_t stir(uint64_t w) {
  for (int r = 0; r < TOY_ROUNDS; r++)
    for (int i = 0; i < 16; i++) w = (w ^ (w >> 31)) * 0x94d049bb133111ebull + (uint64_t)(r * 16 + i);
  return w;
}
int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest) {
  if (digest_len_bits != 256 || digest == 0 || (msg == 0 && msg_len_bits != 0)) return 1;
  uint64_t lane[4] = {0x243f6a8885a308d3ull, 0x13198a2e03707344ull, 0xa4093822299f31d0ull, 0x082efa98ec4e6c89ull};
  unsigned long long bytes = (msg_len_bits + 7) / 8;
  for (unsigned long long at = 0; at < bytes; at++) {
    unsigned char b = msg[at];
    if (at + 1 == bytes && msg_len_bits % 8) b &= (unsigned char)(0xff << (8 - msg_len_bits % 8));
    lane[at & 3] = (lane[at & 3] ^ b) * 0x100000001b3ull;
    if ((at & 31) == 31)
      for (int k = 0; k < 4; k++) lane[k] = stir(lane[k]);
  }
  for (int k = 0; k < 4; k++) lane[k] = stir(lane[k] ^ msg_len_bits ^ (uint64_t)k);
  for (int k = 0; k < 4; k++)
    for (int j = 0; j < 8; j++) digest[8 * k + j] = (unsigned char)(lane[k] >> (8 * j));
  return 0;
}
`;

const scratch = keep ?? mkdtempSync(path.join(tmpdir(), 'ngcc-instruction-compare-'));
mkdirSync(scratch, { recursive: true });
const ngccPerf = (args) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });

/** Writes a candidate folder for `toy` with `rounds` rounds, its manifest made from its own KAT files. */
const writeCandidate = (folder, toy, rounds) =>
  writeToyCandidate({ folder, id: toy.id, algorithm: `Toy${toy.rounds}`, source: toySource(rounds), scratch });

const started = Date.now();
const seconds = (from) => ((Date.now() - from) / 1000).toFixed(0);
// every candidate as it is, and each with one more round (the B side of the try that changes it)
for (const toy of TOYS) {
  writeCandidate(path.join(scratch, 'as-is', toy.id), toy, toy.rounds);
  writeCandidate(path.join(scratch, 'one-more-round', toy.id), toy, toy.rounds + 1);
}
console.log(
  `instruction compare benchmark: ${tries} tries; candidates ${TOYS.map((t) => `${t.id} (${t.rounds} rounds)`).join(', ')}; ` +
    `sizes ${sizes} B, ${trials} trials of ${trialTarget} s; candidates written in ${seconds(started)} s`,
);

const runArguments = (folder, out) => [
  'run',
  folder,
  '--out',
  out,
  '--sizes',
  sizes,
  '--trial-target',
  trialTarget,
  '--trials',
  trials,
  '--phases',
  'check-host,build,kat,calibrate,measure',
  '--allow-unfixed-host',
  '--count-instructions',
  'valgrind',
  '--quiet',
];

let passed = 0;
let cyclesExact = 0;
const trySeconds = [];
for (let attempt = 1; attempt <= tries; attempt += 1) {
  const tryStarted = Date.now();
  const changed = TOYS[(attempt - 1) % TOYS.length];
  const folderA = path.join(scratch, `try-${attempt}`, 'candidates-a');
  const folderB = path.join(scratch, `try-${attempt}`, 'candidates-b');
  for (const toy of TOYS) {
    cpSync(path.join(scratch, 'as-is', toy.id), path.join(folderA, toy.id), { recursive: true });
    const side = toy === changed ? 'one-more-round' : 'as-is';
    cpSync(path.join(scratch, side, toy.id), path.join(folderB, toy.id), { recursive: true });
  }
  const runA = path.join(scratch, `try-${attempt}`, 'run-a');
  const runB = path.join(scratch, `try-${attempt}`, 'run-b');
  for (const [folder, out] of [
    [folderA, runA],
    [folderB, runB],
  ]) {
    const run = ngccPerf(runArguments(folder, out));
    if (run.status !== 0) throw new Error(`run ${out} exited ${run.status}: ${run.stderr}`);
  }
  const compared = ngccPerf(['compare', runA, runB, '--json']);
  const result = JSON.parse(compared.stdout);
  const rows = result.rows.filter((row) => row.instructions !== null);
  const changedRows = rows.filter((row) => row.instructions.differenceInstructions !== 0);
  const expectedSizes = sizes.split(',').map(Number);
  const exactly =
    changedRows.length === expectedSizes.length &&
    changedRows.every((row) => row.candidate === changed.id) &&
    expectedSizes.every((bytes) => changedRows.some((row) => row.messageBytes === bytes)) &&
    rows.length === TOYS.length * expectedSizes.length;
  const direction = changedRows.every(
    (row) => row.instructions.differenceInstructions > 0 && row.instructions.verdict === 'regression',
  );
  const exitCode = compared.status === 1 && result.exitCode === 1;
  const ok = exactly && direction && exitCode;
  passed += ok ? 1 : 0;
  const cycleVerdicts = result.rows.map((row) => `${row.candidate} ${row.messageBytes} B ${row.verdict}`);
  // the same question asked of the cycle comparison: every operation of the changed candidate a
  // significant regression, no other operation a significant change
  const cyclesRight = result.rows.every((row) =>
    row.candidate === changed.id ? row.verdict === 'regression' : !['regression', 'improvement'].includes(row.verdict),
  );
  cyclesExact += cyclesRight ? 1 : 0;
  trySeconds.push((Date.now() - tryStarted) / 1000);
  console.log(
    `try ${attempt} (${changed.id} +1 round, ${seconds(tryStarted)} s): ` +
      `${result.instructionChanges.length} of ${rows.length} counted operations changed: ` +
      `${result.instructionChanges.join('; ') || 'none'}; exit ${compared.status} (JSON ${result.exitCode}) → ` +
      `${ok ? 'exactly the changed candidate' : `WRONG (exactly ${exactly}, direction ${direction}, exit ${exitCode})`}`,
  );
  console.log(
    `  cycles, for comparison (the same two runs): ${cycleVerdicts.join(', ')} → ${cyclesRight ? 'exactly the changed candidate' : 'not exactly'}`,
  );
  if (keep === null) rmSync(path.join(scratch, `try-${attempt}`), { recursive: true, force: true });
}
console.log(
  `${passed} of ${tries} tries reported exactly the changed candidate's operations as changed (increase, regression, exit 1); ` +
    `${seconds(started)} s in all, ${(trySeconds.reduce((a, b) => a + b, 0) / trySeconds.length).toFixed(0)} s per try`,
);
console.log(`the cycle comparison of the same runs said exactly that in ${cyclesExact} of ${tries} tries`);
if (keep === null) rmSync(scratch, { recursive: true, force: true });
process.exitCode = passed === tries ? 0 : 1;
