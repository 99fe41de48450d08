import path from 'node:path';
import { ImportError } from './import-error.js';
import type { AnchorBuildEntry } from './anchor-campaign-schema.js';
import type { AnchorDataset } from './anchor-dataset.js';

const REFETCH = 'Copy the dataset again from the published harness; evidence must stay as the harness wrote it.';

function buildField(key: string, field: string): string {
  return `field "instances[${JSON.stringify(key)}].${field}"`;
}

function checkKatLog(
  dataset: AnchorDataset,
  katLog: string,
  expectedSha256: string | null | undefined,
  recordedBy: string,
  fields: { path: string; digest: string },
): void {
  const display = (file: string): string => path.join(dataset.sourceDirectory, file);
  const log = dataset.katFiles.get(katLog);
  if (log === undefined) {
    throw new ImportError(
      'SOURCE_NOT_FOUND',
      `${display(katLog)}: file not found, but ${recordedBy} ${fields.path} names it. ${REFETCH}`,
    );
  }
  if (expectedSha256 !== undefined && expectedSha256 !== null && log.sha256 !== expectedSha256) {
    throw new ImportError(
      'DIGEST_MISMATCH',
      `${display(katLog)}: SHA-256 is ${log.sha256}, but ${recordedBy} ${fields.digest} records ${expectedSha256}. The KAT log is not the one the harness wrote. ${REFETCH}`,
    );
  }
}

function sameOrThrow(displayPath: string, field: string, recordValue: unknown, buildValue: unknown, key: string): void {
  if ((recordValue ?? null) !== (buildValue ?? null)) {
    throw new ImportError(
      'INCONSISTENT_SOURCE',
      `${displayPath} field "${field}": ${JSON.stringify(recordValue ?? null)}, but build.json ${buildField(key, field)} is ${JSON.stringify(buildValue ?? null)}. The record was made from another build; ${REFETCH}`,
    );
  }
}

/**
 * Checks the evidence of an anchor dataset: each record belongs to a build.json entry and agrees
 * with it on library SHA-256, KAT verdict and KAT log path; every KAT log that a record or a
 * build.json entry of a candidate in the dataset names exists, and its SHA-256 equals the
 * recorded `kat_log_sha256` (SPEC §4: the log's digest goes into every record).
 *
 * @param dataset - the dataset as read (records already schema-checked)
 * @throws {@link ImportError} `DIGEST_MISMATCH` (names the log and the field that records the
 *   digest), `SOURCE_NOT_FOUND` (a named log is missing) or `INCONSISTENT_SOURCE`
 * @example
 * ```ts
 * checkAnchorEvidence(dataset);
 * ```
 */
export function checkAnchorEvidence(dataset: AnchorDataset): void {
  const instances = dataset.build.value.instances;
  const buildDisplay = path.join(dataset.sourceDirectory, 'build.json');
  for (const { file, record } of dataset.records) {
    const displayPath = path.join(dataset.sourceDirectory, file);
    const key = `${record.candidate}/${record.label}`;
    const entry: AnchorBuildEntry | undefined = instances[key];
    if (entry === undefined) {
      throw new ImportError(
        'INCONSISTENT_SOURCE',
        `${displayPath} fields "candidate", "label": build.json has no entry "${key}". ${REFETCH}`,
      );
    }
    sameOrThrow(displayPath, 'library_sha256', record.library_sha256, entry.library_sha256, key);
    sameOrThrow(displayPath, 'kat', record.kat, entry.kat, key);
    sameOrThrow(displayPath, 'kat_log', record.kat_log, entry.kat_log, key);
    if (record.kat_log)
      checkKatLog(dataset, record.kat_log, record.kat_log_sha256, displayPath, {
        path: 'field "kat_log"',
        digest: 'field "kat_log_sha256"',
      });
  }
  for (const [key, entry] of Object.entries(instances)) {
    if (!dataset.candidatesWithEvidence.has(entry.candidate) || !entry.kat_log) continue;
    checkKatLog(dataset, entry.kat_log, entry.kat_log_sha256, buildDisplay, {
      path: buildField(key, 'kat_log'),
      digest: buildField(key, 'kat_log_sha256'),
    });
  }
}
