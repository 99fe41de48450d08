// `ngcc-perf ct` end to end with the real driver, valgrind and the constant-time toys
// (native/testlibs/ct_*.c): text and --json output, exit codes 0 / 1 / 2 / 3.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { main } from '../src/main.js';
import { pacedMilliseconds } from '@ngcc-perf/native';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const testlibs = path.join(
  process.env.NGCC_PERF_NATIVE_BUILD ?? path.join(repositoryRoot, 'native', 'build'),
  'testlibs',
);
const lib = (name: string): string => path.join(testlibs, `lib${name}.so`);

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t) });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('ngcc-perf ct', () => {
  it(
    'a table lookup on message bytes: exit 1, the finding in the text with its file:line',
    async () => {
      const result = await run([
        'ct',
        lib('ct_table'),
        '--digest-bits',
        '256',
        '--bytes',
        '0,1,55',
        '--timing-ms',
        '200',
      ]);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(': secret-dependent');
      expect(result.stdout).toMatch(/memory-index\s+CryptHash\s+ct_table\.c:21\s+8 bits/);
      expect(result.stdout).toMatch(
        /timing test \(evidence only; a shared VM is noisy\): \d+ calls of 64 bytes, max \|t\| = /,
      );
    },
    pacedMilliseconds(120000),
  );

  it(
    '--json: findings[] with kind, function, file and line; a clean library exits 0',
    async () => {
      const branch = await run(['ct', lib('ct_branch'), '--digest-bits', '256', '--no-timing', '--json']);
      expect(branch.code).toBe(1);
      const json = JSON.parse(branch.stdout) as {
        verdict: string;
        findings: { kind: string; function: string; file: string; line: number }[];
      };
      expect(json.verdict).toBe('secret-dependent');
      expect(json.findings.map(({ kind, function: fn, file, line }) => ({ kind, fn, file, line }))).toEqual([
        { kind: 'branch', fn: 'CryptHash', file: 'ct_branch.c', line: 19 },
      ]);
      const clean = await run(['ct', lib('ct_length'), '--digest-bits', '256', '--no-timing', '--json']);
      expect(clean.code).toBe(0);
      expect((JSON.parse(clean.stdout) as { findings: unknown[] }).findings).toEqual([]);
    },
    pacedMilliseconds(120000),
  );

  it(
    'a crashing library: exit 3 (unknown), not a harness error; a bad option: exit 2',
    async () => {
      const crash = await run(['ct', lib('segv'), '--digest-bits', '256', '--no-timing']);
      expect(crash.code).toBe(3);
      expect(crash.stdout).toMatch(/unknown \(crash: the library died of SIGSEGV/);
      const bad = await run(['ct', lib('ct_table'), '--digest-bits', '12']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('multiple of 8');
    },
    pacedMilliseconds(120000),
  );
});
