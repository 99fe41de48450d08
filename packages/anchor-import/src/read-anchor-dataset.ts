import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { anchorBuildSchema, anchorCampaignSchema } from './anchor-campaign-schema.js';
import { anchorRecordSchema } from './anchor-record-schema.js';
import { checkAnchorDerived } from './check-anchor-derived.js';
import { checkAnchorEvidence } from './check-anchor-evidence.js';
import { ImportError } from './import-error.js';
import { readAnchorJson } from './read-anchor-json.js';
import { readKatLogHeader } from './kat-log-header.js';
import type { AnchorDataset, AnchorDatasetRecord, AnchorKatFile } from './anchor-dataset.js';
import type { AnchorRecord } from './anchor-record-schema.js';

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function listFiles(root: string, relative: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(path.join(root, relative), { withFileTypes: true });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    const child = `${relative}/${entry.name}`;
    if (entry.isDirectory()) files.push(...(await listFiles(root, child)));
    else if (entry.isFile()) files.push(child);
  }
  return files.sort(byCodeUnit);
}

function operationKey(record: AnchorRecord): string {
  return record.input_bytes > 0 ? `${record.operation}_${record.input_bytes}` : record.operation;
}

async function readRecord(sourceDirectory: string, file: string, minTotal: number): Promise<AnchorDatasetRecord> {
  const { raw, value: record } = await readAnchorJson(sourceDirectory, file, anchorRecordSchema);
  const expected = `records/${record.candidate}/${record.label}__${operationKey(record)}.json`;
  const displayPath = path.join(sourceDirectory, file);
  if (file !== expected) {
    throw new ImportError(
      'INCONSISTENT_SOURCE',
      `${displayPath} fields "candidate", "label", "operation", "input_bytes": they name ${expected}, not this file. The harness names each record after them; copy the record again from the published dataset.`,
    );
  }
  checkAnchorDerived(record, displayPath, minTotal);
  return { file, raw, record };
}

/**
 * Reads an ngcc-harness dataset folder (`campaign.json`, `build.json`, `records/<id>/*.json`,
 * `kat/<id>/*.log`; record schema 2) and checks it before anything is written: every file
 * against its schema, every record's stored statistics against its trials, every record's file
 * name, library and KAT facts against build.json, and every KAT log's SHA-256 against the
 * digests recorded for it.
 *
 * @param sourceDirectory - the dataset folder (messages name files under it as given)
 * @returns the dataset in memory
 * @throws {@link ImportError} `SOURCE_NOT_FOUND`, `INVALID_JSON`, `INVALID_SOURCE`,
 *   `INCONSISTENT_SOURCE` or `DIGEST_MISMATCH`, naming the file and the field
 * @example
 * ```ts
 * const dataset = await readAnchorDataset('anchor-data/arm_1');
 * console.log(dataset.records.length); // 32
 * ```
 */
export async function readAnchorDataset(sourceDirectory: string): Promise<AnchorDataset> {
  const info = await stat(sourceDirectory).catch(() => null);
  if (info === null || !info.isDirectory()) {
    throw new ImportError(
      'SOURCE_NOT_FOUND',
      `${sourceDirectory}: no such folder. Pass the dataset folder that holds campaign.json, build.json, records/ and kat/ (e.g. performance/data/arm_1 of the ngcc-harness).`,
    );
  }
  const campaign = await readAnchorJson(sourceDirectory, 'campaign.json', anchorCampaignSchema);
  const build = await readAnchorJson(sourceDirectory, 'build.json', anchorBuildSchema);
  const records: AnchorDatasetRecord[] = [];
  for (const file of (await listFiles(sourceDirectory, 'records')).filter((name) => name.endsWith('.json'))) {
    records.push(await readRecord(sourceDirectory, file, campaign.value.planning.min_total));
  }
  const katFiles = new Map<string, AnchorKatFile>();
  for (const file of await listFiles(sourceDirectory, 'kat')) {
    const bytes = await readFile(path.join(sourceDirectory, file));
    const header = file.endsWith('.log') ? readKatLogHeader(bytes.toString('utf8')) : null;
    katFiles.set(file, { bytes, sha256: createHash('sha256').update(bytes).digest('hex'), header });
  }
  const candidatesWithEvidence = new Set([
    ...records.map(({ record }) => record.candidate),
    ...[...katFiles.keys()].map((file) => file.split('/')[1]!),
  ]);
  const dataset: AnchorDataset = { sourceDirectory, campaign, build, records, katFiles, candidatesWithEvidence };
  checkAnchorEvidence(dataset);
  return dataset;
}
