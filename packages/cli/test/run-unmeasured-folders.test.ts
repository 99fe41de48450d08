// `run` on a package measured in part (README "Exit codes", 3): each folder discovery could not
// measure is named on the console with its reason and in build.json `packages`, and the run exits
// 3; the same when `init` wrote the package's candidate.json first (its `unmeasured` list is the
// evidence then). A folder skipped for an ISA or hardware no host runs here is listed, exit 0.
// Medlar is a synthetic package of our own (a toy, non-cryptographic CryptHash).
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pacedMilliseconds } from '@ngcc-perf/native';
import { readJson, runCli } from './campaign-support.js';

const PHASES = ['--allow-unfixed-host', '--no-baseline', '--system', 'x86_9'];
const IMPL = 'Implementations';
const GOOD = `${IMPL}/Reference_Implementation/Medlar-256`;
const HEADERLESS = `${IMPL}/Optimized_Implementation/Medlar-core`;
const UNLINKABLE = `${IMPL}/Additional_Implementation/Medlar-512`;
const HARDWARE = `${IMPL}/Additional_Implementation/ASIC/Medlar-256`;

const instanceHeader = (name: string, bits: number) =>
  `#define ALGORITHM_INSTANCE "${name}"\n#define DIGEST_BIT_LENGTH ${bits}\n`;
const TOY_HASH =
  '#include "CryptHash_AlgorithmInstance.h"\n' +
  'int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)\n' +
  '{\n    unsigned long long i;\n    unsigned char acc = 0x5a;\n' +
  '    for (i = 0; i < msg_len_bits / 8; i++) acc = (unsigned char)((acc << 1 | acc >> 7) ^ msg[i]);\n' +
  '    for (i = 0; i < (unsigned long long)digest_len_bits / 8; i++) digest[i] = (unsigned char)(acc + i * 29);\n' +
  '    return 0;\n}\n';

async function put(root: string, file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
}

/**
 * `<parent>/Medlar`: a good instance folder, plus (with `faults`) a folder with code but no instance
 * header and an instance whose CryptHash calls a function no file defines; and an ASIC folder.
 */
async function writeMedlar(parent: string, faults: boolean): Promise<string> {
  const root = path.join(parent, 'Medlar');
  await put(root, `${GOOD}/CryptHash_AlgorithmInstance.h`, instanceHeader('medlar_256', 256));
  await put(root, `${GOOD}/medlar.c`, TOY_HASH);
  await put(root, `${HARDWARE}/CryptHash_AlgorithmInstance.h`, instanceHeader('medlar_256', 256));
  await put(root, `${HARDWARE}/medlar.c`, TOY_HASH);
  if (faults) {
    await put(
      root,
      `${HEADERLESS}/medlar_rounds.c`,
      'void medlar_rounds_bytes(unsigned char *state, unsigned long long bytes)\n' +
        '{\n    unsigned long long i;\n    for (i = 1; i < bytes; i++) state[i] ^= (unsigned char)(state[i - 1] + 13);\n}\n',
    );
    await put(root, `${UNLINKABLE}/CryptHash_AlgorithmInstance.h`, instanceHeader('medlar_512', 512));
    await put(
      root,
      `${UNLINKABLE}/medlar512.c`,
      '#include "CryptHash_AlgorithmInstance.h"\nint medlar_wide_round(unsigned char *digest, int bytes);\n' +
        'int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)\n' +
        '{\n    (void)msg; (void)msg_len_bits;\n    return medlar_wide_round(digest, digest_len_bits / 8);\n}\n',
    );
  }
  return root;
}

interface PackagesEntry {
  candidate: string;
  packageName: string;
  versions: string[];
  reason?: string;
  unmeasured: { folder: string; status: string; reason: string }[];
}

const statuses = (entry: PackagesEntry) => entry.unmeasured.map((u) => [u.status, u.folder]);
const EXPECTED = [
  ['skipped', HARDWARE],
  ['not-measurable', UNLINKABLE],
  ['not-measurable', HEADERLESS],
];

describe('run: folders of a package that were not measured', () => {
  let scratch: string;
  let medlar: string;
  let initialised: string;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'run-unmeasured-'));
    medlar = await writeMedlar(path.join(scratch, 'fresh'), true);
    await cp(path.dirname(medlar), path.join(scratch, 'initialised'), { recursive: true });
    initialised = path.join(scratch, 'initialised', 'Medlar');
  });

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  function expectNotMeasuredLines(stderr: string): void {
    expect(stderr).toContain(
      `[ngcc-perf] not measured: Medlar/${UNLINKABLE}: the linker leaves medlar_wide_round undefined`,
    );
    expect(stderr).toContain(`[ngcc-perf] not measured: Medlar/${HEADERLESS}: no header of its own`);
    expect(stderr).toContain(`[ngcc-perf] not measured: Medlar/${HARDWARE}: skipped, a hardware description (ASIC)`);
    expect(stderr).toContain('2 folder(s) of the packages gave no measurable instance');
  }

  it(
    'a fresh discovery: the good instance built, each other folder named with its reason, build.json lists them, exit 3',
    async () => {
      const fresh = path.join(scratch, 'run-fresh');
      const result = await runCli(['run', medlar, '--out', fresh, '--phases', 'check-host,build,kat', ...PHASES]);
      expectNotMeasuredLines(result.stderr);
      expect(result.code).toBe(3);
      const build = await readJson<{ packages: PackagesEntry[]; instances: { instance: string; library: unknown }[] }>(
        path.join(fresh, 'build.json'),
      );
      expect(build.instances.map((e) => [e.instance, typeof e.library])).toEqual([['medlar_256', 'string']]);
      expect(build.packages.map((p) => [p.candidate, p.packageName, p.versions, p.reason])).toEqual([
        ['pkg-medlar', 'Medlar', ['Reference_Implementation'], undefined],
      ]);
      expect(build.packages.map(statuses)).toEqual([EXPECTED]);
    },
    pacedMilliseconds(90_000),
  );

  it(
    'init, then run on the same folder: its candidate.json gives the same lines, build.json "packages" and exit 3',
    async () => {
      expect((await runCli(['init', initialised])).code).toBe(0);
      const after = path.join(scratch, 'run-after-init');
      const result = await runCli(['run', initialised, '--out', after, '--phases', 'check-host', ...PHASES]);
      expectNotMeasuredLines(result.stderr);
      expect(result.code).toBe(3);
      // what the candidate page shows ("Not measurable: …", the versions) comes from this entry
      const build = await readJson<{ packages: PackagesEntry[] }>(path.join(after, 'build.json'));
      const written = await readJson<{ unmeasured: PackagesEntry['unmeasured'] }>(
        path.join(initialised, 'candidate.json'),
      );
      expect(build.packages).toEqual([
        {
          candidate: 'pkg-medlar',
          packageName: 'Medlar',
          archive: null,
          archiveSha256: null,
          versions: ['Reference_Implementation'],
          unmeasured: written.unmeasured,
        },
      ]);
      expect(build.packages.map(statuses)).toEqual([EXPECTED]);
    },
    pacedMilliseconds(60_000),
  );

  it(
    '--json: the summary carries build.json "packages" with the folders not measured and exit code 3',
    async () => {
      const json = path.join(scratch, 'json');
      const result = await runCli(['run', initialised, '--out', json, '--phases', 'check-host', '--json', ...PHASES]);
      expect(result.code).toBe(3);
      const summary = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as {
        event: string;
        exitCode: number;
        packages: PackagesEntry[];
      };
      expect([summary.event, summary.exitCode]).toEqual(['summary', 3]);
      expect(summary.packages.map(statuses)).toEqual([EXPECTED]);
    },
    pacedMilliseconds(60_000),
  );

  it(
    'only a folder skipped for hardware no host runs: listed, exit 0',
    async () => {
      const clean = await writeMedlar(path.join(scratch, 'clean'), false);
      const result = await runCli([
        'run',
        clean,
        '--out',
        path.join(scratch, 'clean-run'),
        '--phases',
        'check-host',
        ...PHASES,
      ]);
      expect(result.stderr).toContain(`[ngcc-perf] not measured: Medlar/${HARDWARE}: skipped, a hardware description`);
      expect(result.stderr).not.toContain('gave no measurable instance');
      expect(result.code).toBe(0);
    },
    pacedMilliseconds(60_000),
  );
});
