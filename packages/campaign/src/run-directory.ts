import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { TEMPORARY_FILE_PATTERN, writeFailureReason, writeFileAtomic as writeWhole } from '@ngcc-perf/atomic-file';
import { CampaignError } from './campaign-error.js';

// The run directory's layout is record's (the anchor import writes run directories without the engine).
export { EVIDENCE_ENTRIES, runPaths } from '@ngcc-perf/record';

/**
 * Writes a file atomically (`writeFileAtomic` of @ngcc-perf/atomic-file: a temporary sibling
 * written in full and fsynced, then renamed over the target), so a crash (even `kill -9`) or a
 * full disk leaves either the old or the new file, never half of one.
 * @throws {@link CampaignError} `RUN_DIRECTORY` naming the file and the fix
 * @param filePath - absolute path of the target
 * @param text - the whole content
 * @example
 * await writeFileAtomic('/runs/x/reports/a/perf_x86_1.md', markdown);
 */
export async function writeFileAtomic(filePath: string, text: string): Promise<void> {
  try {
    await writeWhole(filePath, text);
  } catch (error) {
    // A full disk (ENOSPC) or a read-only folder: the target keeps its old content; the run resumes.
    throw new CampaignError(
      'RUN_DIRECTORY',
      `cannot write ${filePath}: ${writeFailureReason(error)}. Free space (or make the folder writable), then run the same command again: it resumes where it stopped.`,
      { cause: error },
    );
  }
}

/**
 * Writes JSON with 2-space indentation and a final newline, atomically.
 * @example
 * await writeJsonAtomic('/runs/x/build.json', build);
 */
export async function writeJsonAtomic(filePath: string, value: unknown): Promise<void> {
  await writeFileAtomic(filePath, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Deletes the `<file>.<pid>.<n>.tmp` leftovers (`TEMPORARY_FILE_PATTERN`) of writes a killed process did not finish.
 * @param directory - the run directory (absolute)
 * @returns how many were removed
 * @example
 * await removeTemporaryFiles('/runs/x'); // 1 after a kill -9 during a write
 */
export async function removeTemporaryFiles(directory: string): Promise<number> {
  let removed = 0;
  let entries;
  try {
    entries = await readdir(directory, { withFileTypes: true, recursive: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (entry.isFile() && TEMPORARY_FILE_PATTERN.test(entry.name)) {
      await rm(path.join(entry.parentPath, entry.name), { force: true });
      removed += 1;
    }
  }
  return removed;
}
