import { access, copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { REPORT_PATHS } from './render-run-reports.js';
import { ReportError } from './report-error.js';
import type { Dataset } from './dataset.js';

/**
 * The run files a system's pages link: campaign.json, build.json, every KAT log and every record,
 * the hash-form ones and the generic-form ones of the other categories (a KEM's keygen, enc, dec).
 */
function linkedRunFiles(dataset: Dataset): string[] {
  const katLogs = dataset.build.instances.flatMap((entry) => (entry.katLog === null ? [] : [entry.katLog]));
  const records = [...dataset.records, ...(dataset.operationRecords ?? [])].map((item) => item.file);
  return [...new Set(['campaign.json', 'build.json', ...katLogs, ...records])];
}

/** A `/`-separated path inside the run directory, or null for one that leaves it. */
function insideRun(file: string): string | null {
  const normal = path.posix.normalize(file);
  return path.posix.isAbsolute(normal) || normal === '..' || normal.startsWith('../') ? null : normal;
}

/**
 * Copies the run files a system's pages link (campaign.json, build.json, the KAT logs, the records of
 * every category)
 * into `evidence/<system>/` of an output folder other than the run directory, so that the pages
 * written there with `evidenceCopied` have links that resolve. A path that would leave the run
 * directory, or a file the run directory lacks, is not copied.
 *
 * @param dataset - the run directory's dataset ({@link loadRunDirectory}).
 * @param runDirectory - the run directory it was loaded from.
 * @param outDirectory - the output folder (the site).
 * @returns the paths written, relative to `outDirectory`.
 * @throws {@link ReportError} `WRITE_FAILED` naming the file that could not be copied.
 * @example
 * ```ts
 * await copyRunEvidence(dataset, 'runs/x86_1', 'site'); // ['evidence/x86_1/campaign.json', …]
 * ```
 */
export async function copyRunEvidence(dataset: Dataset, runDirectory: string, outDirectory: string): Promise<string[]> {
  const base = REPORT_PATHS.evidence(dataset.campaign.systemId);
  const written: string[] = [];
  for (const file of linkedRunFiles(dataset)) {
    const relative = insideRun(file);
    if (relative === null) continue;
    const source = path.join(runDirectory, ...relative.split('/'));
    const target = path.join(outDirectory, ...base.split('/'), ...relative.split('/'));
    // a file the run directory lacks (validate names it) is not copied
    if (
      !(await access(source).then(
        () => true,
        () => false,
      ))
    )
      continue;
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(source, target);
    } catch (error) {
      throw new ReportError(
        'WRITE_FAILED',
        `${target}: cannot be copied from the run directory (${String(error)}). Check that ${outDirectory} is writable and the run directory complete.`,
        { cause: error, file: target },
      );
    }
    written.push(`${base}/${relative}`);
  }
  return written;
}
