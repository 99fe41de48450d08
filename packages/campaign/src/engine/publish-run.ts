import { cp, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { CategoryRegistry } from '@ngcc-perf/category';
import { loadRunDirectory } from '@ngcc-perf/report';
import { CampaignError } from '../campaign-error.js';
import { checkRelativeEvidence, digestEvidence, listEvidenceFiles } from './evidence-files.js';
import { acquireRunLock } from './run-lock.js';

/** Options of {@link publishRun}. */
export interface PublishRunOptions {
  /** A complete run directory or merged dataset. */
  runDirectory: string;
  /** The data folder; the dataset goes to `<dataDirectory>/<system>/`. */
  dataDirectory: string;
  /** Replace an existing, different dataset of the same system (default false: refuse). */
  replace?: boolean;
  /** Take the run directory's lock while reading it (default true; a campaign publishing its own run holds it already). */
  lockRun?: boolean;
  /** The categories of the run's instances (`--category`); default the built-in registry. */
  categories?: CategoryRegistry;
}

/** What {@link publishRun} did. */
export interface PublishRunResult {
  /** Absolute `<dataDirectory>/<system>`. */
  directory: string;
  systemId: string;
  /** `copied` (new), `replaced` (with --replace), `unchanged` (the same dataset was there). */
  status: 'copied' | 'replaced' | 'unchanged';
  files: number;
}

async function exists(target: string): Promise<boolean> {
  try {
    await stat(target);
    return true;
  } catch {
    return false;
  }
}

/**
 * Publishes a run: copies its evidence (campaign.json, build.json, lib/, kat/, calibration/,
 * records/, reports/, exports/ — all paths in them relative, the run-directory layout) into `<data>/<system>/`. The run must
 * be complete and valid (`loadRunDirectory`). An existing dataset is never deleted without
 * `replace`; publishing the same dataset again changes nothing. The copy is made beside the target
 * and renamed into place, so readers never see half a dataset.
 * @throws {@link CampaignError} `RUN_DIRECTORY` for an incomplete or invalid run, one shard of a sharded
 *   campaign (merge first), evidence holding an
 *   absolute path, or a different dataset already published without `replace`; `ReportError`
 *   when a file does not validate.
 * @example
 * await publishRun({ runDirectory: 'runs/x86_1', dataDirectory: 'data' }); // → data/x86_1/
 */
export async function publishRun(options: PublishRunOptions): Promise<PublishRunResult> {
  const run = path.resolve(options.runDirectory);
  if (!(await exists(path.join(run, 'campaign.json')))) {
    throw new CampaignError(
      'RUN_DIRECTORY',
      `${run} holds no campaign.json. Pass a run directory written by "ngcc-perf run" (or "ngcc-perf merge").`,
    );
  }
  const runLock = options.lockRun === false ? null : await acquireRunLock(run, 'publish');
  try {
    const dataset = await loadRunDirectory(
      run,
      options.categories === undefined ? {} : { categories: options.categories },
    );
    const systemId = dataset.campaign.systemId;
    const { shard } = JSON.parse(await readFile(path.join(run, 'campaign.json'), 'utf8')) as {
      shard?: { index: number; count: number } | null;
    };
    if (shard && shard.count > 1) {
      throw new CampaignError(
        'RUN_DIRECTORY',
        `${run} is shard ${shard.index}/${shard.count} of a campaign. Merge the shards first ("ngcc-perf merge … --out DIR") and publish the merged dataset.`,
      );
    }
    const files = await listEvidenceFiles(run);
    await checkRelativeEvidence(run, files);
    const data = path.resolve(options.dataDirectory);
    await mkdir(data, { recursive: true });
    const dataLock = await acquireRunLock(data, 'publish');
    try {
      const target = path.join(data, systemId);
      const present = await exists(target);
      if (present) {
        const existingFiles = await listEvidenceFiles(target);
        const same =
          isDeepStrictEqual(existingFiles, files) &&
          isDeepStrictEqual(await digestEvidence(target, existingFiles), await digestEvidence(run, files));
        if (same) return { directory: target, systemId, status: 'unchanged', files: files.length };
        if (options.replace !== true) {
          const count = (await readdir(target)).length;
          throw new CampaignError(
            'RUN_DIRECTORY',
            `${target} already holds a different ${systemId} dataset (${count} entries). Pass --replace to replace it, or publish the run under another system id.`,
          );
        }
      }
      const incoming = path.join(data, `.${systemId}.incoming-${process.pid}`);
      await rm(incoming, { recursive: true, force: true });
      for (const file of files) {
        await mkdir(path.dirname(path.join(incoming, file)), { recursive: true });
        await cp(path.join(run, file), path.join(incoming, file), { preserveTimestamps: true });
      }
      if (present) {
        const replaced = path.join(data, `.${systemId}.replaced-${process.pid}`);
        await rename(target, replaced);
        await rename(incoming, target);
        await rm(replaced, { recursive: true, force: true });
      } else {
        await rename(incoming, target);
      }
      return { directory: target, systemId, status: present ? 'replaced' : 'copied', files: files.length };
    } finally {
      await dataLock.release();
    }
  } finally {
    await runLock?.release();
  }
}
