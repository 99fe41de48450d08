import path from 'node:path';
import { checkPid, missingProcessError, readStatusText } from './internal/proc-files.js';
import { parseProcStatus } from './parse-proc-status.js';
import type { ProcStatusMemory } from './proc-status-memory.js';

/** Options of {@link readProcStatus}. */
export interface ReadProcStatusOptions {
  /** Where procfs is mounted; `/proc` unless testing against a fixture tree. */
  procRoot?: string;
}

/**
 * Reads and parses `/proc/<pid>/status` of a live process (synchronously: procfs reads do not
 * block on disks): VmRSS, VmHWM, RssAnon, RssFile and VmPeak, each in bytes.
 *
 * @param pid - a process id, or `'self'` for the calling Node process.
 * @param options - {@link ReadProcStatusOptions}.
 * @returns the memory figures in bytes (`null` for fields the kernel did not write).
 * @throws {@link RssError} `INVALID_ARGUMENT` for a pid that is not a positive integer;
 *   `NO_PROC` when procfs is not mounted at `procRoot`; `NO_PROCESS` when the process is gone;
 *   `READ` for other read failures; `PARSE` as in {@link parseProcStatus}.
 * @remarks Source: proc(5); guide §3.1.
 * @example
 * ```ts
 * const { vmHwmBytes, vmRssBytes } = readProcStatus('self');
 * console.log(`peak ${vmHwmBytes! / 1024} KiB, now ${vmRssBytes! / 1024} KiB`);
 * ```
 */
export function readProcStatus(pid: number | 'self', options: ReadProcStatusOptions = {}): ProcStatusMemory {
  const procRoot = options.procRoot ?? '/proc';
  checkPid(pid, true);
  const file = path.join(procRoot, String(pid), 'status');
  const text = readStatusText(pid, procRoot);
  if (text === null) throw missingProcessError(procRoot, pid, file, undefined);
  return parseProcStatus(text, file);
}
