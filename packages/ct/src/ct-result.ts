/**
 * What a finding is (issue "constant-time audit"; the method of ctgrind / TIMECOP):
 * - `branch`: a conditional jump or move on message-derived data (memcheck `UninitCondition`);
 * - `memory-index`: an address computed from message-derived data, i.e. a table lookup
 *   (memcheck `UninitValue`, "use of uninitialised value of size N");
 * - `variable-latency`: an integer division (`div`/`idiv`) in the audited build whose operands were
 *   seen to derive from the message at run time (see {@link CtResultBase.publicDivisions} for the
 *   divisions of public values, and the README "Divisions").
 */
export type CtFindingKind = 'branch' | 'memory-index' | 'variable-latency';

/** A source place in the audited library: function and file:line from the debug info. */
export interface CtSourcePlace {
  /** Function name from the debug info, or `??`. */
  function: string;
  /** Source file as the debug info names it (no directory), or null without line info. */
  file: string | null;
  /** Source line, or null. */
  line: number | null;
}

/** One place in the library whose behaviour depends on the message. */
export interface CtFinding {
  kind: CtFindingKind;
  /** Function name from the debug info (the innermost frame in the library), or `??`. */
  function: string;
  /** Source file as the debug info names it (no directory), or null when the build has no line info. */
  file: string | null;
  /** Source line, or null. */
  line: number | null;
  /**
   * How the finding was obtained: memcheck during the taint run, the division probe (a division
   * whose operands changed with the message), or the disassembly alone (operands not checked).
   */
  source: 'memcheck' | 'division-probe' | 'disassembly';
  /** Memcheck: the first message length (bits) whose call raised it; null for the disassembly. */
  firstMessageBits: number | null;
  /** Memcheck: how many times it fired over all calls; null for the disassembly. */
  occurrences: number | null;
  /**
   * Where the secret enters (memcheck only; null otherwise): the nearest caller of the load's or
   * jump's function in the library's own code — the line whose call passed the message-derived
   * value down, e.g. the absorb loop calling a table helper — or the load itself when its function
   * was called from outside the library. Findings are merged by the pair (this place, origin).
   */
  origin: CtSourcePlace | null;
  /** Every library frame of the first report merged into it, innermost first (memcheck only; else empty). */
  libraryFrames: CtSourcePlace[];
  /** The audited operation that raised it (operation audits only: `dec`, `sign`, `derive-a`). */
  operation?: string;
}

/** An operation of a public-key category and the buffers that are its secret (`runOperationCt`). */
export interface CtOperationTarget {
  /** The category's id (`kem`, `sig`, `kex`). */
  category: string;
  /** The operation (`dec`, `sign`, `derive-a`, …). */
  operation: string;
  /** The secret buffers, as the driver's category table names them: `sk`, `ska`, `skb`, a key-exchange side's state `sta`, `stb`, `drng` (the DRNG's state, so its output). */
  secrets: string[];
  /** Buffers whose copies inside a secret buffer stayed public (`pk` inside an `sk`). */
  publicInside: string[];
  /** The operation's parameters (`messageBytes` of a signature), as `--param NAME=VALUE`. */
  parameters: Record<string, string>;
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

/**
 * The CPU features the library saw (CPUID leaves 1 and 7, `/proc/cpuinfo` names): under valgrind
 * (valgrind's emulated CPUID) and natively (the driver outside valgrind, or the host's
 * `/proc/cpuinfo`, or the caller's injected view).
 */
export interface CtCpuView {
  /** Features the library's CPUID showed under valgrind. */
  auditedFeatures: string[];
  /** Features of the native run. */
  nativeFeatures: string[];
  /** Where `nativeFeatures` came from. */
  nativeSource: 'driver' | 'proc-cpuinfo' | 'given';
  /** Native features valgrind hid from the library. */
  hiddenFeatures: string[];
  /** Disassembly evidence that the library picks its path by CPU features (e.g. `cpuid`, `zmm` registers). */
  dispatchEvidence: string[];
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
  /**
   * A difference counted as evidence: |t| above the threshold in this run *and* in the repeat, with
   * the same direction. Evidence only: the taint result decides the verdict.
   */
  differenceSuspected: boolean;
  /** Which class was slower at the test of largest |t| (its sign), or null when |t| is below the threshold. */
  direction: CtTimingDirection | null;
  /** Mean random minus mean fixed over the calls of the test of largest |t|, in ticks (signed). */
  differenceTicks: number;
  /** differenceTicks relative to the median call, in percent (signed). */
  differencePercent: number;
  /** Samples asked for (scaled by the call's cost), and whether both runs reached them before the cap. */
  minSamplesCount: number;
  minSamplesReached: boolean;
  tests: CtTimingTest[];
  /** The repeat: the same test run again, to confirm the direction. */
  repeat: { samplesCount: number; maxAbsT: number; direction: CtTimingDirection | null; seconds: number };
  /** Wall time of both runs, in seconds. */
  seconds: number;
}

/** Which class of the timing test was slower. */
export type CtTimingDirection = 'random-slower' | 'fixed-slower';

/** Fields shared by every verdict. */
export interface CtResultBase {
  library: string;
  /** The hash's digest length in bits; null for an audit of an operation ({@link CtResultBase.operation}). */
  digestBits: number | null;
  /**
   * The operation audited instead of CryptHash (`runOperationCt`): its category and name and the
   * secret buffers marked (`sk`, `drng`, …); absent for a hash.
   */
  operation?: CtOperationTarget;
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
  /**
   * The method's limits that apply to this result, e.g. that findings downstream of a
   * `memory-index` finding may be hidden (the list is then a lower bound).
   */
  limits: string[];
  /** Divisions whose operands were public (or never reached) at run time: listed, never a finding. */
  publicDivisions: CtPublicDivision[];
  /** The CPUID views compared for dispatch; null when the taint run did not report its view. */
  cpu: CtCpuView | null;
}

/** A `div`/`idiv` of the audited build that is not a finding, and why. */
export interface CtPublicDivision extends CtSourcePlace {
  /** `public`: executed, operands identical for every message of a length; `not-reached`: never executed. */
  operands: 'public' | 'not-reached';
  /** Executions seen over the probe's calls. */
  executions: number;
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
  | 'valgrind-missing'
  | 'taint-unsupported'
  | 'crash'
  | 'timeout'
  | 'load-failed'
  | 'crypto-failed'
  | 'valgrind-failed'
  | 'dispatch-hidden';

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
