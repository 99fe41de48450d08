// One bad package never stops the others: beside a good package, one whose instance header says
// ALGORITHM_INSTANCE "Odd 256" (a name no KAT file or run folder can carry) is reported as not
// measured, naming the header, its line and the fix, while the good one is built, KAT-checked and
// measured (`run` exits 3); `init` writes the good package's candidate.json and explains the other.
// Both packages are synthetic, with a toy (non-cryptographic) CryptHash of our own.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pacedMilliseconds } from '@ngcc-perf/native';
import { readJson, runCli, tinyPlanArguments } from './campaign-support.js';

const TOY_HASH =
  '#include "CryptHash_AlgorithmInstance.h"\n' +
  'int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)\n' +
  '{\n    unsigned long long i;\n    unsigned char acc = 0x3c;\n' +
  '    for (i = 0; i < msg_len_bits / 8; i++) acc = (unsigned char)((acc << 3 | acc >> 5) ^ msg[i]);\n' +
  '    for (i = 0; i < (unsigned long long)digest_len_bits / 8; i++) digest[i] = (unsigned char)(acc + i * 31);\n' +
  '    return 0;\n}\n';
const ODD_HEADER = 'Implementations/Reference_Implementation/Odd-256/CryptHash_AlgorithmInstance.h';

async function writePackage(parent: string, name: string, instance: string): Promise<void> {
  const folder = path.join(parent, name, 'Implementations', 'Reference_Implementation', `${name}-256`);
  await mkdir(folder, { recursive: true });
  await writeFile(
    path.join(folder, 'CryptHash_AlgorithmInstance.h'),
    `/* instance header */\r\n#define ALGORITHM_INSTANCE "${instance}"\r\n#define DIGEST_BIT_LENGTH 256\r\n`,
  );
  await writeFile(path.join(folder, `${name.toLowerCase()}.c`), TOY_HASH);
}

describe('an instance name with a space beside a good package', () => {
  let scratch: string;
  let submissions: string;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'bad-instance-name-'));
    submissions = path.join(scratch, 'submissions');
    await writePackage(submissions, 'Good', 'good_256');
    await writePackage(submissions, 'Odd', 'Odd 256');
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it(
    'run measures the good package and reports the other with the header, the line and the fix: exit 3',
    async () => {
      const out = path.join(scratch, 'run');
      const result = await runCli([
        'run',
        submissions,
        '--out',
        out,
        '--phases',
        'check-host,build,kat,calibrate,measure',
        '--allow-unfixed-host',
        ...tinyPlanArguments().filter((a) => a !== '--quiet'), // the "not measured" lines are what it checks
      ]);
      expect(result.stderr).toContain(
        `[ngcc-perf] not measured: Odd: no instance folder can be measured: Implementations/Reference_Implementation/Odd-256: ${ODD_HEADER} line 2: ALGORITHM_INSTANCE "Odd 256" is not a name`,
      );
      expect(result.stderr).toContain('change it in the header (say "Odd-256")');
      expect(result.stderr).not.toContain('Fix candidate.json');
      expect(result.code).toBe(3);
      expect(await readdir(path.join(out, 'records', 'pkg-good'))).toEqual(['good_256__hash_32.json']);
      const build = await readJson<{ packages: { candidate: string; reason?: string }[] }>(
        path.join(out, 'build.json'),
      );
      expect(build.packages.map((p) => [p.candidate, p.reason === undefined])).toEqual([
        ['pkg-good', true],
        ['pkg-odd', false],
      ]);
    },
    pacedMilliseconds(120_000),
  );

  it(
    'init writes the good package’s candidate.json and explains the other (exit 2: a package gave nothing)',
    async () => {
      const result = await runCli(['init', submissions]);
      expect(result.code).toBe(2);
      expect(existsSync(path.join(submissions, 'Good', 'candidate.json'))).toBe(true);
      expect(existsSync(path.join(submissions, 'Odd', 'candidate.json'))).toBe(false);
      expect(result.stdout + result.stderr).toContain(`${ODD_HEADER} line 2: ALGORITHM_INSTANCE "Odd 256"`);
      expect(result.stdout + result.stderr).not.toContain('Fix candidate.json');
    },
    pacedMilliseconds(60_000),
  );
});
