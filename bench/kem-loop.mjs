#!/usr/bin/env node
// A KEM timed two ways, in turns (issue 35): ngcc-perf (`measureOperation` of @ngcc-perf/timing,
// one `op-time` of the driver's built-in kem table per trial, calibrated, the headline the median
// of the trial means) and a plain loop of our own around the same library, the way a designer's
// own speed program does it (bench/pk-kem/kem_speed.c: the library linked in, the DRNG seeded with
// 00..2f, one key pair and ciphertext, rounds of calls between two rdtsc reads, the median round).
// Per round both sides run once, the side that goes first alternating; ngcc-perf's figure is its
// headline (the median of its 5 trial means), the loop's the median of 5 rounds of as many calls
// as one ngcc-perf trial; the result is the median over the rounds of their ratio (goal: within 3 %). Then the
// driver's own cost per call: an empty KEM (bench/pk-kem/empty_kem.c) timed both ways.
// Needs a TSC (x86-64): both sides count its ticks. On a shared host, run both sides at real-time
// priority so other work does not take the measuring CPU in the middle of a round (as root:
// `chrt -f 50 node bench/kem-loop.mjs …`; the children inherit the policy); the first line says
// which scheduling policy the bench ran under.
// Usage: node bench/kem-loop.mjs [--rounds 7] [--trial-target 0.2] [--library PATH]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureOperation } from '../packages/timing/dist/index.js';
import { median } from '../packages/stats/dist/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = path.join(root, 'native', 'build');
const driverPath = process.env.NGCC_PERF_DRIVER ?? path.join(build, 'ngcc-perf-driver');
const argument = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
};
const rounds = Number(argument('--rounds', 7));
const trialTargetSeconds = Number(argument('--trial-target', 0.2));
const toyLibrary = argument('--library', path.join(build, 'testlibs', 'libpk_toy_kem.so'));
const cpu = os.availableParallelism() - 1;

// Built here, never committed as binaries: the empty KEM, and the speed loop linked against each library.
const scratch = mkdtempSync(path.join(os.tmpdir(), 'ngcc-bench-kem-'));
const source = (name) => path.join(root, 'bench', 'pk-kem', name);
const emptyLibrary = path.join(scratch, 'libempty_kem.so');
execFileSync('gcc', ['-O2', '-fPIC', '-shared', '-o', emptyLibrary, source('empty_kem.c')]);
function speedProgram(library, name) {
  const program = path.join(scratch, name);
  execFileSync('gcc', [
    '-O2',
    '-o',
    program,
    source('kem_speed.c'),
    library,
    path.join(build, 'libngcc-perf-iccs.so'),
    `-Wl,-rpath,${path.dirname(library)}:${build}`,
  ]);
  return program;
}
const programs = {
  toy: speedProgram(toyLibrary, 'kem_speed_toy'),
  empty: speedProgram(emptyLibrary, 'kem_speed_empty'),
};

async function ours(library, name) {
  const measured = await measureOperation({
    library,
    messageBytes: 0,
    operation: { category: 'kem', name, parameters: {} },
    cpu,
    driverPath,
    hostCheck: 'quiet',
    options: { trialTargetSeconds },
  });
  if (measured.derived === null) throw new Error(`ngcc-perf could not measure ${name}: ${measured.failure}`);
  return {
    ticks: measured.derived.headline?.medianCycles ?? measured.derived.medianTrialCycles,
    calls: measured.plan.iterationsPerTrial,
    counter: measured.counter,
  };
}

function plain(program, name, calls) {
  // As many calls per round as one ngcc-perf trial makes, 5 rounds (ngcc-perf's 5 trials), the
  // median round, pinned to the same CPU as the driver.
  const text = execFileSync(
    'taskset',
    ['-c', String(cpu), program, name, String(Math.max(1, Math.round(calls))), '5'],
    {
      encoding: 'utf8',
    },
  );
  return Number(text.trim());
}

/** This process's scheduling policy as chrt prints it (`SCHED_FIFO, priority 50`), or why it is not known. */
function schedulingPolicy() {
  try {
    const text = execFileSync('chrt', ['-p', String(process.pid)], { encoding: 'utf8' });
    const policy = /policy:\s*(\S+)/.exec(text)?.[1] ?? 'unknown';
    const priority = /priority:\s*(\d+)/.exec(text)?.[1];
    return `scheduling ${policy}${priority === undefined ? '' : `, priority ${priority}`}`;
  } catch {
    return 'scheduling policy unknown (no chrt)';
  }
}

async function compare(kind, library, name) {
  const pairs = [];
  let counter;
  for (let round = 0; round < rounds; round++) {
    let a;
    let b;
    if (round % 2 === 0) {
      a = await ours(library, name);
      b = plain(programs[kind], name, a.calls);
    } else {
      const probe = pairs.at(-1)?.calls ?? 1000;
      b = plain(programs[kind], name, probe);
      a = await ours(library, name);
    }
    counter = a.counter;
    pairs.push({ ours: a.ticks, plain: b, ratio: a.ticks / b, calls: a.calls });
  }
  return { pairs, counter, ratio: median(pairs.map((pair) => pair.ratio)) };
}

const line = (label, result) =>
  `${label}: ngcc-perf ${median(result.pairs.map((p) => p.ours)).toFixed(1)} ticks/call, plain loop ${median(
    result.pairs.map((p) => p.plain),
  ).toFixed(1)} ticks/call, median ratio ${result.ratio.toFixed(4)} (${((result.ratio - 1) * 100).toFixed(2)} %; ` +
  `pairs ${result.pairs.map((p) => p.ratio.toFixed(3)).join(' ')})`;

try {
  const enc = await compare('toy', toyLibrary, 'enc');
  const dec = await compare('toy', toyLibrary, 'dec');
  const emptyEnc = await compare('empty', emptyLibrary, 'enc');
  const emptyDec = await compare('empty', emptyLibrary, 'dec');
  console.log(
    `counter ${enc.counter.name} (${enc.counter.kind}); ${rounds} rounds; CPU ${cpu}; trial target ${trialTargetSeconds} s; ${schedulingPolicy()}`,
  );
  console.log(line(`KEM enc (${path.basename(toyLibrary)})`, enc));
  console.log(line(`KEM dec (${path.basename(toyLibrary)})`, dec));
  console.log(line('empty KEM enc', emptyEnc));
  console.log(line('empty KEM dec', emptyDec));
  const cost = (result) => median(result.pairs.map((p) => p.ours)) - median(result.pairs.map((p) => p.plain));
  console.log(
    `driver's own cost per call (empty KEM, ngcc-perf minus plain loop): enc ${cost(emptyEnc).toFixed(1)} ticks, dec ${cost(emptyDec).toFixed(1)} ticks`,
  );
  const worst = Math.max(Math.abs(enc.ratio - 1), Math.abs(dec.ratio - 1));
  console.log(`goal (KEM enc and dec within 3 %): ${worst <= 0.03 ? 'met' : 'NOT met'}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
