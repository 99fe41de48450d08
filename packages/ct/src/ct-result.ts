/**
 * What a finding is (issue "constant-time audit"; the method of ctgrind / TIMECOP):
 * - `branch`: a conditional jump or move on message-derived data (memcheck `UninitCondition`);
 * - `memory-index`: an address computed from message-derived data, i.e. a table lookup
 *   (memcheck `UninitValue`, "use of uninitialised value of size N");
 * - `variable-latency`: an integer division (`div`/`idiv`) in the audited build. Memcheck does not
 *   report divisions on undefined operands, so these come from the disassembly of the debug build and
 *   say that a division exists there, not that its operands were proven to derive from the message.
 */
export type CtFindingKind = 'branch' | 'memory-index' | 'variable-latency';

/** One place in the library whose behaviour depends on the message. */
export interface CtFinding {
  kind: CtFindingKind;
  /** Function name from the debug info (the innermost frame in the library), or `??`. */
  function: string;
  /** Source file as the debug info names it (no directory), or null when the build has no line info. */
  file: string | null;
  /** Source line, or null. */
  line: number | null;
  /** How the finding was obtained: memcheck during the taint run, or the disassembly. */
  source: 'memcheck' | 'disassembly';
  /** Memcheck: the first message length (bits) whose call raised it; null for the disassembly. */
  firstMessageBits: number | null;
  /** Memcheck: how many times it fired over all calls; null for the disassembly. */
  occurrences: number | null;
}

/** One CryptHash call of the taint run. */
export interface CtTaintCall {
  /** Message length in bits. */
  messageBits: number;
  /** Memcheck reports raised during this call (duplicates included). */
  reports: number;
}

/** The taint analysis under valgrind memcheck. */
export interface CtTaintResult {
  /** `valgrind --version`, e.g. `valgrind-3.19.0`. */
  valgrindVersion: string;
  calls: CtTaintCall[];
  /** Wall time of the valgrind process, in seconds. */
  seconds: number;
}

/** One Welch t of the timing test: on every sample (`cropBelowTicks` null) or below a percentile. */
export interface CtTimingTest {
  cropBelowTicks: number | null;
  samplesCount: number;
  t: number;
}

/**
 * The dudect-style statistical test (Reparaz et al., DATE 2017): fixed (all-zero) vs random
 * messages of one length, interleaved at random, counter read around each call.
 */
export interface CtTimingResult {
  messageBits: number;
  /** The driver's counter (`tsc`, `pmu-cycles`, `clock`, ...). */
  counter: string;
  samplesCount: number;
  fixedSamplesCount: number;
  randomSamplesCount: number;
  fixedMeanTicks: number;
  randomMeanTicks: number;
  medianTicks: number;
  /** Largest |t| over the tests. */
  maxAbsT: number;
  /** The threshold: |t| above it suggests a timing difference between the classes. */
  thresholdAbsT: number;
  /** maxAbsT > thresholdAbsT. Evidence only: the taint result decides the verdict. */
  differenceSuspected: boolean;
  tests: CtTimingTest[];
  /** Wall time of the test, in seconds. */
  seconds: number;
}

/** Fields shared by every verdict. */
export interface CtResultBase {
  library: string;
  digestBits: number;
  /** Message lengths of the taint run, in bits. */
  messageBits: number[];
  findings: CtFinding[];
  taint: CtTaintResult | null;
  /** Null when it was skipped or could not run (see `timingDetail`). */
  timing: CtTimingResult | null;
  /** Why the timing test has no result, when it has none. */
  timingDetail: string | null;
  /** What else the reader must know (e.g. the disassembly scan could not run). */
  notes: string[];
}

/**
 * The audit's outcome: `constant-time` (no finding), `secret-dependent` (findings), or `unknown`
 * with the reason (valgrind missing, the library crashed or hung under it, valgrind could not run it).
 */
export type CtResult =
  | (CtResultBase & { verdict: 'constant-time' })
  | (CtResultBase & { verdict: 'secret-dependent' })
  | (CtResultBase & { verdict: 'unknown'; reason: CtUnknownReason; detail: string });

/** Why a verdict is `unknown`. */
export type CtUnknownReason =
  'valgrind-missing' | 'taint-unsupported' | 'crash' | 'timeout' | 'load-failed' | 'crypto-failed' | 'valgrind-failed';

/** The verdicts of {@link CtResult}. */
export type CtVerdict = CtResult['verdict'];

/**
 * Exit codes of `ngcc-perf ct`: 0 constant-time, 1 secret-dependent, 3 unknown (could not vouch);
 * 2 is bad input, given by the command itself.
 */
export const CT_VERDICT_EXIT_CODES: Readonly<Record<CtVerdict, number>> = {
  'constant-time': 0,
  'secret-dependent': 1,
  unknown: 3,
};
