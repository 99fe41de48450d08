// `ngcc-perf kat` end to end with the real driver and the test-only libraries
// (native/build/testlibs): flags, exit code = verdict code, --write-manifest.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import { main } from '../src/main.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const testlibs = path.join(process.env.NGCC_PERF_NATIVE_BUILD ?? path.join(repositoryRoot, 'native', 'build'), 'testlibs');
const lib = (name: string): string => path.join(testlibs, `lib${name}.so`);
const scratch = mkdtempSync(path.join(os.tmpdir(), 'ngcc-kat-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t) });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

const base = (library: string, ...extra: string[]): string[] => ['kat', library, '--digest-bits', '128', '--name', 'toy', ...extra];

describe('ngcc-perf kat', () => {
  it('--loop runs KAT_Loop after the default gate (NOKAT without references: exit 2), progress on stderr', async () => {
    const result = await run(base(lib('empty'), '--loop', '--json'));
    expect(result.code).toBe(2);
    const json = JSON.parse(result.stdout) as { verdict: string; files: { file: string; cryptHashCalls: number; repeat: string }[]; logSha256: string };
    expect(json.verdict).toBe('NOKAT');
    expect(json.files.map((file) => [file.file, file.cryptHashCalls, file.repeat])).toEqual([
      ['KAT_2_12_toy.txt', 8194, 'all'],
      ['KAT_2_23_toy.txt', 6, 'all'],
      ['KAT_Loop_toy.txt', 1000003, 'ends'], // 10^6 + 1 hashes, the first and the last twice
    ]);
    expect(json.logSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(result.stderr).toContain('[ngcc-perf] KAT_Loop_toy.txt: 10^6 chained hashes');
  }, 120000);

  it('--write-manifest hashes the reference files into a sorted manifest; the next run PASSes (exit 0)', async () => {
    const reference = path.join(scratch, 'reference');
    await run(base(lib('xor_ok'), '--out-dir', reference));
    const manifest = path.join(scratch, 'kat.sha256');
    writeFileSync(manifest, `${'b'.repeat(64)} strict zzz/KAT_2_12_zzz.txt\n${'a'.repeat(64)} strict toy/KAT_2_23_toy.txt\n`);
    const result = await run(base(lib('xor_ok'), '--kat-dir', reference, '--write-manifest', manifest));
    expect(result.code).toBe(0);
    const lines = readFileSync(manifest, 'utf8').trimEnd().split('\n');
    expect(lines.map((line) => line.split(' ').slice(1).join(' '))).toEqual(['strict toy/KAT_2_12_toy.txt', 'strict toy/KAT_2_23_toy.txt', 'strict zzz/KAT_2_12_zzz.txt']);
    expect(lines[1]).not.toContain('a'.repeat(64)); // replaced
    expect(result.stderr).toContain(`${manifest}: wrote 2 entries for toy`);
    expect((await run(base(lib('xor_ok'), '--manifest', manifest))).code).toBe(0);
  }, 120000);

  it('--write-manifest refuses a label that leaves the candidate folder (exit 2, one line)', async () => {
    const result = await run(base(lib('xor_ok'), '--kat-dir', scratch, '--write-manifest', path.join(scratch, 'x.sha256'), '--label', '../outside'));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^ngcc-perf: Cannot write manifest lines for label "\.\.\/outside".*leave the candidate folder/);
  });

  it('exit code = verdict code: nondeterministic 1, CRYPTOFAIL 3, OVERFLOW 4, LOADFAIL 5, TIMEOUT 6 (--timeout 1), CRASH 7', async () => {
    const cases: [string, string[], number][] = [
      ['nondeterministic', [], 1],
      ['ret_fail', [], 3],
      ['msg_write', [], 4],
      ['no_symbol', ['--full'], 5],
      ['hang', ['--timeout', '1'], 6],
      ['segv', [], 7],
    ];
    for (const [name, extra, code] of cases) {
      const result = await run(base(lib(name), ...extra));
      expect([name, result.code]).toEqual([name, code]);
    }
  }, 120000);

  it('rejects bad --timeout and --max-memory-bytes values with one line (exit 2)', async () => {
    expect((await run(base(lib('xor_ok'), '--timeout', '0'))).stderr).toContain('--timeout expects a positive number, got "0".');
    const memory = await run(base(lib('xor_ok'), '--max-memory-bytes', '1000'));
    expect(memory.code).toBe(2);
    expect(memory.stderr).toContain('--max-memory-bytes must be 0 (no limit) or at least 16777216 (16 MiB), got 1000.');
  });

  it('a malformed submitted KAT file is exit 2 naming the file, the line and the field', async () => {
    const katDir = path.join(scratch, 'bad');
    mkdirSync(katDir);
    writeFileSync(path.join(katDir, 'KAT_2_12_toy.txt'), 'Msg_Len = 0\nMsg =\nDst_Len = 128\nDst = XYZ\n');
    const result = await run(base(lib('xor_ok'), '--kat-dir', katDir));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${path.join(katDir, 'KAT_2_12_toy.txt')} line 4: Dst is not bytes in hex`);
  }, 60000);
});
