import { planOperation } from '@ngcc-perf/timing';
import { CampaignError } from '../campaign-error.js';
import type { CampaignContext } from './campaign-context.js';
import { operationTarget } from './phase-calibrate.js';
import { hasCompleteRecord, timedOperations, type Operation } from './operation-files.js';

/**
 * Before a campaign with `run --fixed-layout` calibrates anything, checks that the driver can keep
 * ADDR_NO_RANDOMIZE on this host: it calibrates the first timed operation once with the flag. The
 * driver refuses (USAGE) when the kernel cleared the flag on the exec into the sandbox — bubblewrap
 * starting the inner driver as root does (@ngcc-perf/native/PROTOCOL.md `--fixed-layout`) — and every record
 * would fail the same way, so the campaign stops here instead. Any other failure (a library that
 * crashes, times out or fails to load) is left to the phases, which record it as that operation's
 * verdict. Does nothing without `plan.addressLayout` `fixed` or when no operation is left to measure.
 * @throws {@link CampaignError} `HOST_NOT_READY` with the driver's sentence and the two ways out
 *   (`NGCC_PERF_SANDBOX=unshare`, or no `--fixed-layout`).
 * @example
 * await checkFixedAddressLayout(context); // throws on a host that clears the flag
 */
export async function checkFixedAddressLayout(context: CampaignContext): Promise<void> {
  if (context.plan.addressLayout !== 'fixed') return;
  // The first operation still to measure: a resumed campaign with every record complete runs no
  // timed process, so it has nothing to check.
  let operation: Operation | undefined;
  for (const candidate of timedOperations(context)) {
    if (!(await hasCompleteRecord(context, candidate))) {
      operation = candidate;
      break;
    }
  }
  if (operation === undefined) return;
  const planned = await planOperation(operationTarget(context, operation, context.cpus[0]!));
  const failure = planned.calibration.process.failure;
  if (planned.status === 'failed' && failure?.code === 'USAGE') {
    throw new CampaignError(
      'HOST_NOT_READY',
      `--fixed-layout: the driver cannot keep ADDR_NO_RANDOMIZE on this host (${failure.message.trim()}). ` +
        'Run with NGCC_PERF_SANDBOX=unshare (the sandbox without bubblewrap), or measure without --fixed-layout.',
    );
  }
}
