export { allowedCpus, defaultMeasuringCpus, formatCpuList, parseCpuListText, resolvePinning } from './cpu-affinity.js';
export type { CpuPinning } from './cpu-affinity.js';
export { claimMeasuringCpu, defaultCpuLockDirectory, describeCpuClaim } from './claim-measuring-cpu.js';
export type { ClaimMeasuringCpuOptions, CpuClaim } from './claim-measuring-cpu.js';
export { aggregatePerCall } from './aggregate-per-call.js';
export { assessHost } from './assess-host.js';
export type { AssessHostOptions, HostAssessment, TscHzSource } from './assess-host.js';
export {
  calibrate,
  CALIBRATION_BATCH_ITERATIONS,
  CALIBRATION_RESOLUTION_SECONDS,
  FIRST_CALL_SETUP_RATIO,
  WARM_CHECK_MAX_CALLS,
} from './calibrate.js';
export type { CalibrateOptions, CalibrationBasis, CalibrationResult } from './calibrate.js';
export { classifyHost } from './classify-host.js';
export { compareLibraries, COMPARE_LIBRARIES_DEFAULTS } from './compare-libraries.js';
export type {
  CompareLibrariesOptions,
  ComparedFigure,
  ComparedLibrary,
  ComparedPair,
  ComparisonVerdict,
  LibraryComparison,
} from './compare-libraries.js';
export type { ClassifyHostOptions, HostClassification } from './classify-host.js';
export type { CounterKind, CounterName, DriverCounter, MeasuredCounter } from './counter-types.js';
export { CV_WARNING_LIMITS, cvWarningLimit } from '@ngcc-perf/stats';
export type { CvWarningLimits } from '@ngcc-perf/stats';
export { deriveStatistics } from './derive-statistics.js';
export type { DerivationTrial, DeriveStatisticsOptions } from './derive-statistics.js';
export { detectHostProblems } from './detect-host-problems.js';
export type { DetectHostProblemsOptions } from './detect-host-problems.js';
export { formatComparison } from './format-comparison.js';
export type { HostCheck } from './host-check.js';
export { InterleavedTurns, shuffledStepOrder } from './interleaved-turns.js';
export type { StepOrder, TakeTurn } from './interleaved-turns.js';
export { parseDriverOutput } from './driver-lines.js';
export type {
  DriverClockProbeLine,
  DriverEndLine,
  DriverErrorLine,
  DriverInfo,
  DriverLine,
  DriverMetaLine,
  DriverSandbox,
  DriverTrialLine,
  ParsedDriverOutput,
} from './driver-lines.js';
export { COUNT_INSTRUCTIONS_DEFAULTS, countInstructions } from './count-instructions.js';
export { profileOperation, PROFILE_OPERATION_DEFAULTS } from './profile-operation.js';
export type { ProfileOperationOptions, ProfileOperationResult } from './profile-operation.js';
export type {
  CountInstructionsOptions,
  InstructionCountResult,
  InstructionSourceChoice,
} from './count-instructions.js';
export { describeHostAssessment } from './describe-host-assessment.js';
export { describeInstructionCount, describeInstructionSource } from './describe-instruction-count.js';
export { describeSizesPlan, sizesPlanJson } from './describe-sizes-plan.js';
export {
  callMemoryFields,
  describeCallMemory,
  describeTimedOperation,
  describeTimeFigures,
  describeTimePinning,
  timedOperationJson,
} from './describe-time.js';
export type { TimePinning } from './describe-time.js';
export { describeTimePlan } from './describe-time-plan.js';
export { describeTimeProgress } from './describe-time-progress.js';
export { createDriverRunner } from './driver-runner.js';
export type { ClockProbeArgs, FirstCallEstimate, TimeArgs } from './driver-args.js';
export type { DriverRun, TimingRunner } from './driver-runner.js';
export type { DriverOperation } from './driver-operation.js';
export type { HostEnvironment, HypervisorEvidence } from './host-environment.js';
export { HOST_FINDING_SEVERITY } from './host-finding.js';
export type { HostFinding, HostFindingCode, HostNoteCode, HostProblemFinding } from './host-finding.js';
export { measureOperation, PER_CALL_SAMPLE_CALLS } from './measure-operation.js';
export { markPerCallBelowResolution, PER_CALL_RESOLUTION_MULTIPLE } from './per-call-resolution.js';
export type { MeasureOperationOptions, MeasureProgress } from './measure-operation.js';
export type {
  CompleteMeasurement,
  ContextSwitchPolicy,
  DerivedStatistics,
  FailedMeasurement,
  MeasurementBase,
  MeasurementPlan,
  OperationMeasurement,
  PerCallSummary,
} from './measurement-types.js';
export { planOperation } from './plan-operation.js';
export type { OperationPlan, PlanOperationOptions } from './plan-operation.js';
export { CALLGRIND_SLOWDOWN, estimateCountingSeconds, planSizes } from './plan-sizes.js';
export type { InstructionCountingEstimate, PlannedSize, PlanSizesOptions, SizesPlan } from './plan-sizes.js';
export { planTrials } from './plan-trials.js';
export type { PlanTrialsOptions, TrialPlan } from './plan-trials.js';
export { CLOCK_PROBE_STEADY_IQR_RELATIVE, probeClock } from './probe-clock.js';
export type { ClockProbe, ProbeClockOptions } from './probe-clock.js';
export { readDriverInfo } from './read-driver-info.js';
export type { ReadDriverInfoOptions } from './read-driver-info.js';
export { readCpuQuota } from './read-cpu-quota.js';
export type { ReadCpuQuotaOptions } from './read-cpu-quota.js';
export { describeCpuQuota } from './describe-cpu-quota.js';
export { readHostEnvironment } from './read-host-environment.js';
export type { ReadHostEnvironmentOptions } from './read-host-environment.js';
export { measurementWarnings, timeOperation } from './time-operation.js';
export type {
  CallMemoryOutcome,
  TimedOperation,
  TimeOperationOptions,
  TimeOperationProgress,
} from './time-operation.js';
export { TimingError } from './timing-error.js';
export type { TimingErrorCode } from './timing-error.js';
export {
  DEFAULT_MEASUREMENT_CHOICES,
  DEFAULT_TIMING_OPTIONS,
  GUIDE_MESSAGE_SIZES_BYTES,
  MAX_ALIGNMENT_OFFSET_BYTES,
  MAX_MESSAGE_BYTES,
  MAX_PER_CALL_ITERATIONS,
  RUN_DELAY_RERUN_SHARE,
} from './timing-options.js';
export type { MeasurementChoices, TimingOptions } from './timing-options.js';
export type {
  DiscardedAttempt,
  DisturbanceCode,
  DisturbedReason,
  MessagePattern,
  AddressLayout,
  PerCallFigures,
  ProcessFailure,
  ProcessFailureCode,
  RerunStop,
  TimingScope,
  TrialFigures,
  TrialProcess,
} from './trial-types.js';
export {
  describeAssumptions,
  expectedRerunsOf,
  measurePhaseAssumptions,
  measurePhaseSeconds,
} from './measure-phase-estimate.js';
export type { EstimatedCalibration, MeasurePhaseAssumptions } from './measure-phase-estimate.js';
