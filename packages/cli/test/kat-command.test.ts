// `ngcc-perf kat` end to end with the real driver and the test-only libraries
// (native/build/testlibs): flags, exit code = verdict code, --write-manifest.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import { main } from '../src/main.js';
import { pacedMilliseconds } from '@ngcc-perf/native';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const testlibs = path.join(
  process.env.NGCC_PERF_NATIVE_BUILD ?? path.join(repositoryRoot, 'native', 'build'),
  'testlibs',
);
const lib = (name: string): string => path.join(testlibs, `lib${name}.so`);
const scratch = mkdtempSync(path.join(os.tmpdir(), 'ngcc-kat-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t) });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

const base = (library: string, ...extra: string[]): string[] => [
  'kat',
  library,
  '--digest-bits',
  '128',
  '--name',
  'toy',
  ...extra,
];

describe('ngcc-perf kat', () => {
  it(
    '--loop runs KAT_Loop after the default gate (NOKAT without references: exit 3), progress on stderr',
    async () => {
      const result = await run(base(lib('empty'), '--loop', '--json'));
      expect(result.code).toBe(3);
      const json = JSON.parse(result.stdout) as {
        verdict: string;
        files: { file: string; cryptHashCalls: number; repeat: string }[];
        logSha256: string;
      };
      expect(json.verdict).toBe('NOKAT');
      expect(json.files.map((file) => [file.file, file.cryptHashCalls, file.repeat])).toEqual([
        ['KAT_2_12_toy.txt', 8194, 'all'],
        ['KAT_2_23_toy.txt', 6, 'all'],
        ['KAT_Loop_toy.txt', 1000003, 'ends'], // 10^6 + 1 hashes, the first and the last twice
      ]);
      expect(json.logSha256).toMatch(/^[0-9a-f]{64}$/);
      expect(result.stderr).toContain('[ngcc-perf] KAT_Loop_toy.txt: 10^6 chained hashes');
    },
    pacedMilliseconds(120000),
  );

  it(
    '--write-manifest hashes the reference files into a sorted manifest; the next run PASSes (exit 0)',
    async () => {
      const reference = path.join(scratch, 'reference');
      await run(base(lib('xor_ok'), '--out-dir', reference));
      const manifest = path.join(scratch, 'kat.sha256');
      writeFileSync(
        manifest,
        `${'b'.repeat(64)} strict zzz/KAT_2_12_zzz.txt\n${'a'.repeat(64)} strict toy/KAT_2_23_toy.txt\n`,
      );
      const result = await run(base(lib('xor_ok'), '--kat-dir', reference, '--write-manifest', manifest));
      expect(result.code).toBe(0);
      const lines = readFileSync(manifest, 'utf8').trimEnd().split('\n');
      expect(lines.map((line) => line.split(' ').slice(1).join(' '))).toEqual([
        'strict toy/KAT_2_12_toy.txt',
        'strict toy/KAT_2_23_toy.txt',
        'strict zzz/KAT_2_12_zzz.txt',
      ]);
      expect(lines[1]).not.toContain('a'.repeat(64)); // replaced
      expect(result.stderr).toContain(`${manifest}: wrote 2 entries for toy`);
      expect((await run(base(lib('xor_ok'), '--manifest', manifest))).code).toBe(0);
    },
    pacedMilliseconds(120000),
  );

  it(
    'submitted KAT files in lower-case hex: record by record, --write-manifest and --manifest all PASS (the manifest path said MISMATCH)',
    async () => {
      const generated = path.join(scratch, 'generated-upper');
      await run(base(lib('xor_ok'), '--out-dir', generated));
      const lower = path.join(scratch, 'lower');
      mkdirSync(lower);
      for (const file of ['KAT_2_12_toy.txt', 'KAT_2_23_toy.txt']) {
        const text = readFileSync(path.join(generated, file), 'utf8');
        const lowered = text.replace(
          /^(Msg|Dst|Msg_Seed|Msg_Exp) = (.*)$/gm,
          (_line, key: string, value: string) => `${key} = ${value.toLowerCase()}`,
        );
        expect(lowered).not.toBe(text);
        writeFileSync(path.join(lower, file), lowered);
      }
      expect((await run(base(lib('xor_ok'), '--kat-dir', lower))).code).toBe(0);
      const manifest = path.join(scratch, 'lower.sha256');
      const written = await run(base(lib('xor_ok'), '--kat-dir', lower, '--write-manifest', manifest));
      expect([written.code, written.stdout.trimEnd().split('\n').at(-1)]).toEqual([0, 'RESULT toy toy PASS']);
      expect((await run(base(lib('xor_ok'), '--manifest', manifest))).code).toBe(0);
    },
    pacedMilliseconds(120000),
  );

  it('--write-manifest refuses a label that leaves the candidate folder (exit 2, one line)', async () => {
    const result = await run(
      base(
        lib('xor_ok'),
        '--kat-dir',
        scratch,
        '--write-manifest',
        path.join(scratch, 'x.sha256'),
        '--label',
        '../outside',
      ),
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^ngcc-perf: Cannot write manifest lines for label "\.\.\/outside".*leave the candidate folder/,
    );
  });

  it(
    'exit code = verdict code: nondeterministic 1, CRYPTOFAIL 4, OVERFLOW 5, LOADFAIL 6, TIMEOUT 7 (--timeout 1), CRASH 8',
    async () => {
      const cases: [string, string[], number][] = [
        ['nondeterministic', [], 1],
        ['ret_fail', [], 4],
        ['msg_write', [], 5],
        ['no_symbol', ['--full'], 6],
        ['hang', ['--timeout', '1'], 7],
        ['segv', [], 8],
      ];
      for (const [name, extra, code] of cases) {
        const result = await run(base(lib(name), ...extra));
        expect([name, result.code]).toEqual([name, code]);
      }
    },
    pacedMilliseconds(120000),
  );

  it(
    'a script tells NOKAT (exit 3) from a usage error (exit 2): they used to share exit 2',
    async () => {
      const nokat = await run(base(lib('xor_ok')));
      expect(nokat.code).toBe(3);
      expect(nokat.stdout).toContain('NOKAT');
      const usage = await run(['kat', lib('xor_ok'), '--name', 'toy']); // --digest-bits missing
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain("required option '--digest-bits <n>' not specified");
    },
    pacedMilliseconds(60000),
  );

  it('rejects bad --timeout and --max-memory-bytes values with one line (exit 2)', async () => {
    expect((await run(base(lib('xor_ok'), '--timeout', '0'))).stderr).toContain(
      '--timeout expects a positive number, got "0".',
    );
    const memory = await run(base(lib('xor_ok'), '--max-memory-bytes', '1000'));
    expect(memory.code).toBe(2);
    expect(memory.stderr).toContain('--max-memory-bytes must be 0 (no limit) or at least 16777216 (16 MiB), got 1000.');
  });

  it(
    'a malformed submitted KAT file is exit 2 naming the file, the line and the field',
    async () => {
      const katDir = path.join(scratch, 'bad');
      mkdirSync(katDir);
      writeFileSync(path.join(katDir, 'KAT_2_12_toy.txt'), 'Msg_Len = 0\nMsg =\nDst_Len = 128\nDst = XYZ\n');
      const result = await run(base(lib('xor_ok'), '--kat-dir', katDir));
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`${path.join(katDir, 'KAT_2_12_toy.txt')} line 4: Dst is not bytes in hex`);
    },
    pacedMilliseconds(60000),
  );
});
