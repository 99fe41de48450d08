export { classifyFindings, sortFindings } from './classify-findings.js';
export { CtError } from './ct-error.js';
export type { CtErrorCode } from './ct-error.js';
export { CT_VERDICT_EXIT_CODES } from './ct-result.js';
export type {
  CtFinding,
  CtFindingKind,
  CtResult,
  CtResultBase,
  CtTaintCall,
  CtTaintResult,
  CtTimingResult,
  CtTimingTest,
  CtUnknownReason,
  CtVerdict,
} from './ct-result.js';
export { interpretTaintRun } from './interpret-taint-run.js';
export type { TaintOutcome } from './interpret-taint-run.js';
export { parseMemcheckXml } from './parse-memcheck-xml.js';
export type { MemcheckError, MemcheckFrame, MemcheckReport } from './parse-memcheck-xml.js';
export { RUN_CT_DEFAULTS, runCt } from './run-ct.js';
export type { RunCtOptions } from './run-ct.js';
export { scanDivisions } from './scan-divisions.js';
