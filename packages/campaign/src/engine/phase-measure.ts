import path from 'node:path';
import type { InstructionCount, TimingRecord } from '@ngcc-perf/record';
import { measureCallMemory } from '@ngcc-perf/rss';
import { countInstructions, measureOperation, readHostEnvironment, type OperationMeasurement } from '@ngcc-perf/timing';
import { runPaths, writeJsonAtomic } from '../run-directory.js';
import { assembleRecord } from './assemble-record.js';
import { withPortablePaths } from './portable-paths.js';
import { forEachOnCpus, type CampaignContext, type CampaignUnit } from './campaign-context.js';
import type { PlannedOperation } from './campaign-events.js';
import { operationTarget } from './phase-calibrate.js';
import { hasCompleteRecord, timedOperations, type Operation } from './operation-files.js';
import { remeasureNoteOf } from './remeasure-unstable.js';
import type { RunState } from './run-state.js';

/** What the measure phase did. */
export interface MeasurePhaseResult {
  complete: number;
  failed: number;
  reused: number;
  /** Wall time spent counting instructions (`plan.countInstructions`), seconds; 0 when not asked for. */
  instructionCountSeconds: number;
}

async function measureMemory(
  context: CampaignContext,
  operation: Operation,
  cpu: number,
  measured: OperationMeasurement,
): Promise<Record<string, unknown>> {
  const { entry, messageBytes } = operation;
  try {
    const result = await measureCallMemory({
      library: path.join(context.state.directory, entry.library!),
      digestBits: entry.digestBits,
      messageBytes,
      cpu,
      driverPath: context.driverPath,
      timeoutSeconds: Math.max(60, measured.plan?.timeoutPerProcessSeconds ?? 60),
    });
    return result.status === 'complete' ? { memory: result.memory } : { memory: null, memoryFailure: result.failure };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    context.emit({
      event: 'warning',
      message: `${entry.candidate}/${entry.instance} ${messageBytes} B: memory not measured (${message})`,
    });
    return { memory: null, memoryFailure: `not measured: ${message}` };
  }
}

/** A record's instruction-count fields. */
interface CountFields {
  instructionCount?: InstructionCount | null;
  instructionCountFailure?: string;
}

/** The record's `instructionCount` (or why there is none) when the plan asks for it, and the seconds it took. */
async function countOne(
  context: CampaignContext,
  operation: Operation,
): Promise<{ fields: CountFields; seconds: number }> {
  const source = context.plan.countInstructions;
  if (source === undefined) return { fields: {}, seconds: 0 };
  const { entry, messageBytes } = operation;
  const started = process.hrtime.bigint();
  try {
    const result = await countInstructions({
      library: path.join(context.state.directory, entry.library!),
      digestBits: entry.digestBits,
      messageBytes,
      source,
      driverPath: context.driverPath,
    });
    const fields: CountFields =
      result.status === 'complete'
        ? { instructionCount: result.count }
        : { instructionCount: null, instructionCountFailure: result.failure };
    return { fields, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    context.emit({
      event: 'warning',
      message: `${entry.candidate}/${entry.instance} ${messageBytes} B: instructions not counted (${message})`,
    });
    const fields = { instructionCount: null, instructionCountFailure: `not counted: ${message}` };
    return { fields, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  }
}

async function measureOne(
  context: CampaignContext,
  operation: Operation,
  cpu: number,
  result: MeasurePhaseResult,
): Promise<'complete' | 'failed' | 'reused'> {
  const { entry, messageBytes } = operation;
  const base = { candidate: entry.candidate, instance: entry.instance, messageBytes };
  const file = runPaths.record(entry.candidate, entry.instance, messageBytes);
  if (await hasCompleteRecord(context, operation)) {
    context.emit({ event: 'record', ...base, cpu: null, status: 'reused', file, wallSeconds: 0, failure: null });
    return 'reused';
  }
  context.emit({ event: 'operation-start', ...base, cpu });
  const started = process.hrtime.bigint();
  const measured = await measureOperation({
    ...operationTarget(context, operation, cpu),
    // Per-call quartiles beside the loop-scope figures (one extra process; see docs/RUN-DIRECTORY.md).
    perCallSample: true,
    ...(context.coreClockHz === undefined ? {} : { coreClockHz: context.coreClockHz }),
    onProgress: (event) =>
      context.emit({ event: 'trial', ...base, cpu, trial: event.trial, trials: event.trials, attempt: event.attempt }),
  });
  const memory = measured.status === 'complete' ? await measureMemory(context, operation, cpu, measured) : {};
  const counted = measured.status === 'complete' ? await countOne(context, operation) : { fields: {}, seconds: 0 };
  result.instructionCountSeconds += counted.seconds;
  const remeasure = await remeasureNoteOf(context, operation);
  const record: TimingRecord = {
    ...assembleRecord({
      entry,
      messageBytes,
      measured,
      runDirectory: context.state.directory,
      hostProblems: context.state.campaign.hostProblems,
    }),
    ...withPortablePaths(memory, context.state.directory),
    ...withPortablePaths(counted.fields, context.state.directory),
    ...(remeasure === null ? {} : { remeasure }),
  };
  await writeJsonAtomic(path.join(context.state.directory, file), record);
  const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  context.emit({
    event: 'record',
    ...base,
    cpu,
    status: measured.status,
    file,
    wallSeconds,
    failure: measured.status === 'failed' ? measured.failure : null,
  });
  return measured.status;
}

/**
 * Phase `measure`: times every operation of the shard (SPEC §5) and writes its record as soon as
 * it is measured (atomically), so a kill loses at most the operation in flight. Each listed CPU
 * runs one worker; workers take whole instances, longest planned first (all sizes of an instance
 * on one CPU). A complete record of the same library build is skipped; a failed or missing one is
 * measured (again). The per-call memory of each complete operation is added (`memory`).
 * @param planned - the calibrate phase's plan (for the longest-first order), or null
 * @example
 * const { complete, failed, reused } = await runMeasurePhase(context, planned);
 */
export async function runMeasurePhase(
  context: CampaignContext,
  planned: PlannedOperation[] | null,
): Promise<MeasurePhaseResult> {
  const operations = timedOperations(context);
  const seconds = new Map<string, number>();
  for (const op of planned ?? [])
    seconds.set(
      op.candidate + '/' + op.instance,
      (seconds.get(op.candidate + '/' + op.instance) ?? 0) + (op.estimatedSeconds ?? 0),
    );
  const units = context.units
    .filter((unit) => operations.some((o) => o.unit === unit))
    .map((unit, order) => ({ unit, order, seconds: seconds.get(unit.key) ?? 0 }))
    .sort((a, b) => b.seconds - a.seconds || a.order - b.order)
    .map((u) => u.unit);
  const result: MeasurePhaseResult = { complete: 0, failed: 0, reused: 0, instructionCountSeconds: 0 };
  const cpusUsed = new Set(context.state.campaign.cpus);
  await forEachOnCpus<CampaignUnit>(units, context.cpus, async (unit, cpu) => {
    for (const operation of operations.filter((o) => o.unit === unit)) {
      const outcome = await measureOne(context, operation, cpu, result);
      result[outcome] += 1;
      if (outcome !== 'reused' && !cpusUsed.has(cpu)) {
        cpusUsed.add(cpu);
        context.state.campaign.cpus = [...cpusUsed].sort((a, b) => a - b);
        await context.state.saveCampaign();
      }
    }
  });
  if (result.complete + result.failed > 0) context.state.campaign.endedUtc = null;
  await closeCampaign(context.state, context.cpus[0]!);
  return result;
}

/**
 * Stamps the end of the measurements in campaign.json (`endedUtc`, `environmentAtEnd`) when it
 * has none yet, and the start environment when the check-host phase did not run.
 * @example
 * await closeCampaign(state, 1);
 */
export async function closeCampaign(state: RunState, cpu: number): Promise<void> {
  const { campaign } = state;
  if (campaign.endedUtc !== null && campaign.environmentAtEnd !== null && campaign.environmentAtStart !== null) return;
  campaign.environmentAtStart ??= readHostEnvironment({ cpu });
  if (campaign.endedUtc === null || campaign.environmentAtEnd === null) {
    campaign.endedUtc = new Date().toISOString();
    campaign.environmentAtEnd = readHostEnvironment({ cpu });
  }
  await state.saveCampaign();
}
