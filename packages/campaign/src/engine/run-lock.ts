import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CampaignError } from '../campaign-error.js';
import { runPaths } from '../run-directory.js';

/** What a lock file holds. */
interface LockOwner {
  pid: number;
  hostname: string;
  startedUtc: string;
  purpose: string;
}

/** A held lock; `release` removes the lock file. */
export interface RunLock {
  /** Absolute path of the lock file. */
  file: string;
  /** True when the lock was taken over from a process that no longer runs (a killed campaign). */
  tookOverStale: boolean;
  release: () => Promise<void>;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOwner(file: string): Promise<LockOwner | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as LockOwner;
  } catch {
    return null;
  }
}

/**
 * Takes the lock of a directory (`<dir>/.ngcc-perf.lock`, created with O_EXCL) so that one
 * process at a time writes its state. A lock left by a process of this host that no longer runs
 * (a `kill -9`) is taken over; a live one, or one of another host, is refused.
 * @param directory - the run (or data) directory; created when missing
 * @param purpose - what the lock is for, shown to a refused process (`run`, `merge`, `publish`)
 * @throws {@link CampaignError} `RUN_DIRECTORY` naming the owner's pid, host and start time and the fix.
 * @example
 * const lock = await acquireRunLock('runs/x86_1', 'run');
 * try { … } finally { await lock.release(); }
 */
export async function acquireRunLock(directory: string, purpose: string): Promise<RunLock> {
  await mkdir(directory, { recursive: true });
  const file = path.join(path.resolve(directory), runPaths.lock);
  const owner: LockOwner = { pid: process.pid, hostname: os.hostname(), startedUtc: new Date().toISOString(), purpose };
  let tookOverStale = false;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(`${JSON.stringify(owner)}\n`);
      await handle.sync();
      await handle.close();
      const onExit = () => rmSync(file, { force: true });
      process.once('exit', onExit);
      return {
        file,
        tookOverStale,
        release: async () => {
          process.removeListener('exit', onExit);
          await rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readOwner(file);
    const stale =
      holder === null || (holder.hostname === os.hostname() && holder.pid !== process.pid && !processAlive(holder.pid));
    if (!stale) {
      throw new CampaignError(
        'RUN_DIRECTORY',
        `${directory} is in use: ${holder.purpose} by pid ${holder.pid} on host ${holder.hostname} since ${holder.startedUtc} (lock file ${file}). ` +
          'Wait for it to finish; if that process is gone (another host, or a reused pid), delete the lock file and resume.',
      );
    }
    await rm(file, { force: true });
    tookOverStale = true;
  }
  throw new CampaignError(
    'RUN_DIRECTORY',
    `${file}: could not take the lock after 3 attempts. Check that no other ngcc-perf writes to ${directory}.`,
  );
}
