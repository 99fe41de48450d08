export { BASELINE_HELPERS, baselineSchema } from './baseline-schema.js';
export type { BaselineHelper, CampaignBaseline } from './baseline-schema.js';
export {
  buildInstanceSchema,
  buildManifestSchema,
  BUILD_FORMAT,
  katIdentitySchema,
  instanceParameterValueSchema,
  instanceSizeSchema,
  katVerdictSchema,
  packageEvidenceSchema,
} from './build-manifest-schema.js';
export type {
  BuildInstance,
  BuildManifest,
  InstanceParameterValue,
  InstanceSize,
  KatIdentity,
  KatVerdict,
  PackageEvidence,
} from './build-manifest-schema.js';
export { ctAuditSchema, ctFindingSchema, ctSourcePlaceSchema } from './ct-audit-schema.js';
export type { CtAudit, CtAuditFinding } from './ct-audit-schema.js';
export { buildEntrySchema, buildFileSchema, campaignFileSchema } from './run-state-schema.js';
export type { BuildEntry, BuildFile, CampaignFileState } from './run-state-schema.js';
export { callMemorySchema } from './call-memory-schema.js';
export { instructionCountSchema, instructionSourceSchema } from './instruction-count-schema.js';
export {
  PLACEHOLDER_PRIMITIVES,
  placeholderPrimitiveSchema,
  primitiveProfileSchema,
  primitiveShareSchema,
  profileRoundSchema,
} from './primitive-profile-schema.js';
export type {
  PlaceholderPrimitive,
  PrimitiveProfile,
  PrimitiveShare,
  ProfileRound,
} from './primitive-profile-schema.js';
export type { InstructionCount, InstructionSource } from './instruction-count-schema.js';
export type { CallMemory } from './call-memory-schema.js';
export { campaignSchema, CAMPAIGN_FORMAT, driverSandboxSchema } from './campaign-schema.js';
export type { Campaign, DriverSandbox } from './campaign-schema.js';
export { cpuQuotaSchema, hostEnvironmentSchema, hypervisorEvidenceSchema } from './host-environment-schema.js';
export type { CpuQuota, HostEnvironment, HypervisorEvidence } from './host-environment-schema.js';
export { HOST_PROBLEM_CODE, hostProblemFromSentence, hostProblemSchema } from './host-problem-schema.js';
export type { HostProblem, HostProblemCode } from './host-problem-schema.js';
export { counterUnit, outlierWarning } from './outlier-warning.js';
export { perCallFiguresSchema, perCallSummarySchema } from './per-call-schema.js';
export {
  addressLayoutSchema,
  contextSwitchPolicySchema,
  measurementPlanSchema,
  messagePatternSchema,
  timingScopeSchema,
} from './plan-schema.js';
export type {
  AddressLayout,
  ContextSwitchPolicy,
  MessagePattern,
  RecordedMeasurementPlan,
  TimingScope,
} from './plan-schema.js';
export type { PerCallFigures, PerCallSummary } from './per-call-schema.js';
export {
  anyRecordSchema,
  counterKindSchema,
  counterNameSchema,
  counterSchema,
  derivedFiguresSchema,
  headlineSchema,
  operationRecordSchema,
  RECORD_FORMAT,
  timingRecordSchema,
} from './record-schema.js';
export {
  operationIdentitySchema,
  operationParameterValueSchema,
  recordOperation,
} from './operation-identity-schema.js';
export type { OperationIdentity, OperationParameterValue, RecordOperationFields } from './operation-identity-schema.js';
export {
  discardedAttemptSchema,
  disturbanceCodeSchema,
  disturbedReasonSchema,
  processEntrySchema,
  processFailureCodeSchema,
  processFailureSchema,
  rerunStopSchema,
  trialSchema,
} from './process-schema.js';
export type {
  DiscardedAttempt,
  DisturbanceCode,
  DisturbedReason,
  ProcessEntry,
  ProcessFailure,
  ProcessFailureCode,
  RerunStop,
  Trial,
} from './process-schema.js';
export type {
  AnyTimingRecord,
  CompleteTimingRecord,
  CounterInfo,
  CounterKind,
  CounterName,
  DerivedFigures,
  OperationRecord,
  RecordedHeadline,
  TimingRecord,
} from './record-schema.js';
export { EVIDENCE_ENTRIES, runPaths } from './run-paths.js';
