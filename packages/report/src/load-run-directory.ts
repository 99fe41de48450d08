import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { BUILD_FORMAT, buildManifestSchema } from '@ngcc-perf/record';
import { CAMPAIGN_FORMAT, campaignSchema } from '@ngcc-perf/record';
import type { CategoryRegistry } from '@ngcc-perf/category';
import { BUILT_IN_REGISTRY } from '@ngcc-perf/categories';
import {
  checkDerivedFigures,
  checkOperationRecordPlacement,
  checkRecordPlacement,
} from './internal/check-record-consistency.js';
import { readValidatedJson } from './internal/read-validated-json.js';
import { unfinishedRunError } from './internal/unfinished-run.js';
import { operationRecordSchema, RECORD_FORMAT, timingRecordSchema } from '@ngcc-perf/record';
import { ReportError } from './report-error.js';
import type { Dataset, DatasetOperationRecord, DatasetRecord } from './dataset.js';

/** Options of {@link loadRunDirectory}. */
export interface LoadRunDirectoryOptions {
  /**
   * Recompute n, mean cycles, mean time, cycles/byte, MB/s and the RSS maxima of every complete
   * record from its processes and reject a record that disagrees (relative tolerance 1e-6).
   */
  verifyDerived?: boolean;
  /**
   * The categories whose records of the generic form the directory may hold (their file stems and
   * bytes per call); default `BUILT_IN_REGISTRY` of @ngcc-perf/categories.
   */
  categories?: CategoryRegistry;
}

/**
 * Defaults of {@link LoadRunDirectoryOptions}: derived figures are verified.
 *
 * @example
 * ```ts
 * await loadRunDirectory(dir, { ...LOAD_RUN_DIRECTORY_DEFAULTS, verifyDerived: false });
 * ```
 */
export const LOAD_RUN_DIRECTORY_DEFAULTS: Required<Pick<LoadRunDirectoryOptions, 'verifyDerived'>> = {
  verifyDerived: true,
};

/** True when a record's JSON is of the generic form: its `operation` is an identity, not the text `hash`. */
const isGenericForm = (json: unknown): boolean =>
  typeof json === 'object' &&
  json !== null &&
  typeof (json as { operation?: unknown }).operation === 'object' &&
  (json as { operation?: unknown }).operation !== null;

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
 * `build.json` and every `records/<candidate>/*.json` (format 1, @ngcc-perf/record/docs/RUN-DIRECTORY.md):
 * hash-form records into `records`, generic-form records (other categories, looked up in
 * `options.categories`) into `operationRecords`.
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
  const operationRecords: DatasetOperationRecord[] = [];
  const categories = options.categories ?? BUILT_IN_REGISTRY;
  for (const file of await listRecordFiles(directory)) {
    if (isGenericForm(await readJsonLoosely(at(file)))) {
      operationRecords.push(await loadOperationRecord(at(file), file, build, categories, verifyDerived));
      continue;
    }
    const { data: record, json } = await readValidatedJson(
      at(file),
      at(file),
      timingRecordSchema,
      RECORD_FORMAT,
      'INVALID_RECORD',
    );
    checkRecordPlacement(record, file, at(file), build);
    if (verifyDerived) checkDerivedFigures(record, at(file), record.messageBytes);
    records.push({ file, record, json });
  }
  return { campaign, build, records, ...(operationRecords.length === 0 ? {} : { operationRecords }) };
}

/** The JSON of a file, or null when it is not JSON ({@link readValidatedJson} then says why). */
async function readJsonLoosely(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A record of the generic form, validated, placed by its category's file stem and checked against its trials. */
async function loadOperationRecord(
  absolute: string,
  file: string,
  build: Dataset['build'],
  categories: CategoryRegistry,
  verifyDerived: boolean,
): Promise<DatasetOperationRecord> {
  const { data: record, json } = await readValidatedJson(
    absolute,
    absolute,
    operationRecordSchema,
    RECORD_FORMAT,
    'INVALID_RECORD',
  );
  const category = categories.find(record.operation.category);
  if (category === undefined) {
    throw new ReportError(
      'INVALID_RECORD',
      `${absolute}: operation.category "${record.operation.category}" is not a registered category (known: ${categories
        .list()
        .map((known) => known.id)
        .join(', ')}). Pass the registry that holds it (registryWith of @ngcc-perf/categories).`,
      { file: absolute, field: 'operation.category' },
    );
  }
  checkOperationRecordPlacement(record, category, file, absolute, build);
  if (verifyDerived) checkDerivedFigures(record, absolute, category.operations.bytesPerCall(record.operation));
  return { file, record, json };
}
