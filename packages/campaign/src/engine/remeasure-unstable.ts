// `run --remeasure unstable`: the complete records of an existing run whose trial CV is above the
// timing package's limit are moved aside (kept under remeasured/, numbered) so the measure phase
// measures exactly those operations again; each new record names the one it replaces. The moved
// file is the marker, so a run killed half-way resumes with the same command.
import { mkdir, readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { cvWarningLimit } from '@ngcc-perf/timing';
import { runPaths } from '../run-directory.js';
import { timedOperations, type Operation } from './operation-files.js';
import type { CampaignContext } from './campaign-context.js';

/** What a re-measured record says about the one it replaces (`remeasure` in the record). */
export interface RemeasureNote {
  reason: 'unstable';
  /** The replaced record, relative to the run directory (`remeasured/<candidate>/<instance>__<stem>.<n>.json`, hash `hash_<L>`). */
  previousRecord: string;
  /** Its trial CV, a fraction. */
  previousCv: number | null;
}

const supersededPrefix = (operation: Operation): string => `${operation.entry.instance}__${operation.fileStem}.`;

async function supersededFiles(context: CampaignContext, operation: Operation): Promise<string[]> {
  const folder = path.join(context.state.directory, 'remeasured', operation.entry.candidate);
  const names = await readdir(folder).catch(() => [] as string[]);
  const prefix = supersededPrefix(operation);
  return names
    .filter((name) => name.startsWith(prefix) && /^\d+\.json$/.test(name.slice(prefix.length)))
    .sort((a, b) => Number(a.slice(prefix.length, -5)) - Number(b.slice(prefix.length, -5)))
    .map((name) => path.posix.join('remeasured', operation.entry.candidate, name));
}

async function readRecord(
  file: string,
): Promise<{ status?: unknown; messageBytes?: unknown; derived?: { cv?: unknown } } | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as { status?: unknown; derived?: { cv?: unknown } };
  } catch {
    return null;
  }
}

/**
 * Moves every complete record of this shard whose trial CV is above its limit to
 * `remeasured/<candidate>/<instance>__<stem>.<n>.json` (n = 1, 2, … per re-measurement; hash stem `hash_<L>`).
 * @returns the records moved, relative to the run directory
 */
export async function supersedeUnstableRecords(context: CampaignContext): Promise<string[]> {
  const moved: string[] = [];
  for (const operation of timedOperations(context)) {
    const relative = runPaths.operationRecord(operation.entry.candidate, operation.entry.instance, operation.fileStem);
    const record = await readRecord(path.join(context.state.directory, relative));
    const cv = record?.derived?.cv;
    if (record?.status !== 'complete' || typeof cv !== 'number' || !(cv > cvWarningLimit(operation.messageBytes)))
      continue;
    const count = (await supersededFiles(context, operation)).length;
    const target = path.posix.join(
      'remeasured',
      operation.entry.candidate,
      `${supersededPrefix(operation)}${count + 1}.json`,
    );
    await mkdir(path.join(context.state.directory, 'remeasured', operation.entry.candidate), { recursive: true });
    await rename(path.join(context.state.directory, relative), path.join(context.state.directory, target));
    context.emit({
      event: 'warning',
      message: `${operation.entry.candidate}/${operation.entry.instance} ${operation.category.operations.label(operation.identity)}: trial CV ${(cv * 100).toFixed(1)} % above its limit; re-measuring (previous record kept as ${target})`,
    });
    moved.push(target);
  }
  return moved;
}

/** The note for an operation being measured again: its latest superseded record, or null. */
export async function remeasureNoteOf(context: CampaignContext, operation: Operation): Promise<RemeasureNote | null> {
  const files = await supersededFiles(context, operation);
  const latest = files[files.length - 1];
  if (latest === undefined) return null;
  const record = await readRecord(path.join(context.state.directory, latest));
  const cv = record?.derived?.cv;
  return { reason: 'unstable', previousRecord: latest, previousCv: typeof cv === 'number' ? cv : null };
}
