import type { PerCallFigures as RecordedPerCallFigures } from '@ngcc-perf/record';

/**
 * What one trial times (native/PROTOCOL.md `time --scope`): `loop` reads the counter around the
 * whole timed loop (SPEC §5, the anchor's method); `per-call` also reads it around every call
 * and reports the quartiles of the per-call ticks.
 */
export type TimingScope = 'loop' | 'per-call';

/**
 * The message bytes: `rule` is SPEC §5's byte i = (i·131 + L) mod 256; `random` asks the driver
 * for pseudo-random bytes (only where native/PROTOCOL.md documents `--message random`).
 */
export type MessagePattern = 'rule' | 'random';

/**
 * The address-space layout of each driver process: `randomized` (the kernel's ASLR, the default)
 * or `fixed` (`time --fixed-layout`: the personality flag ADDR_NO_RANDOMIZE, so every trial
 * process puts its stack, heap, library and buffers at the same addresses).
 */
export type AddressLayout = 'randomized' | 'fixed';

/**
 * Per-call figures of one `per-call` trial (the driver's `trial.perCall`), ticks of the counter:
 * `@ngcc-perf/record`'s `PerCallFigures` with every figure the driver always reports present.
 */
export type PerCallFigures = Required<Omit<RecordedPerCallFigures, 'rawMaxTicks'>> &
  Pick<RecordedPerCallFigures, 'rawMaxTicks'>;

/** One trial's figures, as the driver's `trial` line gives them. */
export interface TrialFigures {
  /** Timed calls. */
  iterations: number;
  /** CLOCK_MONOTONIC_RAW around the whole loop, seconds. */
  seconds: number;
  /** Counter difference around the whole loop, ticks (core cycles only for `core-cycles`). */
  ticks: number;
  /** Context switches forced on the process during the loop (getrusage). */
  involuntarySwitches: number;
  /** Context switches the process asked for during the loop (getrusage). */
  voluntarySwitches: number;
  /** CPU after the loop (`sched_getcpu`); null when the driver could not tell. */
  cpuAfter: number | null;
  /** CPU migrations during the loop, when the driver reports them (null: it tried and could not count). */
  migrations?: number | null;
  /**
   * Nanoseconds the process was runnable but waiting for a CPU during the loop (the run delay of
   * /proc/self/schedstat), when the driver could read it. The counter kept ticking meanwhile, so
   * this is time the loop's ticks include without a call running.
   */
  runDelayNs?: number;
  /**
   * Calls the driver timed right after the loop (`--warm-check`, calibration only): their count,
   * seconds and ticks. Never part of the trial's own figures.
   */
  warmCheck?: { iterations: number; seconds: number; ticks: number };
  /** Present for `per-call` trials. */
  perCall?: PerCallFigures;
}

/**
 * Why a trial counts as disturbed (SPEC §5): `slow-clock` (core cycles / seconds below 95 % of
 * the fixed core clock), `context-switch` (involuntary switches during the loop), `migration`
 * (the process changed CPU during the loop).
 */
export type DisturbanceCode = 'slow-clock' | 'context-switch' | 'migration';

/** One disturbance of a trial attempt. */
export interface DisturbedReason {
  code: DisturbanceCode;
  /** One sentence with the figures, e.g. `preempted 3 time(s) during the timed loop`. */
  message: string;
  /** True when the policy reruns a trial for this reason; false when it is only flagged. */
  rerun: boolean;
}

/**
 * Why a disturbed attempt was kept instead of being rerun: `max-attempts` (3 attempts used),
 * `budget` (another process would overrun the operation's budget), `futile` (a rerun for a
 * context switch was preempted again, so context switches are only flagged from then on; see
 * `ContextSwitchPolicy`).
 */
export type RerunStop = 'max-attempts' | 'budget' | 'futile';

/** An attempt of a trial that was disturbed, discarded and rerun (kept as evidence). */
export interface DiscardedAttempt {
  /** 1-based attempt number. */
  attempt: number;
  /** CPU the loop started on, or null. */
  cpu: number | null;
  wallSeconds: number;
  trial: TrialFigures;
  disturbedReasons: DisturbedReason[];
}

/**
 * How a driver process failed. The codes follow the driver's exit codes and SPEC §4's verdicts:
 * `CRASH` (killed by a signal), `TIMEOUT` (killed by us), `CRYPTOFAIL`, `OVERFLOW`, `LOADFAIL`,
 * `USAGE`, `IO` (the driver's `error` line), `EXIT` (another non-zero exit), `INCOMPLETE` (exit 0
 * without `meta`, `trial` and `end` lines — e.g. the library called `exit()`).
 */
export type ProcessFailureCode =
  'CRASH' | 'TIMEOUT' | 'CRYPTOFAIL' | 'OVERFLOW' | 'LOADFAIL' | 'USAGE' | 'IO' | 'EXIT' | 'INCOMPLETE';

/** Why one driver process produced no trial. */
export interface ProcessFailure {
  code: ProcessFailureCode;
  /** One sentence naming what happened. */
  message: string;
  /** The signal that ended the process, for `CRASH` and `TIMEOUT`. */
  signal?: string;
  /** The end of the driver's stderr (at most 2000 characters), when it wrote any. */
  stderr?: string;
}

/** One driver process of a measurement (docs/RUN-DIRECTORY.md, `processes[]`). */
export interface TrialProcess {
  /** argv as run: driver path, `time`, library, digest bits, message bytes, iterations, warm-ups, options. */
  command: string[];
  /** CPU the timed loop started on (`sched_getcpu`), or null when the driver did not say. */
  cpu: number | null;
  /** Exit code, or null when a signal ended the process. */
  exitCode: number | null;
  /** Spawn to exit, seconds. */
  wallSeconds: number;
  /** Runs of this trial: 1, or more when a disturbed trial was rerun (at most 3). */
  attempts: number;
  /** Resident bytes after load and buffer set-up, before warm-ups (SPEC §6). */
  baselineRssBytes: number | null;
  /** VmHWM of the driver at its end, bytes (SPEC §6). */
  peakRssBytes: number | null;
  /** The trial's figures; null when the process failed. */
  trial: TrialFigures | null;
  /** Every disturbance of the kept attempt, also those only flagged (absent when there were none). */
  disturbedReasons?: DisturbedReason[];
  /** Present, and `true`, when the kept attempt has a disturbance the policy reruns for. */
  disturbed?: true;
  /** Why that disturbed attempt was kept: attempts used up, budget reached, or context-switch reruns judged futile. */
  rerunStopped?: RerunStop;
  /** The disturbed attempts before the kept one, oldest first (absent when the first attempt was kept). */
  discardedAttempts?: DiscardedAttempt[];
  /** Present when the process failed. */
  failure?: ProcessFailure;
}
