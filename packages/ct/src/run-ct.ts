import { realpathSync } from 'node:fs';
import path from 'node:path';
import { findValgrind, spawnDriverProcess, type ValgrindTool } from '@ngcc-perf/native';
import { CtError } from './ct-error.js';
import type { CtResult, CtResultBase, CtTaintResult } from './ct-result.js';
import { concludeAudit, LOWER_BOUND_LIMIT, nativeView } from './internal/conclude-audit.js';
import { resolveDriverPath } from './internal/resolve-driver.js';
import { hashTimingTarget, runTimingTest, THRESHOLD_ABS_T, type TimingRequest } from './internal/run-timing.js';
import { interpretTaintRun } from './interpret-taint-run.js';
import { probeDivisions } from './probe-divisions.js';

/** Options of {@link runCt}. */
export interface RunCtOptions {
  /** The library to audit: a debug build (`-g`) so that findings carry file:line. */
  library: string;
  /** Digest length in bits (a positive multiple of 8). */
  digestBits: number;
  /** Whole-byte message lengths of the taint run; one non-byte-aligned length (the longest below 8 KiB, plus 3 bits) is added. */
  messageBytes?: readonly number[];
  /** The driver; default: `driverPath()` of @ngcc-perf/native. */
  driverPath?: string;
  /** valgrind; default: `valgrind` found on `PATH`. */
  valgrindPath?: string;
  /** Seconds the taint run may take under valgrind before it is stopped (`unknown`, `timeout`). */
  taintTimeoutSeconds?: number;
  /**
   * The dudect-style test: message length in bytes and the cap of each run in milliseconds (it runs
   * until a minimum number of samples scaled by the call's cost, or `minSamples` when given, then
   * once more to confirm the direction); `false` skips it.
   */
  timing?: TimingRequest | false;
  /**
   * The native CPU features to compare with valgrind's CPUID view (`/proc/cpuinfo` names); default:
   * what the driver's CPUID showed in the timing test, else the host's `/proc/cpuinfo` flags.
   */
  hostCpuFeatures?: readonly string[];
}

/**
 * Defaults of {@link runCt}: the taint run hashes 0, 1, 55, 64 and 1000 bytes (plus 443 bits), may
 * take 300 s; the timing test hashes 64-byte messages, each of its runs capped at 20 s; |t| > 4.5 is
 * dudect's threshold.
 */
export const RUN_CT_DEFAULTS = {
  messageBytes: [0, 1, 55, 64, 1000] as readonly number[],
  taintTimeoutSeconds: 300,
  timing: { messageBytes: 64, milliseconds: 20000 },
  thresholdAbsT: THRESHOLD_ABS_T,
} as const;

export { LOWER_BOUND_LIMIT };

const MAX_MESSAGE_BYTES = 131072;

function checkOptions(options: RunCtOptions): number[] {
  if (!Number.isInteger(options.digestBits) || options.digestBits <= 0 || options.digestBits % 8 !== 0) {
    throw new CtError('INVALID_ARGUMENT', `digestBits must be a positive multiple of 8, got ${options.digestBits}`);
  }
  const bytes = options.messageBytes ?? RUN_CT_DEFAULTS.messageBytes;
  if (
    bytes.length === 0 ||
    bytes.length > 31 ||
    bytes.some((n) => !Number.isInteger(n) || n < 0 || n > MAX_MESSAGE_BYTES)
  ) {
    throw new CtError(
      'INVALID_ARGUMENT',
      `messageBytes must be 1 to 31 whole numbers from 0 to ${MAX_MESSAGE_BYTES}, got ${bytes.join(',')}`,
    );
  }
  const bits = bytes.map((n) => n * 8);
  const longestBelow = Math.max(...bytes.filter((n) => n < 8192), 1);
  return [...bits, longestBelow * 8 + 3].sort((a, b) => a - b).filter((b, i, all) => all.indexOf(b) === i);
}

async function runTaint(
  driver: string,
  valgrind: ValgrindTool,
  library: string,
  digestBits: number,
  bits: number[],
  timeoutSeconds: number,
) {
  const run = await spawnDriverProcess(driver, ['ct-taint', library, String(digestBits), '--bits', bits.join(',')], {
    timeoutSeconds,
    env: { ...process.env, NGCC_PERF_VALGRIND: valgrind.path },
    fd3: true,
  });
  return { version: valgrind.version ?? '', run };
}

/**
 * Audits a library for secret-dependent behaviour: the taint analysis under valgrind memcheck (the
 * method of ctgrind / TIMECOP: the message, and nothing else, marked undefined), the disassembly scan
 * for divisions, and, as evidence beside them, the dudect statistical test. The verdict comes from the
 * first two: `constant-time` without findings, `secret-dependent` with some, `unknown` with the reason
 * when the taint run could not vouch (valgrind missing, crash, hang, unsupported instruction).
 *
 * @throws {CtError} `INVALID_ARGUMENT`, `DRIVER_NOT_FOUND`, `DRIVER_FAILED`, `DRIVER_PROTOCOL`
 * @example
 * ```ts
 * import { bundledExamplesDirectory, buildInstance } from '@ngcc-perf/native';
 * const sm3 = await buildInstance({
 *   instance: { name: 'sm3', sourcePaths: ['sm3.c'] }, sourceRoot: `${bundledExamplesDirectory()}/sm3`,
 *   profile: 'reference', extraCFlags: '-g', libraryDirectory: 'lib',
 * });
 * const result = await runCt({ library: sm3.libraryPath, digestBits: 256 });
 * if (result.verdict === 'secret-dependent') console.table(result.findings); // the bundled SM3 is constant-time
 * ```
 */
export async function runCt(options: RunCtOptions): Promise<CtResult> {
  const bits = checkOptions(options);
  const driver = await resolveDriverPath(options.driverPath);
  const library = path.resolve(options.library);
  const base: CtResultBase = {
    library: options.library,
    digestBits: options.digestBits,
    messageBits: bits,
    findings: [],
    taint: null,
    timing: null,
    timingDetail: null,
    notes: [],
    limits: [],
    publicDivisions: [],
    cpu: null,
  };
  const timing = options.timing ?? RUN_CT_DEFAULTS.timing;
  let driverFeatures: string[] | null = null;
  if (timing === false) {
    base.timingDetail = 'skipped';
  } else {
    const measured = await runTimingTest(driver, library, hashTimingTarget(options.digestBits, timing), timing);
    driverFeatures = measured.cpuFeatures;
    if (typeof measured.result === 'string') base.timingDetail = measured.result;
    else base.timing = measured.result;
    if (base.timing !== null && !base.timing.minSamplesReached)
      base.limits.push(
        `the timing test stopped at its ${timing.milliseconds} ms cap before ${base.timing.minSamplesCount} samples: it has less power than asked`,
      );
  }
  const valgrind = await findValgrind(options.valgrindPath);
  if (valgrind === null) {
    return {
      ...base,
      verdict: 'unknown',
      reason: 'valgrind-missing',
      detail: 'valgrind is not on PATH: install it (Debian: apt-get install valgrind)',
    };
  }
  const timeoutSeconds = options.taintTimeoutSeconds ?? RUN_CT_DEFAULTS.taintTimeoutSeconds;
  const { version, run } = await runTaint(driver, valgrind, library, options.digestBits, bits, timeoutSeconds);
  let real = library;
  try {
    real = realpathSync(library);
  } catch {
    // the driver reports a missing library as load-failed
  }
  const outcome = interpretTaintRun(run, real, timeoutSeconds);
  const taint: CtTaintResult = { valgrindVersion: version, calls: outcome.calls, seconds: run.seconds };
  if (outcome.status === 'unknown')
    return { ...base, taint, verdict: 'unknown', reason: outcome.reason, detail: outcome.detail };
  return concludeAudit({
    base,
    taint,
    taintFindings: outcome.findings,
    auditedCpuFeatures: outcome.cpuFeatures,
    library: real,
    probe: (sites) => probeDivisions(driver, real, options.digestBits, bits, sites),
    nativeFeatures: nativeView(options.hostCpuFeatures, driverFeatures),
  });
}
