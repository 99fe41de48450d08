// The driver names a library by the path it was given — an absolute one inside the run directory,
// or in the temporary build folder of the harness-default fallback — and its error messages become
// KAT details (build.json, KAT logs, reports) and record failures. A campaign over libraries that
// fail must leave no absolute path in the run directory (the run-directory layout), and `validate` must pass.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { tinyPlanArguments, readJson, repositoryRoot, runCli } from './campaign-support.js';
import { pacedMilliseconds } from '@ngcc-perf/native';

const testlibs = path.join(repositoryRoot, 'native', 'testlibs');

/** Instance → its source in native/testlibs and the KAT verdict it earns (its detail quotes the driver, which names the library). */
const FAILING = {
  rejects: { source: 'ret_fail.c', kat: 'CRYPTOFAIL' },
  crash: { source: 'segv.c', kat: 'CRASH' },
  unloadable: { source: 'no_symbol.c', kat: 'LOADFAIL' },
} as const;

let work: string;
let run: string;
let result: { code: number; stdout: string; stderr: string };

/** Every file under `dir`, with its path relative to it. */
function allFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'ngcc-portable-texts-'));
  const candidate = path.join(work, 'failing');
  mkdirSync(candidate);
  for (const file of ['toy_hash.h', 'fault_env.h', ...Object.values(FAILING).map((f) => f.source)])
    copyFileSync(path.join(testlibs, file), path.join(candidate, file));
  writeFileSync(
    path.join(candidate, 'candidate.json'),
    JSON.stringify(
      {
        id: 'hash-97',
        algorithm: 'Failing',
        category: 'hash',
        includeDirs: ['.'],
        instances: Object.entries(FAILING).map(([name, fault]) => ({ name, digestBits: 256, sources: [fault.source] })),
      },
      null,
      2,
    ),
  );
  run = path.join(work, 'run');
  result = await runCli(['run', candidate, '--out', run, ...tinyPlanArguments(), '--allow-unfixed-host']);
}, pacedMilliseconds(300_000));

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('failure texts in a run directory', () => {
  it('each failing library gets its verdict, with a detail that names it by its run-relative path', async () => {
    expect(result.code).toBe(3); // completed with failures: the rejects record failed (CRYPTOFAIL)
    const build = await readJson<{ instances: Array<{ instance: string; kat: string; katDetail: string | null }> }>(
      path.join(run, 'build.json'),
    );
    expect(Object.fromEntries(build.instances.map((entry) => [entry.instance, entry.kat]))).toEqual(
      Object.fromEntries(Object.entries(FAILING).map(([name, fault]) => [name, fault.kat])),
    );
    const rejects = build.instances.find((entry) => entry.instance === 'rejects')!;
    // The guide build's failure, then the harness default's (built in a temporary folder outside the run directory).
    expect(rejects.katDetail).toMatch(
      /^KAT_2_12_rejects\.txt: CryptHash returned -1 for record 101 .*CryptHash in lib\/hash-97\/librejects\.so returned -1 .*; harness default: .*CryptHash in lib\/hash-97\/librejects\.so returned -1 /,
    );
    const unloadable = build.instances.find((entry) => entry.instance === 'unloadable')!;
    expect(unloadable.katDetail).toContain('lib/hash-97/libunloadable.so');
    const record = await readJson<{ status: string; failure: string }>(
      path.join(run, 'records', 'hash-97', 'rejects__hash_32.json'),
    );
    expect(record.status).toBe('failed');
    expect(record.failure).toContain('CryptHash in lib/hash-97/librejects.so returned -1');
  });

  it('no file under the run directory holds its absolute path, the build folder or the checkout', () => {
    const files = allFiles(run);
    expect(files).toContain(path.join('kat', 'hash-97', 'rejects.log'));
    const leaks = files.flatMap((file) => {
      const text = readFileSync(path.join(run, file), 'latin1');
      return [run, work, '/work/', 'ngcc-perf-build-', repositoryRoot]
        .filter((needle) => text.includes(needle))
        .map((needle) => `${file}: ${needle}`);
    });
    expect(leaks).toEqual([]);
  });

  it('validates: no absolute path, and every page regenerates byte for byte', async () => {
    const validation = await runCli(['validate', run]);
    expect({ code: validation.code, stderr: validation.stderr }).toEqual({ code: 0, stderr: '' });
  });
});
