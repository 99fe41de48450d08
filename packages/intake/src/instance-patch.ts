import { createHash } from 'node:crypto';
import { cp, lstat, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { execa } from 'execa';
import type { CandidateInstance } from './candidate.js';
import { IntakeError } from './intake-error.js';

/** A patch applied to an instance's copy: what build.json instance `patch` records and the page shows. */
export interface AppliedPatch {
  /** The diff as candidate.json names it, relative to the candidate folder. */
  file: string;
  /** SHA-256 of the diff file, 64 lower-case hex. */
  sha256: string;
  /** The files it changes, relative to the candidate folder (`/`-separated), sorted. */
  files: string[];
}

/** The files a unified diff names (`--- a/x`, `+++ b/x`), with one leading folder stripped (`patch -p1`). */
function patchedFiles(text: string, diff: string): string[] {
  const files = new Set<string>();
  text.split(/\r?\n/).forEach((line, index) => {
    const header = /^(---|\+\+\+) ([^\t\n]+)/.exec(line);
    if (header === null) return;
    const raw = header[2]!.trim();
    if (raw === '/dev/null') return;
    const stripped = raw.replace(/^[^/]*\//, '');
    const normal = path.posix.normalize(stripped);
    if (path.posix.isAbsolute(raw) || normal.startsWith('..') || normal === '.' || raw.includes('\\'))
      throw new IntakeError(
        'CANDIDATE_INVALID',
        `${diff} line ${index + 1}: the diff names "${raw}", a path outside the candidate folder; a patch may change only files inside it (paths like a/src/x.c).`,
      );
    files.add(normal);
  });
  if (files.size === 0)
    throw new IntakeError(
      'CANDIDATE_INVALID',
      `${diff}: no "--- a/<file>" / "+++ b/<file>" lines; give a unified diff (diff -u, git diff).`,
    );
  return [...files].sort();
}

/**
 * Applies the instance's patch (candidate.json `patch`) to a copy of the candidate folder under
 * `workDirectory/<instance>/` (never to the user's files), with `patch -p1`; a diff naming a
 * path outside the folder is refused before anything is written. Returns the instance with its
 * paths moved into the copy, and the patch as build.json records it.
 * @throws {@link IntakeError} `CANDIDATE_INVALID` for a hostile or empty diff, or one that does not apply (with patch's output).
 * @example
 * const { instance, patch } = await applyInstancePatch(candidate.directory, candidate.instances[0], 'runs/x/patched');
 */
export async function applyInstancePatch(
  candidateDirectory: string,
  instance: CandidateInstance,
  workDirectory: string,
): Promise<{ instance: CandidateInstance; patch: AppliedPatch | null }> {
  if (instance.patchPath === null) return { instance, patch: null };
  const root = path.resolve(candidateDirectory);
  const diffText = await readFile(instance.patchPath);
  const relativeDiff = path.relative(root, instance.patchPath).split(path.sep).join('/');
  const files = patchedFiles(diffText.toString('utf8'), relativeDiff);
  const copy = path.join(path.resolve(workDirectory), instance.name);
  await rm(copy, { recursive: true, force: true });
  await mkdir(copy, { recursive: true });
  // regular files and folders only: a link in the package could point the patch outside the copy
  await cp(root, copy, { recursive: true, verbatimSymlinks: true, filter: async (src) => !(await isLink(src)) });
  const applied = await execa(
    'patch',
    ['-p1', '--batch', '--forward', '--no-backup-if-mismatch', '-d', copy, '-i', instance.patchPath],
    { reject: false, all: true },
  );
  if (applied.exitCode !== 0)
    throw new IntakeError(
      'CANDIDATE_INVALID',
      `${relativeDiff}: it does not apply to instance "${instance.name}" (patch -p1 exited ${String(applied.exitCode)}): ${String(applied.all).slice(0, 600)}`,
    );
  const moved = (p: string) => path.join(copy, path.relative(root, p));
  return {
    instance: {
      ...instance,
      sourcePaths: instance.sourcePaths.map(moved),
      includeDirPaths: instance.includeDirPaths.map(moved),
      katFilePaths: instance.katFilePaths.map(moved),
    },
    patch: { file: relativeDiff, sha256: createHash('sha256').update(diffText).digest('hex'), files },
  };
}

async function isLink(file: string): Promise<boolean> {
  return (await lstat(file)).isSymbolicLink();
}
