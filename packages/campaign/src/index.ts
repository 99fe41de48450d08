export { baselineCandidate, BASELINE_CANDIDATE_ID } from './baseline-candidate.js';
export { runCampaign } from './run-campaign.js';
export type { RunCampaignOptions, RunCampaignResult } from './run-campaign.js';
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
export { loadCandidate, resolveCandidate } from './candidate.js';
export type {
  Candidate,
  CandidateInstance,
  CandidateOrigin,
  ResolveCandidateOptions,
  UnmeasuredEntry,
} from './candidate.js';
export { discoverPackage } from './discovery/discover-package.js';
export type { DiscoverPackageOptions } from './discovery/discover-package.js';
export type {
  AddedSource,
  DiscoveredInstance,
  DiscoveredPackage,
  ExcludedSource,
  FolderExplanation,
  FolderSuggestion,
  UnmeasuredFolder,
} from './discovery/discovery-types.js';
export { implementationVersion } from './discovery/implementation-version.js';
export type { ImplementationVersion, IsaName } from './discovery/implementation-version.js';
export { isaSkipReason, readHostIsa } from './discovery/host-isa-support.js';
export type { HostIsa } from './discovery/host-isa-support.js';
export { derivedCandidateId, findCatalogEntry, parseHashCatalog, readHashCatalog } from './discovery/hash-catalog.js';
export type { CatalogEntry, HashCatalog } from './discovery/hash-catalog.js';
export { officialManifestPath, readBundledCatalog } from './discovery/bundled-catalog.js';
export { candidateDocument } from './discovery/candidate-document.js';
export type { CandidateDocument } from './discovery/candidate-document.js';
export { resolveRunInputs } from './discovery/resolve-run-inputs.js';
export type { RefusedInput, ResolvedInput, ResolveRunInputsOptions } from './discovery/resolve-run-inputs.js';
export { extractZipArchive, sha256OfFile, ZIP_EXTRACTION_LIMITS } from './discovery/extract-zip-archive.js';
export type { ZipExtractionLimits, ZipExtractionResult } from './discovery/extract-zip-archive.js';
export { readInstanceMacros } from './discovery/c-source-text.js';
export type { InstanceMacros } from './discovery/c-source-text.js';
// The builder and its profiles are native's (a script builds without the campaign engine); a campaign's build.
export { buildInstance, BUILD_PROFILES, GUIDE_PROFILES, SHARED_LIBRARY_FLAGS } from '@ngcc-perf/native';
export type { BuildInstanceOptions, BuildInstanceResult, BuildProfile } from '@ngcc-perf/native';
export { buildBundledExamples } from './build-bundled-examples.js';
export type { BuildBundledExamplesOptions, BundledExampleLibrary } from './build-bundled-examples.js';
export { CAMPAIGN_PHASES, instanceKey } from './engine/campaign-types.js';
export type { CampaignPhase, CampaignPlan, PackageEvidence, ShardSpec } from './engine/campaign-types.js';
export type { CampaignEvent, CampaignEventSink, PlannedOperation } from './engine/campaign-events.js';
export { parseShardSpec, shardFromEnvironment, assignShards } from './engine/shard-selection.js';
export { mergeRuns } from './engine/merge-runs.js';
export { describeKatIdentity, identifyByKatDigests, readOfficialManifests } from './engine/official-kat-identity.js';
export type { OfficialManifest } from './engine/official-kat-identity.js';
export type { MergeRunsOptions, MergeRunsResult } from './engine/merge-runs.js';
export { publishRun } from './engine/publish-run.js';
export type { PublishRunOptions, PublishRunResult } from './engine/publish-run.js';
export { importAnchorDataset } from './import/import-anchor-dataset.js';
export { verifyImportedRun } from './import/verify-imported-run.js';
export { restoreAnchorRecord } from './import/restore-anchor-record.js';
export { ImportError } from './import/import-error.js';
export type { ImportAnchorDatasetOptions, ImportAnchorDatasetResult } from './import/import-types.js';
