// A toy candidate folder for the benchmarks: one C source, a candidate.json with one 256-bit
// instance `toy_256`, and a manifest of the toy's own KAT digests, written by the product itself
// (`ngcc-perf kat --write-manifest` on a scratch build), so that the campaign judges the toy like
// any candidate.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = path.join(root, 'packages/cli/bin/ngcc-perf.js');

/**
 * Writes `folder` as a candidate whose only source is `source` (a C file defining CryptHash for
 * 256-bit digests), with its manifest.
 * @param {{ folder: string, id: string, algorithm: string, source: string, scratch: string }} toy
 *   `scratch`: a folder for the throw-away build and KAT files (removed again).
 * @throws Error when gcc fails or no manifest entry was written (with the command's stderr).
 */
export function writeToyCandidate({ folder, id, algorithm, source, scratch }) {
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'toy.c'), source);
  writeFileSync(
    path.join(folder, 'candidate.json'),
    JSON.stringify({
      id,
      algorithm,
      category: 'hash',
      variant: 'reference',
      sources: ['toy.c'],
      manifest: 'kat.sha256',
      instances: [{ name: 'toy_256', digestBits: 256 }],
    }),
  );
  mkdirSync(scratch, { recursive: true });
  const build = mkdtempSync(path.join(scratch, 'kat-'));
  const library = path.join(build, 'libtoy_256.so');
  execFileSync('gcc', ['-std=c99', '-O2', '-fPIC', '-shared', '-o', library, path.join(folder, 'toy.c')]);
  writeFileSync(path.join(folder, 'kat.sha256'), '');
  // exits 3 (NOKAT: no manifest entry yet) after writing the entries
  const written = spawnSync(
    process.execPath,
    [
      cli,
      'kat',
      library,
      '--digest-bits',
      '256',
      '--name',
      'toy_256',
      '--out-dir',
      path.join(build, 'kat'),
      '--write-manifest',
      path.join(folder, 'kat.sha256'),
    ],
    { encoding: 'utf8' },
  );
  if (!readFileSync(path.join(folder, 'kat.sha256'), 'utf8').includes('toy_256/KAT_2_12_toy_256.txt'))
    throw new Error(`${id}: no manifest written: ${written.stderr}`);
  rmSync(build, { recursive: true, force: true });
}
