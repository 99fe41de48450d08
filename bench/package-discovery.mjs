// Benchmark (issue 18): discovery and build time for a folder of 35 official-style packages.
// The packages are synthetic (the toy hash of packages/campaign/test/fixtures/toy-packages, laid
// out as the official archives are: PDFs, a Reference_Implementation folder per instance with the
// KAT generator and DRNG beside the algorithm, an Optimized_Implementation folder for the first
// instance, an Others/ copy); they carry the catalog's 35 package names, every other one zipped.
// Prints, per package, the extraction + discovery time and the build time of each instance
// (reference or performance guide profile through CMake), then the totals and medians.
//
//   node bench/package-discovery.mjs [--instances 3] [--no-build]
//
// Needs the built packages (npm run build).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';
import { buildInstance } from '../packages/campaign/dist/index.js';
import { readBundledCatalog, resolveRunInputs } from '../packages/intake/dist/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argument = (name, fallback) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback;
const instancesPerPackage = Number(argument('--instances', '3'));
const build = !process.argv.includes('--no-build');
// The algorithm files of real packages do not name the DRNG's functions, so discovery never needs
// to compile them; the toy's optional DRNG call (TOY_USES_DRNG) is left out here to match.
const toy = readFileSync(path.join(root, 'packages/campaign/test/fixtures/toy-packages/toy_hash.c'), 'utf8').replace(
  /#ifdef TOY_USES_DRNG\n[^#]*#endif\n/g,
  '',
);
const fixture = (name) => readFileSync(path.join(root, 'packages/campaign/test/fixtures/toy-packages', name), 'utf8');
const work = mkdtempSync(path.join(tmpdir(), 'bench-package-discovery-'));
const submissions = path.join(work, 'submissions');

function write(file, text) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function instanceFolder(folder, katName, bits, generator) {
  const header = 'CryptHash_AlgorithmInstance.h';
  write(path.join(folder, header), `#define ALGORITHM_INSTANCE "${katName}"\r\n#define DIGEST_BIT_LENGTH ${bits}\r\n`);
  write(path.join(folder, `${katName}.c`), toy.replace('@HEADER@', header));
  if (generator) {
    write(path.join(folder, 'KAT_CryptHash.c'), fixture('toy_kat_main.c').replace('@HEADER@', header));
    write(path.join(folder, 'drng.c'), fixture('toy_drng.c'));
    write(path.join(folder, 'drng.h'), fixture('toy_drng.h'));
  }
}

async function zipFolder(folder, archive) {
  const zip = new yazl.ZipFile();
  const { readdirSync } = await import('node:fs');
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    zip.addFile(full, path.relative(path.dirname(folder), full).split(path.sep).join('/'));
  }
  zip.end();
  const chunks = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk);
  writeFileSync(archive, Buffer.concat(chunks));
  rmSync(folder, { recursive: true });
}

const catalog = readBundledCatalog();
const inputs = [];
for (const [index, entry] of catalog.entries.entries()) {
  const name = entry.archive.replace(/\.zip$/, '');
  const stem = name.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  const folder = path.join(submissions, name);
  write(path.join(folder, 'Basic_Information.pdf'), '%PDF-1.4 toy\n'.repeat(1000));
  const sizes = [512, 768, 1024, 256, 384].slice(0, instancesPerPackage);
  for (const bits of sizes)
    instanceFolder(
      path.join(folder, 'Implementations/Reference_Implementation', `${name}-${bits}`),
      `${stem}_${bits}`,
      bits,
      true,
    );
  instanceFolder(
    path.join(folder, 'Implementations/Optimized_Implementation', `${name}-${sizes[0]}`),
    `${stem}_${sizes[0]}`,
    sizes[0],
    false,
  );
  instanceFolder(
    path.join(folder, 'Others/Self_Assessment', `${name}-${sizes[0]}`),
    `${stem}_${sizes[0]}`,
    sizes[0],
    true,
  );
  if (index % 2 === 1) {
    await zipFolder(folder, `${folder}.zip`);
    inputs.push(`${folder}.zip`);
  } else inputs.push(folder);
}

const rows = [];
for (const input of inputs) {
  const start = process.hrtime.bigint();
  const [{ candidate }] = await resolveRunInputs([input], {
    extractionDirectory: path.join(work, 'run', 'packages'),
    catalog,
  });
  const discoverySeconds = Number(process.hrtime.bigint() - start) / 1e9;
  const buildSeconds = [];
  if (build) {
    for (const instance of candidate.instances) {
      const begin = process.hrtime.bigint();
      await buildInstance({
        instance,
        profile: instance.variant,
        buildDirectory: path.join(work, 'build', candidate.id, instance.name),
        libraryDirectory: path.join(work, 'lib', candidate.id),
        sourceRoot: candidate.directory,
      });
      buildSeconds.push(Number(process.hrtime.bigint() - begin) / 1e9);
    }
  }
  rows.push({
    id: candidate.id,
    input: path.basename(input),
    instances: candidate.instances.length,
    discoverySeconds,
    buildSeconds,
  });
  const perInstance =
    buildSeconds.length === 0 ? '-' : (buildSeconds.reduce((a, b) => a + b, 0) / buildSeconds.length).toFixed(2);
  console.log(
    `${candidate.id.padEnd(8)} ${path.basename(input).padEnd(14)} ${String(candidate.instances.length).padStart(2)} instances  discovery ${(discoverySeconds * 1000).toFixed(0).padStart(5)} ms  build ${buildSeconds
      .reduce((a, b) => a + b, 0)
      .toFixed(2)
      .padStart(6)} s (${perInstance} s per instance)`,
  );
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const discovery = rows.map((r) => r.discoverySeconds);
const builds = rows.flatMap((r) => r.buildSeconds);
const zipped = rows.filter((r) => r.input.endsWith('.zip')).map((r) => r.discoverySeconds);
const unpacked = rows.filter((r) => !r.input.endsWith('.zip')).map((r) => r.discoverySeconds);
console.log(`\n${rows.length} packages, ${rows.reduce((a, r) => a + r.instances, 0)} instances`);
console.log(
  `discovery: total ${discovery.reduce((a, b) => a + b, 0).toFixed(2)} s, median per package ${(median(discovery) * 1000).toFixed(0)} ms (zipped ${(median(zipped) * 1000).toFixed(0)} ms with extraction, unpacked ${(median(unpacked) * 1000).toFixed(0)} ms)`,
);
if (builds.length > 0)
  console.log(
    `build: total ${builds.reduce((a, b) => a + b, 0).toFixed(1)} s, median per instance ${median(builds).toFixed(2)} s`,
  );
rmSync(work, { recursive: true, force: true });
