import path from 'node:path';
import { usesDedicatedDriverCommands } from '@ngcc-perf/category';
import { measureHostPace } from '@ngcc-perf/native';
import {
  describeAssumptions,
  expectedRerunsOf,
  measurePhaseAssumptions,
  measurePhaseSeconds,
  planOperation,
} from '@ngcc-perf/timing';
import { runPaths, writeJsonAtomic } from '../run-directory.js';
import { forEachOnCpus, type CampaignContext } from './campaign-context.js';
import type { PlannedOperation } from './campaign-events.js';
import {
  CALIBRATION_FORMAT,
  eventFields,
  hasCompleteRecord,
  readCalibration,
  timedOperations,
  type CalibrationFile,
  type Operation,
} from './operation-files.js';
import { portableText, withPortablePaths } from './portable-paths.js';

/** CPU time the calibrate phase spends measuring the host's pace, milliseconds. */
const HOST_PACE_SAMPLE_CPU_MILLISECONDS = 200;

/**
 * Timing options of the campaign plan, as `@ngcc-perf/timing` takes them.
 * @example
 * timingOptions(context); // { trialTargetSeconds: 1, budgetSeconds: 900, trials: 5, … }
 */
export function timingOptions(context: CampaignContext) {
  const { trialTargetSeconds, budgetSeconds, trials, minIterations, maxIterations } = context.plan;
  return { trialTargetSeconds, budgetSeconds, trials, minIterations, maxIterations };
}

/**
 * One operation as `planOperation` and `measureOperation` take it: the run directory's copy of
 * the library, the hash operation's digest and message lengths or another category's operation
 * (`op-time`, its driver parameters and adapter), the campaign's timing options, the CPU and driver.
 * @example
 * await planOperation(operationTarget(context, operation, 1));
 */
export function operationTarget(context: CampaignContext, operation: Operation, cpu: number) {
  const { entry, messageBytes, category, identity } = operation;
  const { driver } = category;
  return {
    library: path.join(context.state.directory, entry.library!),
    ...(usesDedicatedDriverCommands(category)
      ? { digestBits: entry.digestBits! }
      : {
          operation: {
            category: category.id,
            name: identity.name,
            parameters: category.operations.driverParameters(identity),
            ...(driver.kind === 'adapter' ? { adapterPath: driver.adapterPath } : {}),
          },
        }),
    messageBytes,
    options: timingOptions(context),
    cpu,
    driverPath: context.driverPath,
    ...(context.operationTimeoutSeconds === undefined
      ? {}
      : { operationTimeoutSeconds: context.operationTimeoutSeconds }),
    ...(context.plan.addressLayout === 'fixed' ? { addressLayout: 'fixed' as const } : {}),
  };
}

/**
 * Phase `calibrate`: times one cold call of every operation still to measure, on the measuring
 * CPUs (one worker each), and plans its trials (guide §3.4) into
 * `calibration/<candidate>/<instance>__<stem>.json` (hash: `hash_<L>`). The plans give the ETA and the longest-first
 * order of the measure phase; the measure phase still calibrates each operation again in its own
 * record, so every record stands alone. An operation already calibrated for the same library
 * build, or already measured, is skipped.
 * @returns every timed operation with its planned seconds (also emitted as a `plan` event)
 * @example
 * const planned = await runCalibratePhase(context);
 */
export async function runCalibratePhase(context: CampaignContext): Promise<PlannedOperation[]> {
  const operations = timedOperations(context);
  const planned = new Map<Operation, PlannedOperation>();
  const files = new Map<Operation, CalibrationFile>();
  const pending: Operation[] = [];
  for (const operation of operations) {
    const done = await hasCompleteRecord(context, operation);
    const existing = await readCalibration(context, operation);
    planned.set(operation, {
      ...eventFields(operation),
      estimatedSeconds: null,
      done,
    });
    if (existing !== null) files.set(operation, existing);
    if (!done && existing === null) pending.push(operation);
  }
  // The pace the measure phase's processes are expected to see: recorded and shown on the plan line,
  // not applied to the estimate (on the recorded runs the trials slowed far less than the pace said).
  const hostPace = pending.length === 0 ? 1 : measureHostPace(HOST_PACE_SAMPLE_CPU_MILLISECONDS);
  await forEachOnCpus(pending, context.cpus, async (operation, cpu) => {
    const { entry, messageBytes } = operation;
    context.emit({
      event: 'trial',
      ...eventFields(operation),
      cpu,
      trial: 0,
      trials: context.plan.trials,
      attempt: 1,
    });
    const result = await planOperation(operationTarget(context, operation, cpu));
    const file: CalibrationFile = {
      format: CALIBRATION_FORMAT,
      candidate: entry.candidate,
      instance: entry.instance,
      messageBytes,
      ...(usesDedicatedDriverCommands(operation.category) ? {} : { operation: operation.identity }),
      librarySha256: entry.librarySha256!,
      cpu,
      status: result.status,
      failure: result.status === 'failed' ? portableText(result.failure, context.state.directory) : null,
      plan: result.plan,
      estimatedWallSeconds: result.status === 'planned' ? result.estimatedWallSeconds : null,
      calibration: withPortablePaths(result.calibration.process, context.state.directory),
      hostPace,
    };
    await writeJsonAtomic(
      path.join(
        context.state.directory,
        runPaths.operationCalibration(entry.candidate, entry.instance, operation.fileStem),
      ),
      file,
    );
    files.set(operation, file);
  });
  const assumptions = measurePhaseAssumptions([...files.values()], context.plan.countInstructions ?? null);
  for (const [operation, file] of files)
    planned.get(operation)!.estimatedSeconds = measurePhaseSeconds(file, assumptions);
  const toMeasure = [...files.entries()].filter(([operation]) => !planned.get(operation)!.done);
  const reruns = toMeasure.reduce((sum, [, file]) => sum + expectedRerunsOf(file, assumptions), 0);
  const list = operations.map((o) => planned.get(o)!);
  context.emit({
    event: 'plan',
    operations: list,
    cpus: context.cpus,
    assumptions: describeAssumptions(assumptions, toMeasure.length === 0 ? 0 : reruns / toMeasure.length),
  });
  return list;
}
