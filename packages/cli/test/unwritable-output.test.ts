// An output folder that cannot be written is bad input, not a crash: every command that writes
// (`run`, `merge`, `publish`, `init`, `import`, `report` with --out/--data) checks it before any
// work and stops with exit 2, one line naming the folder, the reason and the fix. They exited 70
// ("internal error: ENOENT … mkdir" or "EROFS … .ngcc-perf.lock"). The read-only folder is a tmpfs
// this test mounts and remounts read-only (as root, where chmod would not stop a write); without
// root those cases are skipped and say so. A file where the folder should be works anywhere.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkWritableFolder } from '../src/internal/writable-folder.js';
import { repositoryRoot, runCli } from './campaign-support.js';
import { pacedMilliseconds } from '@ngcc-perf/native';

const work = mkdtempSync(path.join(os.tmpdir(), 'ngcc-unwritable-'));
const readOnly = path.join(work, 'read-only');
const sm3 = path.join(repositoryRoot, 'native', 'examples', 'sm3');
const runSmall = path.join(repositoryRoot, 'packages', 'cli', 'test', 'fixtures', 'run-small');

mkdirSync(readOnly);
const mounted =
  process.getuid?.() === 0 &&
  spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'ngcc-read-only', readOnly]).status === 0 &&
  (mkdirSync(path.join(readOnly, 'existing')), true) &&
  spawnSync('mount', ['-o', 'remount,ro', readOnly]).status === 0;
if (!mounted) console.warn('unwritable-output.test.ts: read-only cases skipped, mounting a tmpfs needs root');

afterAll(() => {
  if (mounted) spawnSync('umount', ['-l', readOnly]);
  rmSync(work, { recursive: true, force: true });
});

/** Each writing command, with its output folder at `folder`. */
const COMMANDS: Record<string, (folder: string) => string[]> = {
  run: (folder) => ['run', sm3, '--out', folder, '--sizes', '32', '--quiet'],
  'run --data': (folder) => ['run', sm3, '--out', path.join(work, 'run-out'), '--data', folder, '--quiet'],
  merge: (folder) => ['merge', runSmall, runSmall, '--out', folder],
  publish: (folder) => ['publish', runSmall, '--data', folder],
  init: (folder) => ['init', path.join(work, 'no-such.zip'), '--out', folder],
  import: (folder) => ['import', runSmall, '--out', folder],
  report: (folder) => ['report', runSmall, '--out', folder],
};
const option = (name: string): string => (name === 'publish' || name === 'run --data' ? '--data' : '--out');

const describeIfMounted = mounted ? describe : describe.skip;

describeIfMounted('a read-only output folder (a tmpfs remounted read-only)', () => {
  for (const [name, argv] of Object.entries(COMMANDS)) {
    it(
      `${name}: exit 2 naming the folder, EROFS and the fix, before any work (was 70)`,
      async () => {
        const folder = path.join(readOnly, 'sub', 'out');
        const result = await runCli(argv(folder));
        expect(result.stderr).not.toMatch(/internal error/);
        expect(result.code).toBe(2);
        expect(result.stderr.trim().split('\n')).toHaveLength(1);
        expect(result.stderr).toContain(
          `ngcc-perf: ${option(name)} ${folder}: cannot create or write this folder: ${readOnly} is on a read-only file system (EROFS). Fix: pass ${option(name)} a folder on a writable one.`,
        );
      },
      pacedMilliseconds(30_000),
    );
  }

  it('an existing folder on it: the lock file could not be written, exit 2 (was 70)', async () => {
    const folder = path.join(readOnly, 'existing');
    const result = await runCli(['merge', runSmall, runSmall, '--out', folder]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`--out ${folder}: .*${folder} is on a read-only file system \\(EROFS\\)`));
  });
});

describe('a file where the output folder should be', () => {
  const file = path.join(work, 'plain-file');
  beforeAll(() => writeFileSync(file, 'not a folder\n'));

  it.each([
    ['the folder itself', ''],
    ['an ancestor of it', '/sub/out'],
  ])('%s: run exits 2 naming it and the fix (was 70)', async (_what, suffix) => {
    const result = await runCli(['run', sm3, '--out', `${file}${suffix}`, '--sizes', '32', '--quiet']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `--out ${file}${suffix}: cannot create or write this folder: ${file} is a file where a folder is expected (ENOTDIR)`,
    );
  });

  it('a folder under /proc: exit 2, not an internal error', async () => {
    const result = await runCli(['merge', runSmall, runSmall, '--out', '/proc/ngcc-perf-out']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^ngcc-perf: --out \/proc\/ngcc-perf-out: cannot create or write this folder: /);
  });
});

describe('checkWritableFolder', () => {
  it('leaves nothing behind in a writable folder, existing or not', async () => {
    const existing = mkdtempSync(path.join(work, 'ok-'));
    await checkWritableFolder(existing, '--out');
    await checkWritableFolder(path.join(existing, 'a', 'b'), '--out');
    expect(spawnSync('find', [existing, '-mindepth', '1']).stdout.toString()).toBe('');
  });
});
