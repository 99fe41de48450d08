// Done-when: `ngcc-perf run` on a folder of candidate sources builds each instance with the
// reference profile and reports `guide` in the KAT table's build-flags column. Also the fallback to
// the harness default (a build failure and a KAT failure under the guide's flags), a prebuilt
// library, an XOF's list of lengths and per-instance KAT names.
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { examplesDirectory, readJson, repositoryRoot, runCli, tinyPlanArguments } from './campaign-support.js';
import { pacedMilliseconds } from '@ngcc-perf/native';

interface Entry {
  instance: string;
  flags: string;
  kat: string;
  buildFlags: string;
  guideResult: string | null;
  guideDetail: string | null;
  guideKatLog: string | null;
  fallbackResult: string | null;
  compileCommands: string[];
  katLog: string;
}

/** SM3's sources, a copy needing GNU C (typeof) and a copy whose digest is wrong under -std=c99 only. */
async function writeCandidateFolder(folder: string): Promise<void> {
  const sm3 = await readFile(path.join(examplesDirectory, 'sm3', 'sm3.c'), 'utf8');
  await writeFile(path.join(folder, 'sm3.c'), sm3);
  await writeFile(
    path.join(folder, 'sm3_gnu.c'),
    `${sm3}\n/* GNU C only: the guide's -std=c99 rejects typeof. */\nint ngcc_gnu_probe(int a) { typeof(a) b = a; return b; }\n`,
  );
  const end = sm3.lastIndexOf('    return 0;\n}');
  await writeFile(
    path.join(folder, 'sm3_strict.c'),
    `${sm3.slice(0, end)}#ifdef __STRICT_ANSI__\n    digest[0] ^= 1u; /* wrong under -std=c99 only */\n#endif\n${sm3.slice(end)}`,
  );
  await copyFile(path.join(examplesDirectory, 'sm3', 'kat.sha256'), path.join(folder, 'kat.sha256'));
  await copyFile(
    path.join(repositoryRoot, 'native', 'build', 'examples', 'libsm3.so'),
    path.join(folder, 'libsm3-prebuilt.so'),
  );
  const candidate = {
    id: 'hash-98',
    algorithm: 'SM3',
    category: 'hash',
    sources: ['sm3.c'],
    manifest: 'kat.sha256',
    instances: [
      { name: 'sm3', digestBits: 256 },
      { name: 'sm3_gnu', digestBits: 256, katName: 'sm3', sources: ['sm3_gnu.c'] },
      { name: 'sm3_strict', digestBits: 256, katName: 'sm3', sources: ['sm3_strict.c'] },
      { name: 'sm3_prebuilt', digestBits: 256, katName: 'sm3', library: 'libsm3-prebuilt.so' },
    ],
  };
  await writeFile(path.join(folder, 'candidate.json'), JSON.stringify(candidate, null, 2));
}

describe('run on a folder of candidate sources', () => {
  let scratch: string;
  let run: string;
  let code: number;
  let entries: Map<string, Entry>;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'ngcc-sources-'));
    const folder = path.join(scratch, 'hash-98');
    await mkdir(folder);
    await writeCandidateFolder(folder);
    run = path.join(scratch, 'run');
    ({ code } = await runCli([
      'run',
      folder,
      '--out',
      run,
      ...tinyPlanArguments({ trialTargetSeconds: 0.005, trials: null }),
    ]));
    const build = await readJson<{ instances: Entry[] }>(path.join(run, 'build.json'));
    entries = new Map(build.instances.map((e) => [e.instance, e]));
  }, pacedMilliseconds(180_000));

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('builds with the reference profile and says guide in the KAT table', async () => {
    expect(code).toBe(0);
    const sm3 = entries.get('sm3')!;
    expect(sm3).toMatchObject({
      flags: 'guide',
      kat: 'PASS',
      guideResult: 'PASS',
      buildFlags: '-std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC -shared',
    });
    expect(sm3.compileCommands[0]).toBe(
      'gcc -Dsm3_EXPORTS -std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC -o sm3.c.o -c sm3.c',
    );
    const page = await readFile(path.join(run, 'reports', 'hash-98', 'perf_x86_9.md'), 'utf8');
    expect(page).toContain('| `sm3` | guide | PASS |');
  });

  it('falls back to the harness default when the guide profile does not build, keeping the guide result', async () => {
    const gnu = entries.get('sm3_gnu')!;
    expect(gnu).toMatchObject({
      flags: 'harness-default',
      kat: 'PASS',
      guideResult: 'BUILDFAIL',
      buildFlags: '-std=gnu11 -D_GNU_SOURCE -O2 -fPIC -shared',
    });
    expect(gnu.guideDetail).toMatch(/^sm3_gnu\.c:\d+:\d+: error: /);
    const page = await readFile(path.join(run, 'reports', 'hash-98', 'perf_x86_9.md'), 'utf8');
    expect(page).toContain('| `sm3_gnu` | harness-default | PASS |');
  });

  it('falls back when the guide build fails its KATs, keeping the guide verdict and log', async () => {
    const strict = entries.get('sm3_strict')!;
    expect(strict).toMatchObject({
      flags: 'harness-default',
      kat: 'PASS',
      guideResult: 'MISMATCH',
      guideKatLog: 'kat/hash-98/sm3_strict.guide.log',
    });
    const guideLog = await readFile(path.join(run, strict.guideKatLog!), 'utf8');
    // The log names the instance by its KAT name (runKat's `name`), here the shared "sm3".
    expect(guideLog.trim().split('\n').at(-1)).toBe('RESULT hash-98 sm3 MISMATCH');
    const log = await readFile(path.join(run, strict.katLog), 'utf8');
    expect(log).toContain('build_flags  = -std=gnu11 -D_GNU_SOURCE -O2 -fPIC -shared');
  });

  it('measures a prebuilt library as it is', () => {
    expect(entries.get('sm3_prebuilt')).toMatchObject({ flags: 'prebuilt', kat: 'PASS', guideResult: null });
  });

  it('keeps no absolute path of the machine in build.json', async () => {
    const text = await readFile(path.join(run, 'build.json'), 'utf8');
    expect(text).not.toContain(scratch);
    expect(text).not.toContain(os.tmpdir() + path.sep);
  });
});

describe('an XOF listing its lengths', () => {
  it(
    'becomes one instance and one library per length, checked against the manifest entries of each',
    async () => {
      const scratch = await mkdtemp(path.join(os.tmpdir(), 'ngcc-xof-'));
      try {
        const folder = path.join(scratch, 'shake');
        await mkdir(folder);
        await copyFile(path.join(examplesDirectory, 'shake256', 'shake256.c'), path.join(folder, 'shake256.c'));
        await copyFile(path.join(examplesDirectory, 'shake256', 'kat.sha256'), path.join(folder, 'kat.sha256'));
        const candidate = {
          id: 'hash-97',
          algorithm: 'SHAKE256',
          category: 'hash',
          sources: ['shake256.c'],
          manifest: 'kat.sha256',
          instances: [{ name: 'shake256', digestBits: [512, 1024] }],
        };
        await writeFile(path.join(folder, 'candidate.json'), JSON.stringify(candidate));
        const run = path.join(scratch, 'run');
        const result = await runCli([
          'run',
          folder,
          '--out',
          run,
          '--no-baseline',
          '--system',
          'x86_9',
          '--phases',
          'build,kat',
          '--quiet',
        ]);
        expect(result.code).toBe(0);
        const build = await readJson<{ instances: Entry[] & { digestBits: number }[] }>(path.join(run, 'build.json'));
        expect(build.instances.map((e) => [e.instance, e.kat, e.flags])).toEqual([
          ['shake256_512', 'PASS', 'guide'],
          ['shake256_1024', 'PASS', 'guide'],
        ]);
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    },
    pacedMilliseconds(120_000),
  );
});
