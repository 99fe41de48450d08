// Benchmark (issue 24): does the ranking recover a known order, and tie what is equal, when the
// candidates are measured on this host? Five toy candidates run the same toy compression with
// 20, 20, 22, 25 and 40 rounds per 32-byte block — cost ratios 1.00, 1.00, 1.10, 1.25, 2.0 —
// written here, built and KAT-checked by the campaign like any candidate (a manifest made first
// with `ngcc-perf kat --write-manifest`), then measured by `runCampaign` with a reduced plan (the
// measure phase interleaves the five toys' trials per message size). The ranking of every instance
// (`rankInstances` of @ngcc-perf/report, the ranking pages' own code: trials of one batch compared
// round by round, `pairedRatio` of @ngcc-perf/stats) at each measured size is scored:
//   recovered — the two 1.00 candidates share one rank range, and 1.10, 1.25 and 2.0 each stand
//               alone, in that order, after them (every ratio ≥ 1.1 ordered, the equal ones tied);
//   ties      — the two 1.00 candidates share one rank range;
//   order     — no candidate ranked before one with fewer rounds (a shared range is not an order).
// Goal: recovered in at least 9 of 10 runs at 64 KiB.
// Default plan: 20 trials of 0.05 s — the same second per operation as the guide's 5 of 0.2 s,
// but 20 rounds, whose order-statistic interval (the 6th lowest to the 6th highest ratio) is not
// moved by five disturbed rounds, where 5 rounds are moved by one. `--trials 5 --trial-target 0.2`
// measures the guide's plan.
//
//   node bench/ranking.mjs [--runs 10] [--sizes 4096,65536] [--trial-target 0.05] [--trials 20] [--keep DIR]
//
// Needs the built packages (npm run build) and gcc.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeToyCandidate } from './support/toy-candidate.mjs';
import { loadCandidate, runCampaign } from '../packages/campaign/dist/index.js';
import { loadRunDirectory, rankInstances } from '../packages/report/dist/index.js';

const argument = (name, fallback) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback;
const runs = Number(argument('--runs', '10'));
const sizesBytes = argument('--sizes', '4096,65536').split(',').map(Number);
const trialTargetSeconds = Number(argument('--trial-target', '0.05'));
const trials = Number(argument('--trials', '20'));
const keep = argument('--keep', null);

/** The candidates: id, rounds per block, true cost relative to the first. */
const TOYS = [
  { id: 'toy-a', rounds: 20 },
  { id: 'toy-b', rounds: 20 },
  { id: 'toy-c', rounds: 22 },
  { id: 'toy-d', rounds: 25 },
  { id: 'toy-e', rounds: 40 },
];

// A toy sponge-like hash (not a cryptographic design): 8 × 32-bit state, each 32-byte block
// XORed in and mixed by ROUNDS rounds of add-rotate-xor; the bit length goes into the last block.
const toySource = (rounds) => `#include <stdint.h>
#include <string.h>
#define TOY_ROUNDS ${rounds}
static uint32_t rotl(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }
static void mix(uint32_t s[8]) {
  for (int r = 0; r < TOY_ROUNDS; r++) {
    for (int i = 0; i < 8; i++) {
      s[i] += s[(i + 1) & 7];
      s[(i + 3) & 7] = rotl(s[(i + 3) & 7] ^ s[i], 7 + (i & 3) * 4);
    }
    s[0] ^= 0x9e3779b9u + (uint32_t)r;
  }
}
static void absorb(uint32_t s[8], const unsigned char *b) {
  for (int i = 0; i < 8; i++)
    s[i] ^= (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 | (uint32_t)b[4 * i + 2] << 16 | (uint32_t)b[4 * i + 3] << 24;
  mix(s);
}
int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest) {
  if (digest_len_bits != 256 || digest == 0 || (msg == 0 && msg_len_bits != 0)) return 1;
  uint32_t s[8] = {0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au, 0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u};
  unsigned long long bytes = (msg_len_bits + 7) / 8, at = 0;
  for (; at + 32 <= bytes; at += 32) absorb(s, msg + at);
  unsigned char last[32] = {0};
  memcpy(last, msg + at, (size_t)(bytes - at));
  if (msg_len_bits % 8) last[bytes - at - 1] &= (unsigned char)(0xff << (8 - msg_len_bits % 8));
  last[31] ^= 0x80;
  absorb(s, last);
  s[0] ^= (uint32_t)msg_len_bits;
  s[1] ^= (uint32_t)(msg_len_bits >> 32);
  mix(s);
  for (int i = 0; i < 8; i++) for (int j = 0; j < 4; j++) digest[4 * i + j] = (unsigned char)(s[i] >> (8 * j));
  return 0;
}
`;

const scratch = keep ?? mkdtempSync(path.join(tmpdir(), 'ngcc-ranking-bench-'));
mkdirSync(scratch, { recursive: true });

// the candidates, each with a manifest of its own KAT digests
const candidates = [];
for (const toy of TOYS) {
  const folder = path.join(scratch, 'candidates', toy.id);
  writeToyCandidate({ folder, id: toy.id, algorithm: `Toy${toy.rounds}`, source: toySource(toy.rounds), scratch });
  candidates.push(await loadCandidate(folder));
}

const sizeLabel = (bytes) => (bytes >= 1024 && bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} B`);
const score = (rows, label) => {
  // `cycles @ 64 KiB`, or `ticks @ 64 KiB` with a fixed-rate counter
  const rank = (id) =>
    rows.find((row) => row.candidate === id).metrics.find((metric) => metric.label.endsWith(label)).rank;
  const [a, b, c, d, e] = TOYS.map((toy) => rank(toy.id));
  const ties = a.group === b.group;
  const recovered = ties && a.group < c.group && c.group < d.group && d.group < e.group;
  const byRounds = TOYS.map((toy) => ({ rounds: toy.rounds, rank: rank(toy.id) }));
  const order = byRounds.every((x) => byRounds.every((y) => !(x.rounds < y.rounds && y.rank.group < x.rank.group)));
  const text = TOYS.map((toy) => {
    const r = rank(toy.id);
    return `${toy.id}:${r.low === r.high ? r.low : `${r.low}–${r.high}`}`;
  }).join(' ');
  return { recovered, ties, order, text };
};

const tally = Object.fromEntries(sizesBytes.map((bytes) => [bytes, { recovered: 0, ties: 0, order: 0 }]));
console.log(
  `ranking benchmark: ${runs} runs, sizes ${sizesBytes.join(', ')} B, ${trials} trials of ${trialTargetSeconds} s; rounds ${TOYS.map((toy) => toy.rounds).join(', ')}`,
);
for (let run = 1; run <= runs; run += 1) {
  const outDirectory = path.join(scratch, 'runs', `run-${run}`);
  rmSync(outDirectory, { recursive: true, force: true });
  const started = Date.now();
  await runCampaign({
    candidates,
    outDirectory,
    messageSizesBytes: sizesBytes,
    trialTargetSeconds,
    trials,
    phases: ['check-host', 'build', 'kat', 'calibrate', 'measure'],
    allowUnfixedHost: true,
    baseline: false, // the toys' order is the question; rankings leave the baseline out anyway
  });
  const rows = rankInstances(await loadRunDirectory(outDirectory));
  const parts = sizesBytes.map((bytes) => {
    const result = score(rows, `@ ${sizeLabel(bytes)}`);
    for (const key of ['recovered', 'ties', 'order']) if (result[key]) tally[bytes][key] += 1;
    return `${sizeLabel(bytes)}: ${result.recovered ? 'recovered' : 'NOT recovered'} (${result.text})`;
  });
  console.log(`run ${run} (${((Date.now() - started) / 1000).toFixed(0)} s): ${parts.join('; ')}`);
  if (keep === null) rmSync(outDirectory, { recursive: true, force: true });
}
for (const bytes of sizesBytes) {
  const { recovered, ties, order } = tally[bytes];
  console.log(
    `${sizeLabel(bytes)}: recovered ${recovered}/${runs}, equal ones tied ${ties}/${runs}, never out of order ${order}/${runs}`,
  );
}
if (keep === null) rmSync(scratch, { recursive: true, force: true });
