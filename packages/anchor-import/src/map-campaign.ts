import { CAMPAIGN_FORMAT, hostProblemFromSentence } from '@ngcc-perf/record';
import type { Campaign } from '@ngcc-perf/record';
import { asJsonObject, pickExtra } from './extra-fields.js';
import { mapHostEnvironment } from './map-host-environment.js';
import type { AnchorCampaign } from './anchor-campaign-schema.js';
import type { CampaignOrigin } from './import-types.js';
import type { ImportedHostEnvironment } from './map-host-environment.js';
import type { ImportedRecord } from './map-record.js';

/** The anchor driver's message content (`performance/ngcc_perf.c`: `msg[i] = i*131 + L`), as ngcc-perf states it.
 *
 * @example
 * ```ts
 * campaign.plan.messageRule === ANCHOR_MESSAGE_RULE;
 * ```
 */
export const ANCHOR_MESSAGE_RULE = 'byte i = (i*131 + L) mod 256';

/** An imported `campaign.json`. */
export type ImportedCampaign = Omit<Campaign, 'environmentAtStart' | 'environmentAtEnd'> & {
  environmentAtStart: ImportedHostEnvironment;
  environmentAtEnd: ImportedHostEnvironment;
  origin: CampaignOrigin;
  extra: Record<string, unknown>;
};

const PLANNING_FIELDS = ['trials', 'trial_target_s', 'max_iters_per_trial', 'op_budget_s'];

/**
 * Maps the anchor's `campaign.json` to ngcc-perf's (docs/RUN-DIRECTORY.md, docs/IMPORT.md):
 * start/end, the planning constants as the plan (`minIterations` = ⌈min_total / trials⌉, the
 * anchor's per-trial floor), the message sizes and CPUs of the imported records, compiler and
 * CMake versions from the host at start, both host descriptions, and `host_problems`. Host
 * checks, guide flags, shards and notes stay in `extra`, verbatim.
 *
 * @param campaign - the validated anchor campaign
 * @param raw - `campaign.json` exactly as parsed
 * @param systemId - the run's system id (`system_id` stays in `extra` when it differs)
 * @param records - the imported records (sizes, CPUs, and the end time when the anchor has none)
 * @param origin - what to record as the run's origin
 * @example
 * ```ts
 * const imported = mapCampaign(campaign, raw, 'arm_1', records, origin);
 * ```
 */
export function mapCampaign(
  campaign: AnchorCampaign,
  raw: Record<string, unknown>,
  systemId: string,
  records: readonly ImportedRecord[],
  origin: CampaignOrigin,
): ImportedCampaign {
  const consumed = ['started_utc', 'environment_at_start', 'host_problems', 'planning'];
  if (campaign.system_id === systemId) consumed.push('system_id');
  if (typeof campaign.ended_utc === 'string') consumed.push('ended_utc');
  if (campaign.environment_at_end) consumed.push('environment_at_end');
  const extra = pickExtra(raw, consumed);
  const planningExtra = pickExtra(asJsonObject(raw.planning), PLANNING_FIELDS);
  if (Object.keys(planningExtra).length > 0) extra.planning = planningExtra;
  const lastRecordEnd = records
    .map((record) => record.endedUtc)
    .sort()
    .at(-1);
  const start = mapHostEnvironment(asJsonObject(raw.environment_at_start));
  const { planning } = campaign;
  const cpus = new Set(
    records.flatMap((record) => record.processes.flatMap((entry) => (entry.cpu === null ? [] : [entry.cpu]))),
  );
  return {
    format: CAMPAIGN_FORMAT,
    systemId,
    startedUtc: campaign.started_utc,
    endedUtc: campaign.ended_utc ?? lastRecordEnd ?? campaign.started_utc,
    plan: {
      trialTargetSeconds: planning.trial_target_s,
      budgetSeconds: planning.op_budget_s,
      trials: planning.trials,
      minIterations: Math.ceil(planning.min_total / planning.trials),
      maxIterations: planning.max_iters_per_trial,
      messageSizesBytes: [...new Set(records.map((record) => record.messageBytes))].sort((a, b) => a - b),
      messageRule: ANCHOR_MESSAGE_RULE,
    },
    cpus: [...cpus].sort((a, b) => a - b),
    tools: {
      compiler: campaign.environment_at_start.compiler ?? null,
      buildTool: campaign.environment_at_start.cmake ?? null,
      node: null,
      ngccPerf: null,
    },
    environmentAtStart: start,
    environmentAtEnd: campaign.environment_at_end ? mapHostEnvironment(asJsonObject(raw.environment_at_end)) : start,
    hostProblems: campaign.host_problems.map(hostProblemFromSentence),
    origin,
    extra,
  };
}
