// Before a writing command does any work: can its output folder be created and written (the lock
// file and every record included)? And the one sentence for a file-system refusal that still
// happens later (a disk that fills, a folder made read-only mid-run).
import { randomBytes } from 'node:crypto';
import { mkdir, open, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { CliError } from '../cli-error.js';

/** The errno codes that say "this folder cannot be written here", as opposed to a bug. */
const REFUSALS = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOSPC', 'EDQUOT', 'ENOTDIR', 'EEXIST', 'ENOENT']);

/** Why a folder cannot be written, and the fix, for one errno code. */
function explain(code: string, where: string, option: string): { why: string; fix: string } {
  switch (code) {
    case 'EROFS':
      return { why: `${where} is on a read-only file system`, fix: `pass ${option} a folder on a writable one` };
    case 'EACCES':
    case 'EPERM':
      return {
        why: `this user may not write in ${where}`,
        fix: `pass ${option} a folder you may write, or grant write permission on ${where}`,
      };
    case 'ENOSPC':
    case 'EDQUOT':
      return {
        why: `the disk of ${where} is full${code === 'EDQUOT' ? ' (quota)' : ''}`,
        fix: `free space there, or pass ${option} a folder on another disk`,
      };
    case 'ENOTDIR':
    case 'EEXIST':
      return {
        why: `${where} is a file where a folder is expected`,
        fix: `remove or rename it, or pass ${option} another folder`,
      };
    default:
      return { why: `${where} cannot be created there`, fix: `pass ${option} a folder in a writable place` };
  }
}

function refusal(folder: string, option: string, where: string, error: NodeJS.ErrnoException): CliError {
  const code = error.code ?? 'unknown';
  const { why, fix } = explain(code, where, option);
  return new CliError(
    'OUTPUT_FOLDER',
    `${option} ${folder}: cannot create or write this folder: ${why} (${code}). Fix: ${fix}.`,
    { cause: error },
  );
}

/** The folder itself when it exists, else its nearest existing ancestor (`exists` false). */
async function nearestExisting(folder: string): Promise<{ at: string; exists: boolean; isDirectory: boolean }> {
  let at = folder;
  for (;;) {
    try {
      const found = await stat(at);
      return { at, exists: at === folder, isDirectory: found.isDirectory() };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // ENOTDIR: a file stands on the way up; the walk finds it and reports it.
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || path.dirname(at) === at) throw error;
      at = path.dirname(at);
    }
  }
}

/**
 * Checks, without leaving anything behind, that `folder` can be created (when missing) and written:
 * in an existing folder it creates and removes a file (as the run's lock file would be), else it
 * creates and removes a folder in the nearest existing ancestor.
 * @param folder - the output folder, as given (relative to the working directory)
 * @param option - the option that named it (`--out`, `--data`), for the message
 * @throws {CliError} `OUTPUT_FOLDER` (exit 2) naming the folder, the reason (read-only file system,
 *   no permission, full disk, a file in the way) and the fix
 * @example
 * ```ts
 * await checkWritableFolder(flags.out, '--out'); // before any work
 * ```
 */
export async function checkWritableFolder(folder: string, option: string): Promise<void> {
  const absolute = path.resolve(folder);
  const probeName = `.ngcc-perf-write-check-${process.pid}-${randomBytes(4).toString('hex')}`;
  let where = absolute;
  try {
    const nearest = await nearestExisting(absolute);
    where = nearest.at;
    if (!nearest.isDirectory) {
      throw Object.assign(new Error(`${where} is not a directory`), { code: 'ENOTDIR' });
    }
    if (nearest.exists) {
      const probe = path.join(absolute, probeName);
      const handle = await open(probe, 'wx');
      await handle.close();
      await unlink(probe);
    } else {
      const probe = path.join(nearest.at, probeName);
      await mkdir(probe);
      await rmdir(probe);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== undefined && REFUSALS.has(code)) throw refusal(folder, option, where, error as NodeJS.ErrnoException);
    throw error;
  }
}

/**
 * A Node file-system error that says a path cannot be written (read-only file system, no
 * permission, full disk, a file where a folder is expected), turned into exit 2 with the folder
 * and the fix; null for anything else (a bug: exit 70).
 * @param error - what reached the top of the command line
 * @returns the one-line {@link CliError}, or null
 * @example
 * ```ts
 * const bad = fileSystemRefusal(error); if (bad) { io.stderr(`ngcc-perf: ${bad.message}\n`); return 2; }
 * ```
 */
export function fileSystemRefusal(error: unknown): CliError | null {
  const failure = error as NodeJS.ErrnoException;
  const writeCodes = ['EROFS', 'EACCES', 'EPERM', 'ENOSPC', 'EDQUOT'];
  if (!(error instanceof Error) || typeof failure.path !== 'string' || !writeCodes.includes(failure.code ?? '')) {
    return null;
  }
  const folder = failure.syscall === 'mkdir' ? failure.path : path.dirname(failure.path);
  const { why, fix } = explain(failure.code as string, folder, 'the command');
  return new CliError(
    'OUTPUT_FOLDER',
    `Cannot write ${failure.path} (${failure.syscall ?? 'write'}): ${why} (${failure.code}). Fix: ${fix.replace(
      'pass the command',
      'point the command at',
    )}.`,
    { cause: error },
  );
}
