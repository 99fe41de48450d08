// `ngcc-perf init` on a folder holding a package folder and a .zip: what it prints, the
// candidate.json it writes (which `run` accepts unchanged), and a .zip with an entry that
// climbs out refused with exit code 2 naming the entry; for a folder with code but no instance
// header, lines that measure it when followed as printed (the header to copy, a unique entry).
import { afterAll, describe, expect, test } from '@jest/globals';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadCandidate } from '@ngcc-perf/intake';
import yazl from 'yazl';
import { runCli } from './campaign-support.js';

const work = mkdtempSync(path.join(tmpdir(), 'init-command-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A one-instance package in the official layout with a trivial (non-cryptographic) CryptHash of our own. */
function writePackage(parent: string, name: string): string {
  const folder = path.join(parent, name, 'Implementations', 'Reference_Implementation', `${name}-256`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, 'CryptHash_AlgorithmInstance.h'),
    `#define ALGORITHM_INSTANCE "${name.toLowerCase()}_256"\r\n#define DIGEST_BIT_LENGTH 256\r\n`,
  );
  writeFileSync(
    path.join(folder, 'xor_fold.c'),
    '#include "CryptHash_AlgorithmInstance.h"\nint CryptHash(int d, const unsigned char *m, unsigned long long n, unsigned char *o)\n{ unsigned long long i; for (i = 0; i < (unsigned long long)d / 8; i++) o[i] = (unsigned char)(i ^ (n ? m[0] : 0)); return 0; }\n',
  );
  writeFileSync(path.join(folder, 'KAT_CryptHash.c'), 'int main(void) { return 0; }\n');
  return path.join(parent, name);
}

async function zipOf(folder: string, archive: string, extra: { name: string; text: string }[] = []): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    zip.addFile(full, path.relative(path.dirname(folder), full).split(path.sep).join('/'));
  }
  for (const { name, text } of extra) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  writeFileSync(archive, Buffer.concat(chunks));
}

describe('ngcc-perf init', () => {
  test('prints what it found in a folder of one package folder and one .zip and writes candidate.json that run accepts', async () => {
    const submissions = path.join(work, 'submissions');
    writePackage(submissions, 'Fig');
    await zipOf(writePackage(path.join(work, 'staging'), 'Date'), path.join(submissions, 'Date.zip'));
    const out = path.join(work, 'candidates');
    const { code, stdout } = await runCli(['init', submissions, '--out', out]);
    expect(code).toBe(0);
    expect(stdout).toContain('pkg-date Date (not in the catalog) from Date.zip -> ');
    expect(stdout).toMatch(/date_256 +256 bits {2}Reference_Implementation \(reference profile\) {2}1 source/);
    expect(stdout).toContain('left out Implementations/Reference_Implementation/Fig-256/KAT_CryptHash.c: defines main');
    const written = path.join(submissions, 'Fig', 'candidate.json');
    expect(JSON.parse(readFileSync(written, 'utf8'))).toMatchObject({
      id: 'pkg-fig',
      algorithm: 'Fig',
      instances: [
        {
          name: 'fig_256',
          digestBits: 256,
          katName: 'fig_256',
          version: 'Reference_Implementation',
          sources: ['Implementations/Reference_Implementation/Fig-256/xor_fold.c'],
        },
      ],
    });
    expect(existsSync(path.join(out, 'Date', 'Date', 'candidate.json'))).toBe(true);
    const candidate = await loadCandidate(path.join(submissions, 'Fig'));
    expect(candidate.instances.map((i) => [i.name, i.versionLabel])).toEqual([['fig_256', 'Reference_Implementation']]);
  });

  test('a .zip with an entry that climbs out is refused, naming the entry, and nothing is extracted', async () => {
    const hostile = path.join(work, 'hostile');
    mkdirSync(hostile);
    const staging = writePackage(path.join(work, 'staging2'), 'Olive');
    const archive = path.join(hostile, 'Olive.zip');
    await zipOf(staging, archive);
    // yazl refuses "../" names, so the name is patched in the bytes: same length, two places
    const bytes = readFileSync(archive);
    const from = Buffer.from('Olive/Implementations/Reference_Implementation/Olive-256/xor_fold.c');
    const to = Buffer.from('../../Implementations/Reference_Implementation/Olive-256/xor_fold.c');
    for (let at = bytes.indexOf(from); at !== -1; at = bytes.indexOf(from, at + 1)) to.copy(bytes, at);
    writeFileSync(archive, bytes);
    const out = path.join(work, 'hostile-out');
    const { code, stderr } = await runCli(['init', archive, '--out', out]);
    expect(code).toBe(2);
    expect(stderr).toContain(
      'entry "../../Implementations/Reference_Implementation/Olive-256/xor_fold.c" leaves the extraction folder',
    );
    expect(existsSync(path.join(out, 'Olive'))).toBe(false);
    expect(existsSync(path.join(work, 'Implementations'))).toBe(false);
  });

  test('a folder with code but no instance header: the header to copy and an entry that loads when pasted', async () => {
    const root = writePackage(path.join(work, 'headerless'), 'Kiwano');
    const reference = 'Implementations/Reference_Implementation/Kiwano-256';
    const optimized = 'Implementations/Optimized_Implementation/Kiwano-256';
    mkdirSync(path.join(root, optimized), { recursive: true });
    copyFileSync(path.join(root, reference, 'xor_fold.c'), path.join(root, optimized, 'xor_fold_fast.c'));
    const { code, stdout } = await runCli(['init', root]);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith(`  left out  ${optimized}: `));
    expect(lines[at + 1]).toBe(
      `      to measure it, 1. copy ${reference}/CryptHash_AlgorithmInstance.h into ${optimized}/: its sources include ` +
        'CryptHash_AlgorithmInstance.h, which the folder lacks (gcc: No such file or directory); it is the header of kiwano_256, its twin',
    );
    const entry = JSON.parse(lines[at + 3]!) as Record<string, unknown>;
    expect(entry).toEqual({
      name: 'kiwano_256.optimized',
      digestBits: 256,
      katName: 'kiwano_256',
      variant: 'performance',
      version: 'Optimized_Implementation',
      sources: [`${optimized}/xor_fold_fast.c`],
      includeDirs: [optimized],
    });
    // followed as printed: the header copied, the entry pasted into "instances"
    copyFileSync(
      path.join(root, reference, 'CryptHash_AlgorithmInstance.h'),
      path.join(root, optimized, 'CryptHash_AlgorithmInstance.h'),
    );
    const written = JSON.parse(readFileSync(path.join(root, 'candidate.json'), 'utf8')) as { instances: unknown[] };
    written.instances.push(entry);
    writeFileSync(path.join(root, 'candidate.json'), JSON.stringify(written, null, 2));
    const candidate = await loadCandidate(root);
    expect(candidate.instances.map((i) => [i.name, i.katName, i.variant])).toEqual([
      ['kiwano_256', 'kiwano_256', 'reference'],
      ['kiwano_256.optimized', 'kiwano_256', 'performance'],
    ]);
  });
});
