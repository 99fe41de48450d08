import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CampaignError } from '../campaign-error.js';
import { instanceKey } from './campaign-types.js';

interface RecordCostFields {
  candidate?: unknown;
  instance?: unknown;
  calibration?: { wallSeconds?: unknown } | null;
  processes?: { wallSeconds?: unknown }[];
}

function recordSeconds(record: RecordCostFields): number {
  const seconds = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  const processes = Array.isArray(record.processes) ? record.processes : [];
  return seconds(record.calibration?.wallSeconds) + processes.reduce((sum, p) => sum + seconds(p.wallSeconds), 0);
}

/**
 * Reads what each instance cost in earlier runs: the wall seconds of every driver process
 * (calibration and trials) of its records, summed per run, the largest run kept. Sharding orders
 * instances by it (longest first).
 * @param runDirectories - earlier run directories or published `data/<system>/` folders
 * @returns seconds per `<candidate>/<instance>`
 * @throws {@link CampaignError} `USAGE` when a folder has no `records/` to read.
 * @example
 * const costs = await readPriorCosts(['runs/x86_1-previous']); // { 'example-sm3/sm3': 4.2, … }
 */
export async function readPriorCosts(runDirectories: readonly string[]): Promise<Record<string, number>> {
  const costs: Record<string, number> = {};
  for (const directory of runDirectories) {
    const recordsRoot = path.join(directory, 'records');
    let candidates;
    try {
      candidates = await readdir(recordsRoot, { withFileTypes: true });
    } catch (cause) {
      throw new CampaignError(
        'USAGE',
        `--prior ${directory}: no records/ folder to read costs from (${(cause as NodeJS.ErrnoException).code ?? String(cause)}). Pass an earlier run directory.`,
        { cause },
      );
    }
    const run: Record<string, number> = {};
    for (const candidate of candidates.filter((c) => c.isDirectory())) {
      for (const file of await readdir(path.join(recordsRoot, candidate.name))) {
        if (!file.endsWith('.json')) continue;
        let record: RecordCostFields;
        try {
          record = JSON.parse(await readFile(path.join(recordsRoot, candidate.name, file), 'utf8')) as RecordCostFields;
        } catch {
          continue;
        }
        if (typeof record.candidate !== 'string' || typeof record.instance !== 'string') continue;
        const key = instanceKey(record.candidate, record.instance);
        run[key] = (run[key] ?? 0) + recordSeconds(record);
      }
    }
    for (const [key, seconds] of Object.entries(run)) costs[key] = Math.max(costs[key] ?? 0, seconds);
  }
  return costs;
}
