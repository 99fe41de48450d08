import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** Files under `directory` (recursively), 0 when it does not exist. */
async function countFiles(directory: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch {
    return 0;
  }
  let count = 0;
  for (const entry of entries) {
    if (entry.isDirectory()) count += await countFiles(path.join(directory, entry.name));
    else count += 1;
  }
  return count;
}

/**
 * Whether a run directory holds no evidence yet: no build.json instance, and no file in `lib/`,
 * `kat/`, `calibration/` or `records/`. A run the host check refused is such a directory: its
 * campaign.json binds nothing, and a corrected command may start it afresh.
 *
 * @param directory - the run directory (absolute).
 * @param builtInstances - build.json's instance count (0 when absent).
 * @returns true when nothing was built, checked or measured there.
 * @throws nothing: unreadable folders count as empty.
 */
export async function holdsNoEvidence(directory: string, builtInstances: number): Promise<boolean> {
  if (builtInstances > 0) return false;
  for (const folder of ['lib', 'kat', 'calibration', 'records'])
    if ((await countFiles(path.join(directory, folder))) > 0) return false;
  return true;
}

/**
 * The message for a campaign.json or build.json that is not valid JSON. ngcc-perf writes both
 * whole (write, fsync, rename), so such a file was cut short or changed by something else; the
 * records beside it are intact, and the message says how to resume without losing them.
 *
 * @param file - the damaged file (absolute).
 * @param directory - its run directory.
 * @param cause - the JSON parser's error.
 * @returns one message: what is wrong, how many records are intact, and the two ways to recover.
 * @throws nothing.
 */
export async function describeDamagedRunFile(file: string, directory: string, cause: Error): Promise<string> {
  const bytes = await stat(file).then(
    (info) => info.size,
    () => null,
  );
  const truncated = /end of (JSON )?input|Unterminated/i.test(cause.message);
  const what = truncated
    ? `is damaged: cut short${bytes === null ? '' : ` at ${bytes} bytes`} (${cause.message})`
    : `is damaged: not valid JSON (${cause.message})`;
  const records = await countFiles(path.join(directory, 'records'));
  const name = path.basename(file);
  return (
    `${file} ${what}. ngcc-perf writes it whole (write, fsync, rename), so a full disk, an interrupted copy or an edit cut it; ` +
    `the ${records} file(s) in records/ are not affected. Keep them: restore ${name} from a copy, or move it aside ` +
    `(mv ${file} ${file}.damaged) and run the same command again — complete records of unchanged libraries are reused ` +
    `and a new ${name} is written.`
  );
}
