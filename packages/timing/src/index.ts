export { calibrate, CALIBRATION_BATCH_ITERATIONS, CALIBRATION_RESOLUTION_SECONDS } from './calibrate.js';
export type { CalibrateOptions, CalibrationResult } from './calibrate.js';
export { deriveStatistics } from './derive-statistics.js';
export type { DerivationTrial } from './derive-statistics.js';
export { detectHostProblems } from './detect-host-problems.js';
export type { DetectHostProblemsOptions } from './detect-host-problems.js';
export { DRIVER_PROTOCOL_VERSION, parseDriverOutput } from './driver-lines.js';
export type {
  DriverEndLine,
  DriverErrorLine,
  DriverInfo,
  DriverLine,
  DriverMetaLine,
  DriverTrialLine,
  ParsedDriverOutput,
} from './driver-lines.js';
export { createDriverRunner } from './driver-runner.js';
export type { DriverRun, TimeArgs, TimingRunner } from './driver-runner.js';
export type { HostEnvironment } from './host-environment.js';
export { measureOperation } from './measure-operation.js';
export type { MeasureOperationOptions, MeasureProgress } from './measure-operation.js';
export type {
  CompleteMeasurement,
  CounterKind,
  CounterName,
  DerivedStatistics,
  DriverCounter,
  FailedMeasurement,
  MeasuredCounter,
  MeasurementBase,
  MeasurementPlan,
  OperationMeasurement,
  ProcessFailure,
  ProcessFailureCode,
  TrialFigures,
  TrialProcess,
} from './measurement-types.js';
export { planTrials } from './plan-trials.js';
export type { PlanTrialsOptions, TrialPlan } from './plan-trials.js';
export { readDriverInfo } from './read-driver-info.js';
export type { ReadDriverInfoOptions } from './read-driver-info.js';
export { readHostEnvironment } from './read-host-environment.js';
export type { ReadHostEnvironmentOptions } from './read-host-environment.js';
export { TimingError } from './timing-error.js';
export type { TimingErrorCode } from './timing-error.js';
export { DEFAULT_TIMING_OPTIONS } from './timing-options.js';
export type { TimingOptions } from './timing-options.js';
