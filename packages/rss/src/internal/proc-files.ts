// Reading procfs files of one process, with the error mapping every reader shares.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RssError } from '../rss-error.js';

/** Throws `INVALID_ARGUMENT` unless `pid` is a positive integer (or `'self'` when allowed). */
export function checkPid(pid: number | 'self', allowSelf: boolean): void {
  if (pid === 'self' && allowSelf) return;
  if (pid === 'self' || !Number.isInteger(pid) || pid <= 0) {
    throw new RssError(
      'INVALID_ARGUMENT',
      `pid is ${String(pid)}; pass a positive integer process id${allowSelf ? " or 'self'" : ''}.`,
    );
  }
}

/** `NO_PROC` when procfs is not at `procRoot`, else `NO_PROCESS` for `file` of `pid`. */
export function missingProcessError(procRoot: string, pid: number | 'self', file: string, cause: unknown): RssError {
  if (!existsSync(path.join(procRoot, 'self'))) {
    return new RssError(
      'NO_PROC',
      `${file}: no proc filesystem at ${procRoot}. Run on Linux with procfs mounted ("mount -t proc proc /proc").`,
      { cause },
    );
  }
  return new RssError(
    'NO_PROCESS',
    `${file}: process ${String(pid)} does not exist (it has exited or was never started). ` +
      'Read its figures while it is still running.',
    { cause },
  );
}

/**
 * The text of `/proc/<pid>/status`, or `null` when the process does not exist (any more).
 * Throws `NO_PROC` without procfs and `READ` for other failures.
 */
export function readStatusText(pid: number | 'self', procRoot: string): string | null {
  const file = path.join(procRoot, String(pid), 'status');
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const errno = (error as NodeJS.ErrnoException).code;
    if (errno === 'ENOENT' || errno === 'ESRCH') {
      const missing = missingProcessError(procRoot, pid, file, error);
      if (missing.code === 'NO_PROC') throw missing;
      return null;
    }
    throw new RssError('READ', `${file}: could not be read (${errno ?? String(error)}). Check its permissions.`, {
      cause: error,
    });
  }
}

/** True when a status text says the process is a zombie (exited, not yet reaped: no memory lines). */
export function isZombieStatus(text: string): boolean {
  return /^State:\s+Z/m.test(text);
}
