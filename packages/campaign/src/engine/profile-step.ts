// The measure phase's profile step: for an operation of a public-key category (its KAT made by the
// driver's pk-kat, which loads the instance beside the ICCS support library), where its time goes
// among the ICCS placeholder primitives (`primitiveProfile`, @ngcc-perf/timing's profileOperation:
// one driver process of its own after the trials, never inside them).
import type { PrimitiveProfile } from '@ngcc-perf/record';
import { PROFILE_OPERATION_DEFAULTS, profileOperation, type OperationMeasurement } from '@ngcc-perf/timing';
import type { CampaignContext } from './campaign-context.js';
import type { Operation } from './operation-files.js';
import { eventFields } from './operation-files.js';
import { operationTarget } from './phase-calibrate.js';

/** Seconds of calls one batch of the profile aims at (two batches per round, PROFILE_OPERATION_DEFAULTS.rounds rounds). */
export const PROFILE_BATCH_SECONDS = 0.05;

/** The record's profile fields. */
export interface ProfileFields {
  primitiveProfile?: PrimitiveProfile | null;
  primitiveProfileFailure?: string;
}

/** True for an operation whose instance is loaded beside the ICCS support library. */
function callsIccsPrimitives(operation: Operation): boolean {
  return operation.category.kat.producedBy === 'pk-kat';
}

/**
 * The record's `primitiveProfile` (or why there is none) for a complete measurement of a public-key
 * operation; nothing for other categories. Batches of about {@link PROFILE_BATCH_SECONDS} of calls,
 * from the trials' mean seconds per call.
 * @example
 * const fields = await profileOne(context, operation, 1, measured);
 */
export async function profileOne(
  context: CampaignContext,
  operation: Operation,
  cpu: number,
  measured: OperationMeasurement,
): Promise<ProfileFields> {
  if (!callsIccsPrimitives(operation) || measured.status !== 'complete') return {};
  const target = operationTarget(context, operation, cpu);
  if (!('operation' in target)) return {};
  const perCallSeconds = measured.derived.meanSeconds;
  const iterations = Math.min(100_000, Math.max(1, Math.round(PROFILE_BATCH_SECONDS / perCallSeconds)));
  try {
    const result = await profileOperation({
      library: target.library,
      operation: target.operation,
      iterations,
      cpu,
      driverPath: context.driverPath,
      timeoutSeconds: Math.max(60, 20 * perCallSeconds * iterations * 2 * PROFILE_OPERATION_DEFAULTS.rounds),
    });
    return result.status === 'complete'
      ? { primitiveProfile: result.profile }
      : { primitiveProfile: null, primitiveProfileFailure: result.failure };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    context.emit({
      event: 'warning',
      message: `${operation.entry.candidate}/${operation.entry.instance} ${eventFields(operation).operation ?? ''}: primitives not profiled (${message})`,
    });
    return { primitiveProfile: null, primitiveProfileFailure: `not profiled: ${message}` };
  }
}
