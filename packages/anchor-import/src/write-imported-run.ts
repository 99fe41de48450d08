import { cp, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFailureReason, writeFileAtomic } from '@ngcc-perf/atomic-file';
import { runPaths } from '@ngcc-perf/record';
import { ImportError } from './import-error.js';
import type { ImportedCampaign } from './map-campaign.js';
import type { ImportedRecord } from './map-record.js';

/** Everything an imported run directory holds, in memory. */
export interface ImportedRun {
  campaign: ImportedCampaign;
  build: Record<string, unknown>;
  records: ImportedRecord[];
  /** Files copied byte for byte: path inside the run directory → bytes. */
  copies: Map<string, Buffer>;
  /** Source files and folders kept verbatim under `unimported/`: path inside the dataset → source path. */
  unimportedFiles: Map<string, string>;
}

async function listEntries(directory: string): Promise<string[] | null> {
  try {
    return await readdir(directory);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Refuses an output folder that is not empty, unless `replace` is set and the folder is a run
 * directory (holds campaign.json). Call before reading the dataset so a wrong `--out` fails fast.
 *
 * @throws {@link ImportError} `OUTPUT_NOT_EMPTY`
 * @example
 * ```ts
 * await checkOutputDirectory('runs/arm_1', false);
 * ```
 */
export async function checkOutputDirectory(outDirectory: string, replace: boolean): Promise<void> {
  const entries = await listEntries(outDirectory);
  if (entries === null || entries.length === 0) return;
  if (!replace) {
    throw new ImportError(
      'OUTPUT_NOT_EMPTY',
      `${outDirectory}: the output folder is not empty (${entries.length} entries). Pass --replace to replace a run directory there, or choose another folder.`,
    );
  }
  if (!entries.includes(runPaths.campaign)) {
    throw new ImportError(
      'OUTPUT_NOT_EMPTY',
      `${outDirectory}: not empty and not a run directory (no campaign.json); --replace only replaces run directories. Remove the folder yourself or choose another one.`,
    );
  }
}

/** Writes JSON (2-space indentation, a final newline) atomically; a failed write names the file. */
async function writeJsonAtomic(filePath: string, value: unknown): Promise<void> {
  try {
    await writeFileAtomic(filePath, `${JSON.stringify(value, null, 2)}\n`);
  } catch (error) {
    throw new ImportError(
      'OUTPUT_NOT_WRITABLE',
      `cannot write ${filePath}: ${writeFailureReason(error)}. Free space (or make the folder writable), then import again.`,
      { cause: error },
    );
  }
}

async function writeInto(directory: string, run: ImportedRun): Promise<void> {
  await writeJsonAtomic(path.join(directory, runPaths.campaign), run.campaign);
  await writeJsonAtomic(path.join(directory, runPaths.build), run.build);
  for (const record of run.records) {
    await writeJsonAtomic(
      path.join(directory, runPaths.record(record.candidate, record.instance, record.messageBytes)),
      record,
    );
  }
  for (const [file, bytes] of run.copies) {
    await mkdir(path.dirname(path.join(directory, file)), { recursive: true });
    await writeFile(path.join(directory, file), bytes);
  }
  for (const [file, source] of run.unimportedFiles) {
    const target = path.join(directory, 'unimported', file);
    await mkdir(path.dirname(target), { recursive: true });
    await cp(source, target, { recursive: true });
  }
}

/**
 * Writes an imported run: everything goes into a staging folder beside `outDirectory`, which
 * then takes its place (an existing run directory there is removed only at that moment, and
 * only when `replace` allowed it), so a failed import leaves the old state.
 *
 * @param outDirectory - the run directory to create
 * @param run - what to write
 * @param replace - whether an existing run directory may be replaced
 * @example
 * ```ts
 * await writeImportedRun('runs/arm_1', run, false);
 * ```
 */
export async function writeImportedRun(outDirectory: string, run: ImportedRun, replace: boolean): Promise<void> {
  await checkOutputDirectory(outDirectory, replace);
  const absolute = path.resolve(outDirectory);
  const staging = `${absolute}.importing-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    await writeInto(staging, run);
    await checkOutputDirectory(outDirectory, replace);
    await rm(absolute, { recursive: true, force: true });
    await rename(staging, absolute);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
