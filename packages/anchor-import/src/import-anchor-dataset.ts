import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { BUILD_FORMAT } from '@ngcc-perf/record';
import { pickExtra } from './extra-fields.js';
import { ImportError } from './import-error.js';
import { ANCHOR_RECORD_SCHEMA, ANCHOR_TOOL, IMPORTER_VERSION } from './import-types.js';
import { mapBuildInstance } from './map-build-instance.js';
import { mapCampaign } from './map-campaign.js';
import { mapRecord } from './map-record.js';
import { readAnchorDataset } from './read-anchor-dataset.js';
import { checkOutputDirectory, writeImportedRun } from './write-imported-run.js';
import type { AnchorDataset } from './anchor-dataset.js';
import type {
  CampaignOrigin,
  ImportAnchorDatasetOptions,
  ImportAnchorDatasetResult,
  ImportedBuildInstance,
  UnimportedItem,
} from './import-types.js';
import type { ImportedRecord } from './map-record.js';

const SYSTEM_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

function checkPaths(options: ImportAnchorDatasetOptions): void {
  if (!SYSTEM_ID.test(options.systemId)) {
    throw new ImportError(
      'INVALID_OUTPUT',
      `--system "${options.systemId}": a system id becomes part of file names; use letters, digits and . _ - (e.g. arm_1).`,
    );
  }
  const source = path.resolve(options.sourceDirectory);
  const out = path.resolve(options.outDirectory);
  const inside = (inner: string, outer: string): boolean => inner === outer || inner.startsWith(`${outer}${path.sep}`);
  if (inside(out, source) || inside(source, out)) {
    throw new ImportError(
      'INVALID_OUTPUT',
      `--out ${options.outDirectory}: the run directory must lie outside the dataset folder ${options.sourceDirectory} and not contain it. Choose another folder.`,
    );
  }
}

function algorithmsByCandidate(dataset: AnchorDataset): Map<string, string> {
  const names = new Map<string, string>();
  for (const [file, log] of dataset.katFiles) {
    const algorithm = log.header?.fields.get('algorithm');
    const candidate = file.split('/')[1]!;
    if (algorithm !== undefined && algorithm !== '' && !names.has(candidate)) names.set(candidate, algorithm);
  }
  return names;
}

function mapBuild(dataset: AnchorDataset, unimported: UnimportedItem[]) {
  const algorithms = algorithmsByCandidate(dataset);
  const rawInstances = (dataset.build.raw.instances ?? {}) as Record<string, Record<string, unknown>>;
  const instances: ImportedBuildInstance[] = [];
  const instancesWithoutEvidence: Record<string, unknown> = {};
  const unimportedInstances: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(dataset.build.value.instances)) {
    if (!dataset.candidatesWithEvidence.has(entry.candidate)) {
      instancesWithoutEvidence[key] = rawInstances[key];
      continue;
    }
    const records = dataset.records
      .filter(({ record }) => record.candidate === entry.candidate && record.label === entry.label)
      .map(({ record }) => record);
    const katHeader = entry.kat_log ? (dataset.katFiles.get(entry.kat_log)?.header ?? null) : null;
    const mapped = mapBuildInstance({
      key,
      raw: rawInstances[key] ?? {},
      entry,
      katHeader,
      candidateAlgorithm: algorithms.get(entry.candidate) ?? null,
      records,
      campaign: dataset.campaign.value,
    });
    if ('reason' in mapped) {
      unimported.push({ file: `build.json#${key}`, reason: mapped.reason });
      unimportedInstances[key] = { reason: mapped.reason, entry: rawInstances[key] };
    } else {
      instances.push(mapped.instance);
    }
  }
  const build = {
    format: BUILD_FORMAT,
    instances,
    origin: { tool: ANCHOR_TOOL, schema: ANCHOR_RECORD_SCHEMA, file: 'build.json' },
    extra: { ...pickExtra(dataset.build.raw, ['instances']), instancesWithoutEvidence, unimportedInstances },
  };
  return { build, instances };
}

function mapRecords(
  dataset: AnchorDataset,
  instances: readonly ImportedBuildInstance[],
  unimported: UnimportedItem[],
  unimportedFiles: Map<string, string>,
): ImportedRecord[] {
  const records: ImportedRecord[] = [];
  for (const { file, raw, record } of dataset.records) {
    const instance = instances.find((entry) => entry.candidate === record.candidate && entry.instance === record.label);
    const reason =
      record.operation !== 'hash' || record.input_bytes <= 0
        ? `operation "${record.operation}" (${record.input_bytes} bytes): ngcc-perf format 1 holds hash records only`
        : instance === undefined
          ? `its instance is not in the run's build.json (see build.json#${record.candidate}/${record.label})`
          : null;
    if (reason !== null || instance === undefined) {
      unimported.push({ file, reason: reason ?? 'no instance' });
      unimportedFiles.set(file, path.join(dataset.sourceDirectory, file));
      continue;
    }
    records.push(mapRecord(record, raw, file, instance, dataset.campaign.value));
  }
  return records;
}

const DATASET_ENTRIES = new Set(['campaign.json', 'build.json', 'records', 'kat']);

/** Top-level entries and record-folder files that are not part of the format (e.g. `profile/`, `hashcost/`). */
async function listOtherFiles(sourceDirectory: string): Promise<string[]> {
  const others = (await readdir(sourceDirectory)).filter((name) => !DATASET_ENTRIES.has(name));
  const candidates = await readdir(path.join(sourceDirectory, 'records'), { withFileTypes: true }).catch(() => []);
  for (const entry of candidates) {
    if (!entry.isDirectory()) {
      others.push(`records/${entry.name}`);
      continue;
    }
    const names = await readdir(path.join(sourceDirectory, 'records', entry.name));
    others.push(...names.filter((name) => !name.endsWith('.json')).map((name) => `records/${entry.name}/${name}`));
  }
  return others.sort();
}

/**
 * Imports a dataset published by the public NGCC harness (ngcc-dev/ngcc-harness, record schema
 * 2: `campaign.json`, `build.json`, `records/<id>/<label>__<op>.json`, `kat/<id>/<label>.log`)
 * as an ngcc-perf run directory (docs/RUN-DIRECTORY.md) that `loadRunDirectory` and the report
 * renderers read like a measured one. Everything is read and checked first (schemas, stored
 * statistics against trials within 1e-9, KAT log SHA-256s); then `campaign.json`, `build.json`
 * and the records are written with every source field kept (mapped, or verbatim in `extra`) and
 * an `origin`, and the KAT logs copied byte for byte. Source items format 1 cannot hold
 * (non-hash operations, verdicts such as BUILDFAIL) are listed in `campaign.json`
 * `origin.unimported` and kept verbatim (records under `unimported/`, build entries in
 * `build.json` `extra`). Mapping and known anchor flaws: docs/IMPORT.md.
 *
 * @param options - dataset folder, system id, output run directory; see {@link ImportAnchorDatasetOptions}
 * @returns what was written
 * @throws {@link ImportError} `SOURCE_NOT_FOUND`, `INVALID_JSON`, `INVALID_SOURCE`,
 *   `INCONSISTENT_SOURCE`, `DIGEST_MISMATCH` (each naming the file and field), `OUTPUT_NOT_EMPTY`
 *   or `INVALID_OUTPUT`
 * @example
 * ```ts
 * const result = await importAnchorDataset({ sourceDirectory: 'anchor-data/arm_1', systemId: 'arm_1', outDirectory: 'runs/arm_1' });
 * console.log(result.records); // 32
 * const dataset = await loadRunDirectory('runs/arm_1');
 * writeFileSync('perf_arm_1.md', renderCandidateMarkdown(dataset, 'hash-15'));
 * ```
 */
export async function importAnchorDataset(options: ImportAnchorDatasetOptions): Promise<ImportAnchorDatasetResult> {
  checkPaths(options);
  const replace = options.replace ?? false;
  await checkOutputDirectory(options.outDirectory, replace);
  const dataset = await readAnchorDataset(options.sourceDirectory);
  const unimported: UnimportedItem[] = [];
  const unimportedFiles = new Map<string, string>();
  const { build, instances } = mapBuild(dataset, unimported);
  const records = mapRecords(dataset, instances, unimported, unimportedFiles);
  for (const file of await listOtherFiles(options.sourceDirectory)) {
    unimported.push({ file, reason: 'not part of the campaign/build/records/kat layout this importer maps' });
    unimportedFiles.set(file, path.join(options.sourceDirectory, file));
  }
  const origin: CampaignOrigin = {
    tool: ANCHOR_TOOL,
    schema: ANCHOR_RECORD_SCHEMA,
    file: 'campaign.json',
    source: path
      .relative(path.resolve(options.outDirectory), path.resolve(options.sourceDirectory))
      .split(path.sep)
      .join('/'),
    importedUtc: options.importedUtc ?? new Date().toISOString(),
    importer: { name: 'ngcc-perf', version: IMPORTER_VERSION },
    unimported,
  };
  const campaign = mapCampaign(dataset.campaign.value, dataset.campaign.raw, options.systemId, records, origin);
  const copies = new Map([...dataset.katFiles].map(([file, log]) => [file, log.bytes]));
  await writeImportedRun(options.outDirectory, { campaign, build, records, copies, unimportedFiles }, replace);
  return {
    outDirectory: options.outDirectory,
    systemId: options.systemId,
    candidates: [...new Set(instances.map((entry) => entry.candidate))],
    instances: instances.length,
    records: records.length,
    katLogs: [...copies.keys()].filter((file) => file.endsWith('.log')).length,
    unimported,
  };
}
