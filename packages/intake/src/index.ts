export { IntakeError } from './intake-error.js';
export type { IntakeErrorCode } from './intake-error.js';
export { loadCandidate, resolveCandidate } from './candidate.js';
export type {
  Candidate,
  CandidateInstance,
  CandidateOrigin,
  ResolveCandidateOptions,
  UnmeasuredEntry,
} from './candidate.js';
export { discoverPackage } from './discover-package.js';
export type { DiscoverPackageOptions } from './discover-package.js';
export type {
  AddedSource,
  DiscoveredInstance,
  DiscoveredPackage,
  ExcludedSource,
  FolderExplanation,
  FolderSuggestion,
  UnmeasuredFolder,
} from './discovery-types.js';
export { packageRoot } from './walk-package.js';
export { implementationVersion } from './implementation-version.js';
export type { ImplementationVersion, IsaName } from './implementation-version.js';
export { isaSkipReason, readHostIsa } from './host-isa-support.js';
export type { HostIsa } from './host-isa-support.js';
export { derivedCandidateId, findCatalogEntry, parseHashCatalog, readHashCatalog } from './hash-catalog.js';
export type { CatalogEntry, HashCatalog } from './hash-catalog.js';
export { officialManifestPath, readBundledCatalog } from './bundled-catalog.js';
export { candidateDocument } from './candidate-document.js';
export type { CandidateDocument } from './candidate-document.js';
export { resolveRunInputs } from './resolve-run-inputs.js';
export type { RefusedInput, ResolvedInput, ResolveRunInputsOptions } from './resolve-run-inputs.js';
export { extractZipArchive, sha256OfFile, ZIP_EXTRACTION_LIMITS } from './extract-zip-archive.js';
export type { ZipExtractionLimits, ZipExtractionResult } from './extract-zip-archive.js';
export { readInstanceMacros } from './c-source-text.js';
export type { InstanceMacros } from './c-source-text.js';
export {
  decideTargetFlags,
  missingFeatureMessage,
  readHostTargetOptions,
  targetFeatureNeeds,
} from './target-feature-flags.js';
export type { HostTargetOptions, TargetFeatureNeed, TargetFlag, TargetFlagDecision } from './target-feature-flags.js';
export { applyInstancePatch } from './instance-patch.js';
export type { AppliedPatch } from './instance-patch.js';
export { categoryChoices, DRIVER_PROVIDED_SYMBOLS, DRNG_FUNCTIONS } from './public-key-entry.js';
export type { CategoryChoice } from './public-key-entry.js';
