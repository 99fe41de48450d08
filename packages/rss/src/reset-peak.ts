import { closeSync, existsSync, openSync, writeSync, constants } from 'node:fs';
import path from 'node:path';
import { checkPid, missingProcessError, readStatusText } from './internal/proc-files.js';
import { parseProcStatus } from './parse-proc-status.js';

/** Options of {@link resetPeak}. */
export interface ResetPeakOptions {
  /** Where procfs is mounted; `/proc` unless testing against a fixture tree. */
  procRoot?: string;
}

/**
 * What {@link resetPeak} did. `reset`: the kernel took the `5` and set the high-water mark to
 * the current RSS (VmHWM read before and after, in bytes). `unsupported`: it could not, and
 * `reason` says why in a sentence (kernel too old, file missing, not permitted, read-only /proc);
 * `errno` is the system error code (`EINVAL`, `ENOENT`, `EACCES`, …).
 */
export type ResetPeakResult =
  | { status: 'reset'; clearRefsFile: string; vmHwmBeforeBytes: number | null; vmHwmAfterBytes: number | null }
  | { status: 'unsupported'; clearRefsFile: string; errno: string; reason: string };

function explain(errno: string, file: string): string {
  switch (errno) {
    case 'EINVAL':
      return `the kernel rejects value 5 in ${file}: resetting the peak RSS needs Linux 4.0 or later`;
    case 'ENOENT':
      return `${file} does not exist: the kernel lacks CONFIG_PROC_PAGE_MONITOR (or is older than 2.6.22)`;
    case 'EACCES':
    case 'EPERM':
      return `not permitted to write ${file}: the process belongs to another user; run as its owner or as root`;
    case 'EROFS':
      return `${file} is on a read-only /proc (a container mount?); remount /proc read-write to reset the peak`;
    default:
      return `writing 5 to ${file} failed with ${errno}`;
  }
}

function readHwm(pid: number | 'self', procRoot: string): number | null {
  const text = readStatusText(pid, procRoot);
  return text === null ? null : parseProcStatus(text).vmHwmBytes;
}

/**
 * Resets a process's peak-RSS mark (`VmHWM`) to its current RSS by writing `5` to
 * `/proc/<pid>/clear_refs`, so a later VmHWM shows the peak of what ran after the reset only.
 * Where the kernel does not support it (Linux before 4.0, no `clear_refs`, another user's
 * process, read-only /proc) the result says so; that is not an exception.
 *
 * @param pid - a process id, or `'self'` for the calling Node process.
 * @param options - {@link ResetPeakOptions}.
 * @returns `{ status: 'reset', vmHwmBeforeBytes, vmHwmAfterBytes }` (bytes) or
 *   `{ status: 'unsupported', errno, reason }`.
 * @throws {@link RssError} `INVALID_ARGUMENT` for a pid that is not a positive integer;
 *   `NO_PROC` without procfs; `NO_PROCESS` when the process does not exist.
 * @remarks Source: proc(5), `/proc/[pid]/clear_refs` ("5 … reset the peak resident set size",
 *   since Linux 4.0); the issue "Memory you can attribute" (operation peak).
 * @example
 * ```ts
 * const reset = resetPeak(child.pid!);
 * if (reset.status === 'unsupported') console.warn(`peak not reset: ${reset.reason}`);
 * ```
 */
export function resetPeak(pid: number | 'self', options: ResetPeakOptions = {}): ResetPeakResult {
  const procRoot = options.procRoot ?? '/proc';
  checkPid(pid, true);
  const clearRefsFile = path.join(procRoot, String(pid), 'clear_refs');
  if (!existsSync(path.join(procRoot, String(pid)))) {
    throw missingProcessError(procRoot, pid, clearRefsFile, undefined);
  }
  const vmHwmBeforeBytes = readHwm(pid, procRoot);
  try {
    // O_WRONLY without O_CREAT: never create the file where procfs has none.
    const fd = openSync(clearRefsFile, constants.O_WRONLY);
    try {
      writeSync(fd, '5');
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const errno = (error as NodeJS.ErrnoException).code ?? 'EIO';
    if ((errno === 'ENOENT' || errno === 'ESRCH') && !existsSync(path.join(procRoot, String(pid)))) {
      throw missingProcessError(procRoot, pid, clearRefsFile, error);
    }
    return { status: 'unsupported', clearRefsFile, errno, reason: explain(errno, clearRefsFile) };
  }
  return { status: 'reset', clearRefsFile, vmHwmBeforeBytes, vmHwmAfterBytes: readHwm(pid, procRoot) };
}
