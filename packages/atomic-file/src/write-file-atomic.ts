import { copyFile, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { temporaryPathOf } from './temporary-file.js';

/** Options of {@link writeFileAtomic}. */
export interface WriteFileAtomicOptions {
  /** Permission bits of a new file (default 0o666 less the umask). */
  mode?: number;
}

async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function publish(temporary: string, target: string, fill: () => Promise<void>): Promise<void> {
  try {
    await mkdir(path.dirname(target), { recursive: true });
    await fill();
    await syncFile(temporary);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}

/**
 * Writes a whole file atomically: the content goes to a temporary sibling
 * ({@link temporaryPathOf}), written in full (short writes are continued, so a filling disk
 * fails with `ENOSPC` instead of publishing a truncated file), fsynced, then renamed over
 * `target`. A reader, a crash or a `kill -9` sees the old file or the new one, never part of one;
 * on failure the temporary is removed and the old file is untouched. Missing parent folders are
 * created.
 * @param target - path of the file to write
 * @param data - the whole content (a string is written as UTF-8)
 * @param options - {@link WriteFileAtomicOptions}
 * @throws the `node:fs` error (`ENOSPC`, `EACCES`, `EFBIG`, …) as it is; callers wrap it in their typed error
 * @example
 * await writeFileAtomic('/runs/x/build.json', `${JSON.stringify(build, null, 2)}\n`);
 */
export async function writeFileAtomic(
  target: string,
  data: string | Uint8Array,
  options: WriteFileAtomicOptions = {},
): Promise<void> {
  const temporary = temporaryPathOf(target);
  await publish(temporary, target, async () => {
    const handle = await open(temporary, 'w', options.mode);
    try {
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
  });
}

/**
 * Copies a file atomically (a built shared library into a run directory): copied to a temporary
 * sibling with the source's permission bits, fsynced, then renamed over `target`, with the
 * guarantees of {@link writeFileAtomic}.
 * @param source - the file to copy
 * @param target - where the copy goes
 * @throws the `node:fs` error as it is
 * @example
 * await copyFileAtomic('libsm3.so', '/runs/x/lib/sm3/libsm3.so');
 */
export async function copyFileAtomic(source: string, target: string): Promise<void> {
  const temporary = temporaryPathOf(target);
  await publish(temporary, target, () => copyFile(source, temporary));
}

/**
 * The reason a failed write gives in a one-line error: `the disk is full` for `ENOSPC`, else the
 * error's own message.
 * @param error - what {@link writeFileAtomic} or {@link copyFileAtomic} threw
 * @example
 * writeFailureReason(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })); // 'the disk is full'
 */
export function writeFailureReason(error: unknown): string {
  return (error as NodeJS.ErrnoException).code === 'ENOSPC' ? 'the disk is full' : (error as Error).message;
}
