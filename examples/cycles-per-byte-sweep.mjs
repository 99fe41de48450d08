#!/usr/bin/env node
/* global process, console */
// Cycles/byte of one instance at every message length from 0 to 2048 bytes, with a chart.
//
//   node examples/cycles-per-byte-sweep.mjs                       # SM3, every length 0…2048
//   node examples/cycles-per-byte-sweep.mjs --to 256 --step 8     # a quicker look
//   node examples/cycles-per-byte-sweep.mjs --candidate native/examples/sha512 --instance sha512
//
// Writes <out>/sweep.json (every measurement), <out>/sweep.csv and <out>/sweep.svg (the chart).
// Needs `npm run build` first. Each length is calibrated and timed in its own driver processes
// (guide §3.4), so the full sweep takes a few minutes; CI runs it with --to 64 --step 16.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildInstance, loadCandidate } from '@ngcc-perf/campaign';
import { driverPath as findDriver } from '@ngcc-perf/native';
import { measureOperation } from '@ngcc-perf/timing';
import { renderLineChartSvg } from './line-chart-svg.mjs';

const { values: args } = parseArgs({
  options: {
    candidate: { type: 'string', default: 'native/examples/sm3' },
    instance: { type: 'string' },
    from: { type: 'string', default: '0' },
    to: { type: 'string', default: '2048' },
    step: { type: 'string', default: '1' },
    'trial-target': { type: 'string', default: '0.002' },
    trials: { type: 'string', default: '3' },
    cpu: { type: 'string' },
    out: { type: 'string', default: 'runs/examples-sweep' },
  },
});

// 1. Build the instance from its sources with the guide's reference profile.
const candidate = await loadCandidate(args.candidate);
const instance = candidate.instances.find((i) => i.name === (args.instance ?? candidate.instances[0].name));
if (instance === undefined) throw new Error(`${args.candidate} has no instance "${args.instance}"`);
const out = path.resolve(args.out);
const driverPath = await findDriver();
const built = await buildInstance({
  // the builder takes an instance's sources only, not the whole candidate.json entry
  instance: { name: instance.name, sourcePaths: instance.sourcePaths, includeDirPaths: instance.includeDirPaths },
  profile: 'reference',
  buildDirectory: path.join(out, 'build'),
  libraryDirectory: path.join(out, 'lib'),
});

// 2. Time it at every length: calibrated trials, each in its own pinned process.
const rows = [];
for (let messageBytes = Number(args.from); messageBytes <= Number(args.to); messageBytes += Number(args.step)) {
  const measured = await measureOperation({
    library: built.libraryPath,
    digestBits: instance.digestBits,
    messageBytes,
    options: { trialTargetSeconds: Number(args['trial-target']), trials: Number(args.trials) },
    ...(args.cpu === undefined ? {} : { cpu: Number(args.cpu) }),
    driverPath,
  });
  if (measured.status !== 'complete') throw new Error(`${messageBytes} B: ${measured.failure}`);
  const { meanCycles, n } = measured.derived;
  rows.push({
    messageBytes,
    meanCycles,
    cyclesPerByte: messageBytes === 0 ? null : meanCycles / messageBytes,
    n,
    counter: measured.counter.name,
  });
  process.stderr.write(`\r${instance.name}: ${messageBytes} B`);
}
process.stderr.write('\n');

// 3. Save the figures and draw cycles/byte against the message length (log scale).
await mkdir(out, { recursive: true });
await writeFile(
  path.join(out, 'sweep.json'),
  `${JSON.stringify({ candidate: candidate.id, instance: instance.name, flags: built.buildFlags, rows }, null, 2)}\n`,
);
await writeFile(
  path.join(out, 'sweep.csv'),
  [
    'messageBytes,meanCycles,cyclesPerByte,n',
    ...rows.map((r) => `${r.messageBytes},${r.meanCycles},${r.cyclesPerByte ?? ''},${r.n}`),
  ].join('\n') + '\n',
);
const unit = rows[0]?.counter === 'pmu-cycles' ? 'cycles' : `${rows[0]?.counter ?? ''} ticks`;
const points = rows.filter((r) => r.cyclesPerByte !== null).map((r) => ({ x: r.messageBytes, y: r.cyclesPerByte }));
await writeFile(
  path.join(out, 'sweep.svg'),
  renderLineChartSvg({
    title: `${candidate.id}/${instance.name}: ${unit} per byte`,
    xLabel: 'message bytes',
    yLabel: `${unit}/byte (log)`,
    points,
    logY: true,
  }),
);
const last = rows[rows.length - 1];
console.log(
  `${rows.length} lengths measured; at ${last.messageBytes} B: ${last.cyclesPerByte?.toFixed(1) ?? '-'} ${unit}/byte`,
);
console.log(path.join(out, 'sweep.svg'));
