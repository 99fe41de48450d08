import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { BUILD_FORMAT, buildManifestSchema } from '@ngcc-perf/record';
import { CAMPAIGN_FORMAT, campaignSchema } from '@ngcc-perf/record';
import { checkDerivedFigures, checkRecordPlacement } from './internal/check-record-consistency.js';
import { readValidatedJson } from './internal/read-validated-json.js';
import { unfinishedRunError } from './internal/unfinished-run.js';
import { RECORD_FORMAT, timingRecordSchema } from '@ngcc-perf/record';
import { ReportError } from './report-error.js';
import type { Dataset, DatasetRecord } from './dataset.js';

/** Options of {@link loadRunDirectory}. */
export interface LoadRunDirectoryOptions {
  /**
   * Recompute n, mean cycles, mean time, cycles/byte, MB/s and the RSS maxima of every complete
   * record from its processes and reject a record that disagrees (relative tolerance 1e-6).
   */
  verifyDerived?: boolean;
}

/**
 * Defaults of {@link LoadRunDirectoryOptions}: derived figures are verified.
 *
 * @example
 * ```ts
 * await loadRunDirectory(dir, { ...LOAD_RUN_DIRECTORY_DEFAULTS, verifyDerived: false });
 * ```
 */
export const LOAD_RUN_DIRECTORY_DEFAULTS: Required<LoadRunDirectoryOptions> = { verifyDerived: true };

async function listRecordFiles(directory: string): Promise<string[]> {
  const recordsRoot = path.join(directory, 'records');
  let candidates;
  try {
    candidates = await readdir(recordsRoot, { withFileTypes: true });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return [];
    throw new ReportError('READ_FAILED', `${recordsRoot}: cannot be listed (${String(error)}).`, { cause: error });
  }
  const files: string[] = [];
  for (const candidate of candidates.filter((entry) => entry.isDirectory())) {
    const entries = await readdir(path.join(recordsRoot, candidate.name), { withFileTypes: true });
    for (const entry of entries) {
      if (entry.isFile() && entry.name.endsWith('.json')) files.push(`records/${candidate.name}/${entry.name}`);
    }
  }
  return files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Reads and validates a run directory written by `ngcc-perf run --out DIR`: `campaign.json`,
 * `build.json` and every `records/<candidate>/*.json` (format 1, @ngcc-perf/record/docs/RUN-DIRECTORY.md).
 * Each record must sit at the path its content implies, belong to an instance in
 * `build.json`, and (by default) carry derived figures that follow from its trials (guide §3.4).
 *
 * @param directory - the run directory (absolute or relative to the working directory)
 * @param options - see {@link LoadRunDirectoryOptions}; defaults in {@link LOAD_RUN_DIRECTORY_DEFAULTS}
 * @returns the {@link Dataset}, records sorted by their relative path
 * @throws {@link ReportError} `MISSING_FILE`, `READ_FAILED`, `INVALID_JSON`, `UNSUPPORTED_FORMAT`,
 *   `UNFINISHED_RUN` (campaign.json of a run whose measure or report phase has not ended: the
 *   message names the phases it ran and the `ngcc-perf run … --phases report` that finishes it),
 *   `INVALID_CAMPAIGN`, `INVALID_BUILD`, `INVALID_RECORD` (message gives file and field path) or
 *   `INCONSISTENT_RECORD`
 * @example
 * ```ts
 * const dataset = await loadRunDirectory('runs/x86_1');
 * console.log(dataset.campaign.systemId, dataset.records.length);
 * writeFileSync('perf_x86_1.md', renderCandidateMarkdown(dataset, 'example-sm3'));
 * ```
 */
export async function loadRunDirectory(directory: string, options: LoadRunDirectoryOptions = {}): Promise<Dataset> {
  const { verifyDerived } = { ...LOAD_RUN_DIRECTORY_DEFAULTS, ...options };
  const at = (relative: string): string => path.join(directory, relative);
  const campaign = await readValidatedJson(
    at('campaign.json'),
    at('campaign.json'),
    campaignSchema,
    CAMPAIGN_FORMAT,
    'INVALID_CAMPAIGN',
  ).then(
    ({ data }) => data,
    async (error: unknown) => {
      if (error instanceof ReportError && error.code === 'INVALID_CAMPAIGN')
        throw (await unfinishedRunError(directory, error)) ?? error;
      throw error;
    },
  );
  const { data: build } = await readValidatedJson(
    at('build.json'),
    at('build.json'),
    buildManifestSchema,
    BUILD_FORMAT,
    'INVALID_BUILD',
  );
  const records: DatasetRecord[] = [];
  for (const file of await listRecordFiles(directory)) {
    const { data: record, json } = await readValidatedJson(
      at(file),
      at(file),
      timingRecordSchema,
      RECORD_FORMAT,
      'INVALID_RECORD',
    );
    checkRecordPlacement(record, file, at(file), build);
    if (verifyDerived) checkDerivedFigures(record, at(file));
    records.push({ file, record, json });
  }
  return { campaign, build, records };
}
