import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const PREFIX = 'ngcc-perf-build-';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Makes the folder for a campaign's CMake build trees (`<tmp>/ngcc-perf-build-<pid>-XXXXXX`):
 * outside the run directory, since build trees hold absolute paths (the run-directory layout). Folders left by
 * campaigns that were killed (their pid no longer runs) are removed first.
 * @returns the absolute folder
 * @example
 * const buildRoot = await createBuildRoot(); // '/tmp/ngcc-perf-build-4242-a1B2c3'
 */
export async function createBuildRoot(): Promise<string> {
  const temporary = os.tmpdir();
  for (const name of await readdir(temporary).catch(() => [] as string[])) {
    const pid = Number(/^ngcc-perf-build-(\d+)-/.exec(name)?.[1]);
    if (Number.isInteger(pid) && pid !== process.pid && !alive(pid))
      await rm(path.join(temporary, name), { recursive: true, force: true });
  }
  return mkdtemp(path.join(temporary, `${PREFIX}${process.pid}-`));
}
