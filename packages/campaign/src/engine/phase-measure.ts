import { randomUUID } from 'node:crypto';
import { usesDedicatedDriverCommands } from '@ngcc-perf/category';
import path from 'node:path';
import type { AnyTimingRecord, InstructionCount } from '@ngcc-perf/record';
import { measureCallMemory } from '@ngcc-perf/rss';
import {
  countInstructions,
  InterleavedTurns,
  measureOperation,
  readHostEnvironment,
  type OperationMeasurement,
  type TakeTurn,
} from '@ngcc-perf/timing';
import { runPaths, writeJsonAtomic } from '../run-directory.js';
import { assembleRecord } from './assemble-record.js';
import { withPortablePaths } from './portable-paths.js';
import { forEachOnCpus, type CampaignContext } from './campaign-context.js';
import type { PlannedOperation } from './campaign-events.js';
import { operationTarget } from './phase-calibrate.js';
import { eventFields, hasCompleteRecord, timedOperations, type Operation } from './operation-files.js';
import { profileOne, type ProfileFields } from './profile-step.js';
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
  // Hash: one CryptHash call of the message length (`memory`); another category: one call of the
  // operation after its set-up (`op-memory`: a KEM's dec from a key pair and a ciphertext made first).
  const target = operationTarget(context, operation, cpu);
  const what =
    'operation' in target ? { operation: target.operation } : { digestBits: entry.digestBits!, messageBytes };
  try {
    const result = await measureCallMemory({
      library: target.library,
      ...what,
      cpu,
      driverPath: context.driverPath,
      timeoutSeconds: Math.max(60, measured.plan?.timeoutPerProcessSeconds ?? 60),
    });
    return result.status === 'complete' ? { memory: result.memory } : { memory: null, memoryFailure: result.failure };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    context.emit({
      event: 'warning',
      message: `${entry.candidate}/${entry.instance} ${eventFields(operation).operation ?? `${messageBytes} B`}: memory not measured (${message})`,
    });
    return { memory: null, memoryFailure: `not measured: ${message}` };
  }
}

/** Why a measurement the driver makes through dedicated subcommands only is missing from another category's record. */
const NOT_DEDICATED = (operation: Operation, what: string) =>
  `not measured: ${what} through the driver's dedicated subcommands only so far (category ${operation.category.id} has no driver command for it yet)`;

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
  if (!usesDedicatedDriverCommands(operation.category))
    return {
      fields: { instructionCount: null, instructionCountFailure: NOT_DEDICATED(operation, 'instructions are counted') },
      seconds: 0,
    };
  const started = process.hrtime.bigint();
  try {
    const result = await countInstructions({
      library: path.join(context.state.directory, entry.library!),
      digestBits: entry.digestBits!,
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

/** The step of an operation's memory measurement and instruction count: after every trial of every operation. */
const AFTER_TRIALS_STEP = Number.MAX_SAFE_INTEGER;

async function measureOne(
  context: CampaignContext,
  operation: Operation,
  cpu: number,
  result: MeasurePhaseResult,
  turns: { takeTurn: TakeTurn; operations: number; batch: string },
): Promise<'complete' | 'failed'> {
  const { entry, messageBytes } = operation;
  const hashForm = usesDedicatedDriverCommands(operation.category);
  const base = eventFields(operation);
  const file = runPaths.operationRecord(entry.candidate, entry.instance, operation.fileStem);
  context.emit({ event: 'operation-start', ...base, cpu });
  const started = process.hrtime.bigint();
  const measured = await measureOperation({
    ...operationTarget(context, operation, cpu),
    // Per-call quartiles beside the loop-scope figures (one extra process; see @ngcc-perf/record/docs/RUN-DIRECTORY.md);
    // the driver's op-time times loops only.
    perCallSample: hashForm,
    ...(context.coreClockHz === undefined ? {} : { coreClockHz: context.coreClockHz }),
    takeTurn: turns.takeTurn,
    hostCheck: 'off', // the check-host phase checked the host once (campaign.json hostProblems)
    onProgress: (event) =>
      context.emit({ event: 'trial', ...base, cpu, trial: event.trial, trials: event.trials, attempt: event.attempt }),
    // A call of a second or more: the driver's estimate of the run, so a long wait is announced.
    onEstimate: (estimate) =>
      context.emit({
        event: 'warning',
        message: `${entry.candidate}/${entry.instance} ${base.operation ?? `${messageBytes} B`} trial ${estimate.trial}/${estimate.trials}: the first call took ${estimate.firstCallSeconds.toFixed(1)} s; the ${estimate.callsLeft} calls left in this process need about ${Math.round(estimate.secondsLeft)} s`,
      }),
  });
  const release = await turns.takeTurn(AFTER_TRIALS_STEP);
  let memory: Record<string, unknown> = {};
  let counted: { fields: CountFields; seconds: number } = { fields: {}, seconds: 0 };
  let profiled: ProfileFields = {};
  try {
    if (measured.status === 'complete') {
      memory = await measureMemory(context, operation, cpu, measured);
      counted = await countOne(context, operation);
      profiled = await profileOne(context, operation, cpu, measured);
    }
  } finally {
    release();
  }
  result.instructionCountSeconds += counted.seconds;
  const remeasure = await remeasureNoteOf(context, operation);
  const record: AnyTimingRecord = {
    ...assembleRecord({
      entry,
      messageBytes,
      ...(hashForm ? {} : { operation: operation.identity }),
      measured,
      runDirectory: context.state.directory,
      hostProblems: context.state.campaign.hostProblems,
    }),
    ...withPortablePaths(memory, context.state.directory),
    ...withPortablePaths(counted.fields, context.state.directory),
    ...withPortablePaths(profiled, context.state.directory),
    ...(remeasure === null ? {} : { remeasure }),
    ...(turns.operations > 1 ? { interleaving: { operations: turns.operations, batch: turns.batch } } : {}),
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
 * Measures one batch (the operations of one file stem: hash, one message size) on `cpu`, their driver processes
 * interleaved ({@link InterleavedTurns}): the calibrations, then trial 1 of each, trial 2 of
 * each, …, then the per-call samples, then memory and instruction counts.
 */
async function measureBatch(
  context: CampaignContext,
  batch: readonly Operation[],
  cpu: number,
  result: MeasurePhaseResult,
): Promise<void> {
  const turns = new InterleavedTurns(batch.length);
  const batchId = randomUUID(); // pairs trial k of one record with trial k of the others (report rankings)
  const outcomes = await Promise.allSettled(
    batch.map(async (operation, index) => {
      try {
        return await measureOne(context, operation, cpu, result, {
          takeTurn: turns.turnsOf(index),
          operations: batch.length,
          batch: batchId,
        });
      } finally {
        turns.leave(index);
      }
    }),
  );
  for (const outcome of outcomes) if (outcome.status === 'fulfilled') result[outcome.value] += 1;
  const rejected = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (rejected !== undefined) throw rejected.reason;
}

/**
 * Phase `measure`: times every operation of the shard (guide §3.4) and writes its record as soon as
 * it is measured (atomically), so a kill loses at most the batch in flight. The operations of one
 * file stem (`operations.fileStem`; hash: one message size) form a batch, measured on one CPU with their trials interleaved (trial k of every
 * instance before trial k + 1 of any, {@link InterleavedTurns}), so that instances compared on a
 * ranking page at that size saw the same states of the host; each listed CPU runs one worker,
 * taking whole batches, longest planned first. A complete record of the same library build is
 * skipped; a failed or missing one is measured (again). The per-call memory of each complete
 * operation is added (`memory`).
 * @param planned - the calibrate phase's plan (for the longest-first order), or null
 * @example
 * const { complete, failed, reused } = await runMeasurePhase(context, planned);
 */
export async function runMeasurePhase(
  context: CampaignContext,
  planned: PlannedOperation[] | null,
): Promise<MeasurePhaseResult> {
  const result: MeasurePhaseResult = { complete: 0, failed: 0, reused: 0, instructionCountSeconds: 0 };
  const toMeasure: Operation[] = [];
  for (const operation of timedOperations(context)) {
    if (await hasCompleteRecord(context, operation)) {
      const { entry } = operation;
      const file = runPaths.operationRecord(entry.candidate, entry.instance, operation.fileStem);
      context.emit({
        event: 'record',
        ...eventFields(operation),
        cpu: null,
        status: 'reused',
        file,
        wallSeconds: 0,
        failure: null,
      });
      result.reused += 1;
    } else toMeasure.push(operation);
  }
  const seconds = new Map<string, number>();
  for (const op of planned ?? [])
    seconds.set(`${op.candidate}/${op.instance}/${op.operation ?? op.messageBytes}`, op.estimatedSeconds ?? 0);
  const byStem = new Map<string, Operation[]>();
  for (const operation of toMeasure)
    byStem.set(operation.fileStem, [...(byStem.get(operation.fileStem) ?? []), operation]);
  const batches = [...byStem.values()]
    .map((batch) => {
      const total = batch.reduce((sum, operation) => {
        const { candidate, instance, messageBytes, operation: label } = eventFields(operation);
        return sum + (seconds.get(`${candidate}/${instance}/${label ?? messageBytes}`) ?? 0);
      }, 0);
      return { batch, order: Math.min(...batch.map((operation) => operation.order)), total };
    })
    .sort((a, b) => b.total - a.total || a.order - b.order)
    .map(({ batch }) => batch);
  const cpusUsed = new Set(context.state.campaign.cpus);
  await forEachOnCpus<Operation[]>(batches, context.cpus, async (batch, cpu) => {
    if (!cpusUsed.has(cpu)) {
      cpusUsed.add(cpu);
      context.state.campaign.cpus = [...cpusUsed].sort((a, b) => a - b);
      await context.state.saveCampaign();
    }
    await measureBatch(context, batch, cpu, result);
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
