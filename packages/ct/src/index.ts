export { classifyFindings, sortFindings } from './classify-findings.js';
export { CtError } from './ct-error.js';
export type { CtErrorCode } from './ct-error.js';
export { CT_VERDICT_EXIT_CODES } from './ct-result.js';
export { describeCtResult } from './describe-ct-result.js';
export { dispatchEvidence, hiddenCpuFeatures, procCpuinfoFlags } from './detect-dispatch.js';
export type {
  CtCpuView,
  CtFinding,
  CtFindingKind,
  CtOperationTarget,
  CtPublicDivision,
  CtResult,
  CtResultBase,
  CtSourcePlace,
  CtTaintCall,
  CtTaintResult,
  CtTimingDirection,
  CtTimingResult,
  CtTimingTest,
  CtUnknownReason,
  CtVerdict,
} from './ct-result.js';
export { interpretTaintRun, valgrindInstructionLines } from './interpret-taint-run.js';
export type { TaintOutcome } from './interpret-taint-run.js';
export { parseMemcheckXml } from './parse-memcheck-xml.js';
export type { MemcheckError, MemcheckFrame, MemcheckReport } from './parse-memcheck-xml.js';
export { LOWER_BOUND_LIMIT, RUN_CT_DEFAULTS, runCt } from './run-ct.js';
export { minSamplesFor } from './internal/run-timing.js';
export type { RunCtOptions } from './run-ct.js';
export { OPERATION_LOWER_BOUND_LIMIT, runOperationCt } from './run-operation-ct.js';
export type { RunOperationCtOptions } from './run-operation-ct.js';
export { probeDivisions, probeDivisionsOf } from './probe-divisions.js';
export type { DivisionProbeOutcome } from './probe-divisions.js';
export { scanDivisionSites, scanDivisions } from './scan-divisions.js';
export type { DivisionSite } from './scan-divisions.js';
