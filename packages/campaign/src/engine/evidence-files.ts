import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TEMPORARY_FILE_PATTERN } from '@ngcc-perf/atomic-file';
import { CampaignError } from '../campaign-error.js';
import { EVIDENCE_ENTRIES } from '../run-directory.js';

/**
 * Lists the evidence files of a run directory (campaign.json, build.json, lib/, kat/,
 * calibration/, records/, reports/, exports/), `/`-separated and relative to it, sorted; lock files and
 * leftovers of interrupted writes are not evidence.
 * @example
 * await listEvidenceFiles('/runs/x86_1'); // ['build.json', 'calibration/…', 'campaign.json', …]
 */
export async function listEvidenceFiles(directory: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of EVIDENCE_ENTRIES) {
    const full = path.join(directory, entry);
    let info;
    try {
      info = await stat(full);
    } catch {
      continue;
    }
    if (info.isFile()) {
      files.push(entry);
      continue;
    }
    for (const item of await readdir(full, { withFileTypes: true, recursive: true })) {
      if (!item.isFile() || TEMPORARY_FILE_PATTERN.test(item.name)) continue;
      files.push(path.relative(directory, path.join(item.parentPath, item.name)).split(path.sep).join('/'));
    }
  }
  return files.sort();
}

/**
 * SHA-256 of each evidence file, keyed by its relative path.
 * @example
 * const digests = await digestEvidence('/data/x86_1', files);
 */
export async function digestEvidence(directory: string, files: readonly string[]): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  for (const file of files)
    digests.set(
      file,
      createHash('sha256')
        .update(await readFile(path.join(directory, file)))
        .digest('hex'),
    );
  return digests;
}

/**
 * Refuses evidence that holds an absolute path of this machine (the run-directory layout: published paths are
 * relative; no home or temp paths): the JSON files, KAT logs and reports are searched for the
 * temp folder, the home folder and the run directory itself.
 * @throws {@link CampaignError} `RUN_DIRECTORY` naming the file and the path found.
 * @example
 * await checkRelativeEvidence('/runs/x86_1', files);
 */
export async function checkRelativeEvidence(directory: string, files: readonly string[]): Promise<void> {
  const forbidden = [path.resolve(directory), os.tmpdir(), os.homedir()]
    .filter((p) => p !== path.sep)
    .map((p) => p + path.sep);
  for (const file of files) {
    if (!/\.(json|log|md|html)$/.test(file)) continue;
    const text = await readFile(path.join(directory, file), 'utf8');
    const found = forbidden.find((p) => text.includes(p));
    if (found !== undefined) {
      throw new CampaignError(
        'RUN_DIRECTORY',
        `${path.join(directory, file)} holds the absolute path ${found}: published evidence must use paths relative to the run directory. Re-run with this version of ngcc-perf, or fix the file.`,
      );
    }
  }
}
