// `run`'s exit code says when inputs were not measured (README "Exit codes", 3): a folder that
// yields no measurable instance beside a good one is listed and the good one measured (exit 3);
// a run in which nothing builds exits 3; every input yielding nothing is bad input (exit 2);
// `--strict` refuses before building. (A clean run's exit 0: campaign-sources.test.ts.)
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pacedMilliseconds } from '@ngcc-perf/native';
import { examplesDirectory, runCli } from './campaign-support.js';

const PHASES = ['--phases', 'check-host,build,kat', '--allow-unfixed-host', '--no-baseline', '--system', 'x86_9'];

/** An instance folder whose CryptHash calls a function no file defines: nothing to measure. */
async function writeUnlinkable(parent: string): Promise<string> {
  const folder = path.join(parent, 'Quince', 'Reference_Implementation', 'Quince-256');
  await mkdir(folder, { recursive: true });
  await writeFile(
    path.join(folder, 'CryptHash_AlgorithmInstance.h'),
    '#define ALGORITHM_INSTANCE "Quince-256"\n#define DIGEST_BIT_LENGTH 256\n',
  );
  await writeFile(
    path.join(folder, 'quince.c'),
    '#include "CryptHash_AlgorithmInstance.h"\nint quince_round(unsigned char *digest, int bytes);\n' +
      'int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)\n' +
      '{\n    (void)msg; (void)msg_len_bits;\n    return quince_round(digest, digest_len_bits / 8);\n}\n',
  );
  return path.join(parent, 'Quince');
}

/** The bundled SM3 with a candidate.json whose one source does not compile: nothing is built. */
async function writeUnbuildable(parent: string): Promise<string> {
  const folder = path.join(parent, 'broken-sm3');
  await cp(path.join(examplesDirectory, 'sm3'), folder, { recursive: true });
  await writeFile(path.join(folder, 'sm3.c'), 'this is not C;\n');
  return folder;
}

describe('run: the exit code says which inputs were not measured', () => {
  let scratch: string;
  let good: string;
  let odd: string;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'run-exit-codes-'));
    good = path.join(scratch, 'sm3');
    await cp(path.join(examplesDirectory, 'sm3'), good, { recursive: true });
    odd = await writeUnlinkable(scratch);
  });

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it(
    'a good input and one that yields nothing: the good one measured, the other listed, exit 3',
    async () => {
      const out = path.join(scratch, 'mixed');
      const result = await runCli(['run', good, odd, '--out', out, ...PHASES]);
      expect(result.stderr).toMatch(/not measured: .*Quince.*quince_round/);
      expect(result.code).toBe(3);
      const build = JSON.parse(await readFile(path.join(out, 'build.json'), 'utf8')) as {
        instances: { instance: string; kat: string }[];
      };
      expect(build.instances.map((e) => [e.instance, e.kat])).toEqual([['sm3', 'PASS']]);
    },
    pacedMilliseconds(120_000),
  );

  it(
    '--strict refuses the same inputs before building anything (exit 2)',
    async () => {
      const out = path.join(scratch, 'strict');
      const result = await runCli(['run', good, odd, '--out', out, '--strict', ...PHASES]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('quince_round');
    },
    pacedMilliseconds(120_000),
  );

  it(
    'only inputs that yield nothing: bad input (exit 2) naming each',
    async () => {
      const result = await runCli(['run', odd, '--out', path.join(scratch, 'none'), ...PHASES]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('no input yields a measurable instance');
    },
    pacedMilliseconds(120_000),
  );

  it(
    'nothing built: exit 3, with the compiler’s reason',
    async () => {
      const broken = await writeUnbuildable(scratch);
      const result = await runCli(['run', broken, '--out', path.join(scratch, 'broken'), ...PHASES]);
      expect(result.stderr).toMatch(/sm3\.c:\d+:\d+: error/);
      // the KAT phase says the build decided the verdict, not that it was kept from an earlier run
      expect(result.stderr).toContain('/sm3: KAT LOADFAIL (no library was built)');
      expect(result.stderr).not.toContain('(kept)');
      expect(result.code).toBe(3);
    },
    pacedMilliseconds(120_000),
  );
});
