export { DEFAULT_CALL_MEMORY_TIMEOUT_SECONDS } from './call-memory-types.js';
export type {
  CallMemory,
  CallMemoryFailureVerdict,
  CallMemoryResult,
  MeasureCallMemoryOptions,
} from './call-memory-types.js';
export { runDriverProcess } from './driver-process.js';
export type { DriverProcessOutcome, DriverProcessRequest, DriverProcessRunner } from './driver-process.js';
export { measureCallMemory } from './measure-call-memory.js';
export { parseMemoryDriverOutput } from './memory-driver-lines.js';
export type { MemoryDriverErrorLine, MemoryDriverLine, MemoryDriverOutput } from './memory-driver-lines.js';
export { parseProcStatus } from './parse-proc-status.js';
export type { ProcStatusMemory } from './proc-status-memory.js';
export { readProcStatus } from './read-proc-status.js';
export type { ReadProcStatusOptions } from './read-proc-status.js';
export { resetPeak } from './reset-peak.js';
export type { ResetPeakOptions, ResetPeakResult } from './reset-peak.js';
export { readResidentBytesFromStatm } from './resident-bytes-from-statm.js';
export { RssError } from './rss-error.js';
export type { RssErrorCode } from './rss-error.js';
export { DEFAULT_SAMPLE_OPTIONS, sampleHighWaterMark } from './sample-high-water-mark.js';
export type { HighWaterMarkSamples, SampleHighWaterMarkOptions } from './sample-high-water-mark.js';
