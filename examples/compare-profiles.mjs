#!/usr/bin/env node
/* global process */
// The guide's three build profiles (guide §3.2: reference, performance, resource) side by side for
// one instance: does each build, does it pass its KATs, how big is its image, how fast is it.
//
//   node examples/compare-profiles.mjs                                    # SM3 at 64, 1024, 16384 B
//   node examples/compare-profiles.mjs --candidate native/examples/sha512 --sizes 32,65536
//
// Prints a markdown table and writes it with the figures to <out>/profiles.md and profiles.json.
// Needs `npm run build` first; CI runs it with --sizes 32 --trial-target 0.005.
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { GUIDE_PROFILES, buildInstance, loadCandidate } from '@ngcc-perf/campaign';
import { driverPath as findDriver } from '@ngcc-perf/native';
import { readLoadableSegments } from '@ngcc-perf/elf-size';
import { parseManifest, runKat } from '@ngcc-perf/kat';
import { measureOperation } from '@ngcc-perf/timing';

const { values: args } = parseArgs({
  options: {
    candidate: { type: 'string', default: 'native/examples/sm3' },
    instance: { type: 'string' },
    sizes: { type: 'string', default: '64,1024,16384' },
    'trial-target': { type: 'string', default: '0.2' },
    cpu: { type: 'string' },
    out: { type: 'string', default: 'runs/examples-profiles' },
  },
});

const candidate = await loadCandidate(args.candidate);
const instance = candidate.instances.find((i) => i.name === (args.instance ?? candidate.instances[0].name));
if (instance === undefined) throw new Error(`${args.candidate} has no instance "${args.instance}"`);
const manifest =
  candidate.manifestPath === null
    ? undefined
    : parseManifest(await readFile(candidate.manifestPath, 'utf8'), candidate.manifestPath);
const sizes = args.sizes.split(',').map(Number);
const out = path.resolve(args.out);
const driverPath = await findDriver();

const results = [];
for (const profile of Object.keys(GUIDE_PROFILES)) {
  const row = { profile, flags: GUIDE_PROFILES[profile], kat: 'BUILDFAIL', imageBytes: null, cyclesPerByte: {} };
  results.push(row);
  let built;
  try {
    built = await buildInstance({
      // the builder takes an instance's sources only, not the whole candidate.json entry
      instance: { name: instance.name, sourcePaths: instance.sourcePaths, includeDirPaths: instance.includeDirPaths },
      profile,
      buildDirectory: path.join(out, 'build', profile),
      libraryDirectory: path.join(out, 'lib', profile),
    });
  } catch (error) {
    row.detail = error.message.split('\n')[0];
    continue;
  }
  row.imageBytes = (await readLoadableSegments(built.libraryPath)).imageBytes;
  const kat = await runKat({
    library: built.libraryPath,
    digestBits: instance.digestBits,
    name: instance.katName,
    candidateId: candidate.id,
    manifest,
    driverPath,
  });
  row.kat = kat.verdict;
  if (kat.verdict === 'LOADFAIL' || kat.verdict === 'CRASH') continue;
  for (const messageBytes of sizes) {
    const measured = await measureOperation({
      library: built.libraryPath,
      digestBits: instance.digestBits,
      messageBytes,
      options: { trialTargetSeconds: Number(args['trial-target']) },
      ...(args.cpu === undefined ? {} : { cpu: Number(args.cpu) }),
      driverPath,
    });
    row.counter = measured.counter?.name ?? null;
    row.cyclesPerByte[messageBytes] = measured.status === 'complete' ? measured.derived.cyclesPerByte : null;
  }
}

const header = `| profile | KAT | ELF image (bytes) | ${sizes.map((s) => `${s} B`).join(' | ')} |`;
const rule = `|---|---|---|${sizes.map(() => '---').join('|')}|`;
const lines = results.map(
  (r) =>
    `| ${r.profile} | ${r.kat} | ${r.imageBytes ?? '-'} | ${sizes.map((s) => r.cyclesPerByte[s]?.toFixed(1) ?? '-').join(' | ')} |`,
);
const unit = results.find((r) => r.counter)?.counter === 'pmu-cycles' ? 'cycles' : 'counter ticks';
const table = [
  `${candidate.id}/${instance.name}: ${unit} per byte by build profile`,
  '',
  header,
  rule,
  ...lines,
  '',
].join('\n');
await mkdir(out, { recursive: true });
await writeFile(path.join(out, 'profiles.md'), table);
await writeFile(
  path.join(out, 'profiles.json'),
  `${JSON.stringify({ candidate: candidate.id, instance: instance.name, results }, null, 2)}\n`,
);
process.stdout.write(table);
