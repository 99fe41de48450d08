// Bad input: one line naming the input and the fix, exit code 2; a misbehaving library is a verdict.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { main } from '../src/main.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const testlibs = path.join(repositoryRoot, 'native', 'build', 'testlibs');

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t) });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('bad input', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'ngcc-bad-'));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('size: a file that is not ELF', async () => {
    const file = path.join(scratch, 'notes.so');
    await writeFile(file, 'just text\n');
    const result = await run(['size', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(`^ngcc-perf: .*${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*not an ELF`, 'i'),
    );
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('size: a missing library', async () => {
    const result = await run(['size', path.join(scratch, 'missing.so')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('missing.so');
  });

  it('kat: a missing library is the LOADFAIL verdict (exit 6), not a crash', async () => {
    const result = await run([
      'kat',
      path.join(scratch, 'missing.so'),
      '--digest-bits',
      '256',
      '--name',
      'x',
      '--json',
    ]);
    expect(result.code).toBe(6);
    expect(JSON.parse(result.stdout).verdict).toBe('LOADFAIL');
  });

  it('kat: a library without CryptHash is LOADFAIL (exit 6)', async () => {
    const result = await run([
      'kat',
      path.join(testlibs, 'libno_symbol.so'),
      '--digest-bits',
      '256',
      '--name',
      'x',
      '--json',
    ]);
    expect(result.code).toBe(6);
    expect(JSON.parse(result.stdout).verdict).toBe('LOADFAIL');
  });

  it('kat: a malformed manifest line names the file, the line and the fix', async () => {
    const manifest = path.join(scratch, 'kat.sha256');
    await writeFile(manifest, `${'a'.repeat(64)} strict x/KAT_2_12_x.txt\nnot a manifest line\n`);
    const result = await run([
      'kat',
      path.join(testlibs, 'libxor_ok.so'),
      '--digest-bits',
      '256',
      '--name',
      'x',
      '--manifest',
      manifest,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${manifest} line 2`);
    expect(result.stderr).toContain('--write-manifest');
  });

  it('run: an unknown candidate field', async () => {
    const folder = path.join(scratch, 'candidate');
    await import('node:fs/promises').then((fs) => fs.mkdir(folder));
    await writeFile(
      path.join(folder, 'candidate.json'),
      JSON.stringify({
        id: 'hash-99',
        algorithm: 'X',
        category: 'hash',
        variant: 'reference',
        sources: ['x.c'],
        instances: [{ name: 'x', digestBits: 256 }],
        flavour: 1,
      }),
    );
    const result = await run(['run', folder, '--out', path.join(scratch, 'out')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/candidate\.json: unknown field "flavour"/);
  });

  it('an unknown option or command exits 2', async () => {
    expect((await run(['time', 'x.so', '--digest-bits', '256'])).code).toBe(2);
    expect((await run(['frobnicate'])).code).toBe(2);
    expect((await run(['time', 'x.so', '--digest-bits', '256', '--bytes', 'ten'])).stderr).toContain(
      '--bytes expects a whole number, got "ten".',
    );
  });

  it('--debug adds the stack; without it there is none', async () => {
    const file = path.join(scratch, 'notes2.so');
    await writeFile(file, 'text');
    expect((await run(['size', file])).stderr).not.toMatch(/\n\s+at /);
    expect((await run(['size', file, '--debug'])).stderr).toMatch(/\n\s+at /);
  });
});
