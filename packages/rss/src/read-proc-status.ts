import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseProcStatus } from './parse-proc-status.js';
import type { ProcStatusMemory } from './proc-status-memory.js';
import { RssError } from './rss-error.js';

/** Options of {@link readProcStatus}. */
export interface ReadProcStatusOptions {
  /** Where procfs is mounted; `/proc` unless testing against a fixture tree. */
  procRoot?: string;
}

/**
 * Reads and parses `/proc/<pid>/status` of a live process (synchronously: procfs reads do not
 * block on disks).
 *
 * @param pid - a process id, or `'self'` for the calling Node process.
 * @param options - {@link ReadProcStatusOptions}.
 * @returns the memory figures in bytes (`null` for fields the kernel did not write).
 * @throws {@link RssError} `INVALID_ARGUMENT` for a pid that is not a positive integer;
 *   `NO_PROC` when procfs is not mounted at `procRoot`; `NO_PROCESS` when the process is gone;
 *   `READ` for other read failures; `PARSE` as in {@link parseProcStatus}.
 * @remarks Source: proc(5); SPEC §6.
 * @example
 * ```ts
 * const { vmHwmBytes, vmRssBytes } = readProcStatus('self');
 * console.log(`peak ${vmHwmBytes! / 1024} KiB, now ${vmRssBytes! / 1024} KiB`);
 * ```
 */
export function readProcStatus(pid: number | 'self', options: ReadProcStatusOptions = {}): ProcStatusMemory {
  const procRoot = options.procRoot ?? '/proc';
  if (pid !== 'self' && (!Number.isInteger(pid) || pid <= 0)) {
    throw new RssError('INVALID_ARGUMENT', `pid is ${String(pid)}; pass a positive integer process id or 'self'.`);
  }
  const file = path.join(procRoot, String(pid), 'status');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const errno = (error as NodeJS.ErrnoException).code;
    if (errno === 'ENOENT' || errno === 'ESRCH') {
      if (!existsSync(path.join(procRoot, 'self'))) {
        throw new RssError(
          'NO_PROC',
          `${file}: no proc filesystem at ${procRoot}. Run on Linux with procfs mounted ("mount -t proc proc /proc").`,
          { cause: error },
        );
      }
      throw new RssError(
        'NO_PROCESS',
        `${file}: process ${String(pid)} does not exist (it has exited or was never started). ` +
          'Read its figures while it is still running.',
        { cause: error },
      );
    }
    throw new RssError('READ', `${file}: could not be read (${errno ?? String(error)}). Check its permissions.`, {
      cause: error,
    });
  }
  return parseProcStatus(text, file);
}
