import type { DriverProcessResult } from '@ngcc-perf/native';
import { classifyFindings } from './classify-findings.js';
import type { CtFinding, CtTaintCall, CtUnknownReason } from './ct-result.js';
import { CtError } from './ct-error.js';
import { parseCtDriverLines } from './internal/driver-lines.js';
import { parseMemcheckXml } from './parse-memcheck-xml.js';

/** What one `ct-taint` process under valgrind came to. */
export type TaintOutcome =
  | { status: 'ok'; calls: CtTaintCall[]; findings: CtFinding[]; cpuFeatures: string[] | null }
  | { status: 'unknown'; reason: CtUnknownReason; detail: string; calls: CtTaintCall[]; cpuFeatures: string[] | null };

/** Valgrind's own lines about an instruction it could not run (VEX's decoder and the core's sentence). */
const UNHANDLED = /^(?:vex \S+: unhandled instruction bytes:.*|valgrind: Unrecognised instruction at address .*)$/;

/** Valgrind's lines about an instruction it does not know, quoted, or null when it printed none. */
export function valgrindInstructionLines(stderr: string): string | null {
  const lines = stderr
    .split('\n')
    .map((text) => text.replace(/^==\d+== ?/, '').trim())
    .filter((text) => UNHANDLED.test(text));
  return lines.length === 0 ? null : lines.map((text) => `“${text}”`).join(' ');
}

/** The last meaningful stderr line (valgrind's or the driver's sentence), for details. */
function stderrTail(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((text) => text.replace(/^==\d+== ?/, '').trim())
    .filter((text) => text !== '');
  return lines.slice(-4).join(' / ');
}

/**
 * Maps a finished `ngcc-perf-driver ct-taint` process (run under valgrind memcheck) to findings or to
 * the reason there is no verdict. A library that crashes, hangs, fails to load or that valgrind cannot
 * run (an unsupported instruction) is an `unknown` outcome, never an exception.
 *
 * @param run - the process result, with valgrind's XML as `fd3`
 * @param libraryPath - the audited library's real path
 * @param timeoutSeconds - the limit that was applied, for the sentence
 * @throws {CtError} `DRIVER_FAILED` when the driver rejected its arguments; `DRIVER_PROTOCOL` for bad lines
 */
export function interpretTaintRun(run: DriverProcessResult, libraryPath: string, timeoutSeconds: number): TaintOutcome {
  const lines = parseCtDriverLines(run.stdout);
  const calls: CtTaintCall[] = [];
  let started: boolean | null = null;
  let cpuFeatures: string[] | null = null;
  let ended = false;
  for (const line of lines) {
    if (line.type === 'ct-start') {
      started = line.underValgrind;
      cpuFeatures = line.cpuid ? line.cpuFeatures.split(' ').filter((name) => name !== '') : null;
    }
    if (line.type === 'ct-call') calls.push({ messageBits: line.bits, reports: line.reports });
    if (line.type === 'end') ended = true;
  }
  const error = lines.find((line) => line.type === 'error');
  const unknown = (reason: CtUnknownReason, detail: string): TaintOutcome => ({
    status: 'unknown',
    reason,
    detail,
    calls,
    cpuFeatures,
  });
  if (run.startError !== null) return unknown('valgrind-failed', `the driver could not be started: ${run.startError}`);
  if (run.timedOut)
    return unknown(
      'timeout',
      `the taint run did not finish within ${timeoutSeconds} s under valgrind (after ${calls.length} calls)`,
    );
  const unhandled = valgrindInstructionLines(run.stderr);
  if (unhandled !== null && !ended) {
    return unknown(
      'valgrind-failed',
      `valgrind could not run an instruction of the library during call ${calls.length}: ${unhandled} ` +
        '(valgrind does not implement it, e.g. AVX-512; the library may need a build without it to be audited)',
    );
  }
  if (error !== undefined && error.type === 'error') {
    if (error.code === 'USAGE')
      throw new CtError('DRIVER_FAILED', `ngcc-perf-driver ct-taint rejected its arguments: ${error.message}`);
    if (error.code === 'UNSUPPORTED') return unknown('taint-unsupported', error.message);
    if (error.code === 'LOADFAIL') return unknown('load-failed', error.message);
    if (error.code === 'CRYPTOFAIL') return unknown('crypto-failed', error.message);
    return unknown('valgrind-failed', error.message);
  }
  if (run.signal !== null || !ended) {
    const how =
      run.signal !== null ? `died of ${run.signal}` : `ended with exit code ${run.exitCode} before its last call`;
    const tail = stderrTail(run.stderr);
    return unknown(
      'crash',
      `the library ${how} under valgrind during call ${calls.length}${tail === '' ? '' : `: ${tail}`}`,
    );
  }
  if (started !== true) {
    return unknown(
      'valgrind-failed',
      'the driver did not run under valgrind (no memcheck client requests took effect); check NGCC_PERF_VALGRIND',
    );
  }
  const report = parseMemcheckXml(run.fd3);
  return {
    status: 'ok',
    calls,
    cpuFeatures,
    findings: classifyFindings(
      report.errors,
      libraryPath,
      calls.map((call) => call.messageBits),
    ),
  };
}
