import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { anchorRecordSchema } from './anchor-record-schema.js';
import { checkAnchorDerived } from './check-anchor-derived.js';
import { asJsonObject } from './extra-fields.js';
import { ImportError } from './import-error.js';
import { ANCHOR_TOOL } from './import-types.js';
import { formatFieldPath, readAnchorJson } from './read-anchor-json.js';
import { restoreAnchorRecord } from './restore-anchor-record.js';

/** What {@link verifyImportedRun} found. */
export type ImportedRunVerification = { imported: false } | { imported: true; records: number; katLogs: number };

const anyObject = z.looseObject({});

async function recordFiles(runDirectory: string): Promise<string[]> {
  const files: string[] = [];
  const candidates = await readdir(path.join(runDirectory, 'records'), { withFileTypes: true }).catch(() => []);
  for (const candidate of candidates.filter((entry) => entry.isDirectory())) {
    for (const name of await readdir(path.join(runDirectory, 'records', candidate.name))) {
      if (name.endsWith('.json')) files.push(`records/${candidate.name}/${name}`);
    }
  }
  return files.sort();
}

async function checkKatLog(runDirectory: string, file: string, katLog: string, katLogSha256: string): Promise<void> {
  const bytes = await readFile(path.join(runDirectory, katLog)).catch(() => null);
  if (bytes === null)
    throw new ImportError(
      'SOURCE_NOT_FOUND',
      `${path.join(runDirectory, katLog)}: file not found, but ${path.join(runDirectory, file)} field "katLog" names it. Import the dataset again.`,
    );
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== katLogSha256) {
    throw new ImportError(
      'DIGEST_MISMATCH',
      `${path.join(runDirectory, katLog)}: SHA-256 is ${actual}, but ${path.join(runDirectory, file)} field "katLogSha256" records ${katLogSha256}. The KAT log was changed after the import; import the dataset again.`,
    );
  }
}

/**
 * Re-checks a run directory imported from an ngcc-harness dataset against the anchor's own
 * evidence: each record's anchor form is rebuilt ({@link restoreAnchorRecord}), validated with
 * the record-schema-2 schema, and its stored statistics (kept in `extra`) recomputed from its
 * trials within a relative 1e-9; each KAT log's SHA-256 must equal the record's `katLogSha256`.
 * A run directory that was not imported (no `origin.tool` "ngcc-harness" in campaign.json) is
 * left alone. Meant for `ngcc-perf validate` next to the format-1 checks.
 *
 * @param runDirectory - the run directory
 * @returns `{ imported: false }`, or the number of records and KAT logs checked
 * @throws {@link ImportError} `INVALID_JSON`, `INVALID_SOURCE`, `INCONSISTENT_SOURCE`,
 *   `DIGEST_MISMATCH` or `SOURCE_NOT_FOUND`, naming the file and field
 * @example
 * ```ts
 * const verification = await verifyImportedRun('runs/arm_1');
 * if (verification.imported) console.log(`${verification.records} records agree with the anchor's figures`);
 * ```
 */
export async function verifyImportedRun(runDirectory: string): Promise<ImportedRunVerification> {
  const { raw: campaign } = await readAnchorJson(runDirectory, 'campaign.json', anyObject);
  if (asJsonObject(campaign.origin).tool !== ANCHOR_TOOL) return { imported: false };
  const minTotal = asJsonObject(asJsonObject(campaign.extra).planning).min_total;
  let records = 0;
  const katLogs = new Set<string>();
  for (const file of await recordFiles(runDirectory)) {
    const { raw } = await readAnchorJson(runDirectory, file, anyObject);
    if (asJsonObject(raw.origin).tool !== ANCHOR_TOOL) continue;
    const displayPath = path.join(runDirectory, file);
    const parsed = anchorRecordSchema.safeParse(restoreAnchorRecord(raw));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new ImportError(
        'INVALID_SOURCE',
        `${displayPath}: the anchor record rebuilt from it has field "${formatFieldPath(issue.path)}": ${issue.message}. Import the dataset again.`,
        { cause: parsed.error },
      );
    }
    checkAnchorDerived(parsed.data, displayPath, typeof minTotal === 'number' ? minTotal : 100);
    if (typeof raw.katLog === 'string' && typeof raw.katLogSha256 === 'string') {
      await checkKatLog(runDirectory, file, raw.katLog, raw.katLogSha256);
      katLogs.add(raw.katLog);
    }
    records += 1;
  }
  return { imported: true, records, katLogs: katLogs.size };
}
