export { baselineCandidate, BASELINE_CANDIDATE_ID } from './baseline-candidate.js';
export { runCampaign } from './run-campaign.js';
export type { RunCampaignOptions, RunCampaignResult } from './run-campaign.js';
export type { CampaignCandidate, CampaignInstance } from './engine/campaign-candidate.js';
// The guide's sizes are timing's (`ngcc-perf plan` reads them without loading the campaign engine); a campaign's default.
export { GUIDE_MESSAGE_SIZES_BYTES } from '@ngcc-perf/timing';
export {
  DEFAULT_CAMPAIGN_PHASES,
  RUN_CAMPAIGN_DEFAULTS,
  defaultSystemId,
  bundledCandidateDirectories,
} from './campaign-defaults.js';
export { CampaignError } from './campaign-error.js';
export type { CampaignErrorCode } from './campaign-error.js';
// Reading candidate.json is intake's (init and discovery read it without the engine); a campaign's input.
export { loadCandidate, resolveCandidate } from '@ngcc-perf/intake';
export type { Candidate, CandidateInstance, CandidateOrigin, ResolveCandidateOptions } from '@ngcc-perf/intake';
// The builder and its profiles are native's (a script builds without the campaign engine); a campaign's build.
export { buildInstance, BUILD_PROFILES, GUIDE_PROFILES, SHARED_LIBRARY_FLAGS } from '@ngcc-perf/native';
export type { BuildInstanceOptions, BuildInstanceResult, BuildProfile } from '@ngcc-perf/native';
export { buildBundledExamples } from './build-bundled-examples.js';
export type { BuildBundledExamplesOptions, BundledExampleLibrary } from './build-bundled-examples.js';
export { CAMPAIGN_PHASES, instanceKey } from './engine/campaign-types.js';
export type { CampaignPhase, CampaignPlan, PackageEvidence, ShardSpec } from './engine/campaign-types.js';
export type { CampaignEvent, CampaignEventSink, PlannedOperation } from './engine/campaign-events.js';
export { createEtaTracker, etaBasis } from './engine/eta-tracker.js';
export type { EtaTracker } from './engine/eta-tracker.js';
export { parseShardSpec, shardFromEnvironment, assignShards } from './engine/shard-selection.js';
export { mergeRuns } from './engine/merge-runs.js';
export type { MergeRunsOptions, MergeRunsResult } from './engine/merge-runs.js';
export { publishRun } from './engine/publish-run.js';
export type { PublishRunOptions, PublishRunResult } from './engine/publish-run.js';
