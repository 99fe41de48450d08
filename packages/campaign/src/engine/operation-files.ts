import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { usesDedicatedDriverCommands, type AlgorithmCategory } from '@ngcc-perf/category';
import { RECORD_FORMAT, type OperationIdentity } from '@ngcc-perf/record';
import { categoryInstance } from './campaign-candidate.js';
import { runPaths } from '../run-directory.js';
import type { CampaignContext, CampaignUnit } from './campaign-context.js';
import { UNTIMED_VERDICTS } from './campaign-context.js';
import type { BuildEntry, JudgedBuildEntry } from './campaign-types.js';

/** One operation of the campaign: an operation of an instance's category (hash: the instance at one message size). */
export interface Operation {
  unit: CampaignUnit;
  entry: JudgedBuildEntry;
  /** The instance's category, from the campaign's registry. */
  category: AlgorithmCategory;
  /** The operation as its category lists it (`operations.list`), as generic records name it. */
  identity: OperationIdentity;
  /** Its record and calibration stem (`operations.fileStem`: `hash_64`, `eval_16`). */
  fileStem: string;
  /** Bytes one call processes (`operations.bytesPerCall`; hash: the message length), 0 when none: progress events. */
  messageBytes: number;
  /** Its place in its category's list for the instance (hash: the plan's size index): the measure phase's batch order. */
  order: number;
}

/**
 * The fields that name an operation in campaign events: its candidate, instance and bytes per call,
 * and for a category other than hash its label (`operations.label`).
 * @example
 * eventFields(operation); // { candidate: 'toy-01', instance: 'toy', messageBytes: 16, operation: 'eval 16 B' }
 */
export function eventFields(operation: Operation) {
  const { entry, messageBytes, category, identity } = operation;
  return {
    candidate: entry.candidate,
    instance: entry.instance,
    messageBytes,
    ...(usesDedicatedDriverCommands(category) ? {} : { operation: category.operations.label(identity) }),
  };
}

/**
 * The `format` of a `calibration/<candidate>/<instance>__hash_<L>.json` (@ngcc-perf/campaign/docs/CAMPAIGNS.md).
 * @example
 * if (json.format !== CALIBRATION_FORMAT) return null;
 */
export const CALIBRATION_FORMAT = 'ngcc-perf/calibration@1';

/** What `calibration/<candidate>/<instance>__hash_<L>.json` holds. */
export interface CalibrationFile {
  format: typeof CALIBRATION_FORMAT;
  candidate: string;
  instance: string;
  messageBytes: number;
  /** The operation of a category other than hash (absent for hash operations: `messageBytes` says which). */
  operation?: OperationIdentity;
  librarySha256: string;
  cpu: number;
  status: 'planned' | 'failed';
  failure: string | null;
  plan: unknown;
  /** Wall seconds the plan expects: trials, warm-ups and process start-up. */
  estimatedWallSeconds: number | null;
  calibration: unknown;
  /**
   * The host's pace when the calibrate phase began (`measureHostPace` of @ngcc-perf/native: wall
   * over CPU time of a fixed loop; 1 on a quiet host); absent in files of older runs.
   */
  hostPace?: number;
}

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/**
 * The operations of the shard that are timed: built instances whose KAT verdict lets them be
 * timed (the ICCS KAT rules: LOADFAIL and CRASH are not), each operation its category lists for it
 * (`operations.list`, at the plan's message lengths for categories whose operations take a message).
 * @throws nothing; an instance not yet through the kat phase is left out.
 * @example
 * timedOperations(context).length; // hash: instances × message sizes
 */
export function timedOperations(context: CampaignContext): Operation[] {
  const operations: Operation[] = [];
  for (const unit of context.units) {
    const entry = context.state.buildEntry(unit.candidate.id, unit.instance.name);
    if (entry === undefined || !isJudged(entry) || entry.library === null || UNTIMED_VERDICTS.has(entry.kat)) continue;
    const category = context.categories.get(entry.category);
    // The build entry's parameters hold what the KAT run established (a key exchange's passes).
    const instance = categoryInstance(unit.instance);
    const listed = category.operations.list(
      { ...instance, parameters: { ...instance.parameters, ...entry.parameters } },
      {
        messageSizesBytes: context.plan.messageSizesBytes,
      },
    );
    listed.forEach((identity, order) => {
      const fileStem = category.operations.fileStem(identity);
      const messageBytes = category.operations.bytesPerCall(identity) ?? 0;
      operations.push({ unit, entry, category, identity, fileStem, messageBytes, order });
    });
  }
  return operations;
}

/**
 * True when the operation's record is complete and measured this library build.
 * @example
 * if (await hasCompleteRecord(context, operation)) return; // already measured
 */
export async function hasCompleteRecord(context: CampaignContext, operation: Operation): Promise<boolean> {
  const file = path.join(
    context.state.directory,
    runPaths.operationRecord(operation.entry.candidate, operation.entry.instance, operation.fileStem),
  );
  const record = await readJson<{ status?: unknown; librarySha256?: unknown; format?: unknown }>(file);
  return (
    record !== null &&
    record.format === RECORD_FORMAT &&
    record.status === 'complete' &&
    record.librarySha256 === operation.entry.librarySha256
  );
}

/**
 * The operation's calibration file when it was made for this library build, else null.
 * @example
 * (await readCalibration(context, operation))?.estimatedWallSeconds; // 0.21
 */
export async function readCalibration(context: CampaignContext, operation: Operation): Promise<CalibrationFile | null> {
  const file = path.join(
    context.state.directory,
    runPaths.operationCalibration(operation.entry.candidate, operation.entry.instance, operation.fileStem),
  );
  const calibration = await readJson<CalibrationFile>(file);
  return calibration !== null &&
    calibration.format === CALIBRATION_FORMAT &&
    calibration.librarySha256 === operation.entry.librarySha256
    ? calibration
    : null;
}

function isJudged(entry: BuildEntry): entry is JudgedBuildEntry {
  return entry.kat !== null;
}
