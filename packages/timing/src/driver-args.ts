// The arguments of the driver's `time` and `clock-probe` commands, as the runner and the argv builder both read them.
import type { CounterName } from './counter-types.js';
import type { DriverOperation } from './driver-operation.js';
import type { MessagePattern, TimingScope } from './trial-types.js';

/**
 * Arguments of one `ngcc-perf-driver time` run (@ngcc-perf/native/PROTOCOL.md), or of one `op-time` run when
 * `operation` is given.
 */
export interface TimeArgs {
  /** Path of the shared library under test. */
  library: string;
  /** The hash `time` subcommand's digest length; not used with `operation`. */
  digestBits?: number;
  /** The hash `time` subcommand's message length; with `operation`, the bytes one call processes (not passed to the driver). */
  messageBytes: number;
  /** An operation of a category, run with `op-time` instead of the hash `time` (@ngcc-perf/native/PROTOCOL.md "Categories"). */
  operation?: DriverOperation;
  /** Timed calls. */
  iterations: number;
  /** Untimed calls before the loop. */
  warmups: number;
  /** Force this counter (`--counter`). */
  counter?: CounterName;
  /**
   * `--no-rate-probe` (only with `counter`): skip the driver's ~20 ms busy window that measures
   * the counter's rate, because an earlier process of the same measurement already did; the
   * `meta` line then has no `hz` and the rate is taken from the trial's ticks / seconds.
   */
  skipRateProbe?: boolean;
  /** Pin the process to this CPU (`--cpu`). */
  cpu?: number;
  /** `--warm-check N`: time up to N more calls (at most ~10 ms) after the loop, reported apart (`trial.warmCheck`). */
  warmCheckCalls?: number;
  /** `--scope per-call`; `loop` (the driver's default) is not written. */
  scope?: TimingScope;
  /** `--message random`; `rule` (the driver's default) is not written. */
  message?: MessagePattern;
  /** `--offset N`, bytes past a 64-byte boundary; 0 (the driver's default) is not written. */
  alignmentOffsetBytes?: number;
  /** `--fixed-layout`: ADDR_NO_RANDOMIZE for this process (the `meta` line says `addressLayout`). */
  fixedAddressLayout?: boolean;
  /** Kill the process (SIGKILL) after this many seconds. */
  timeoutSeconds: number;
  /**
   * With `operation` only: `op-time --timeout S`, whole seconds (1 to 4294967): the driver ends a run
   * not ended S seconds after its set-up began with a TIMEOUT `error` line naming the phase. Give
   * `timeoutSeconds` a margin above it, so the driver speaks before the harness kills.
   */
  driverTimeoutSeconds?: number;
  /**
   * Called with the driver's first-call estimate (`op-time` writes it on stderr after its first
   * warm-up call when that call took a second or more), while the process still runs.
   */
  onEstimate?: (estimate: FirstCallEstimate) => void;
}

/**
 * What `op-time` says after its first warm-up call took a second or more (@ngcc-perf/native/PROTOCOL.md
 * `op-time`): the seconds of that call, the calls left in the run and the seconds they need at that pace.
 */
export interface FirstCallEstimate {
  firstCallSeconds: number;
  callsLeft: number;
  secondsLeft: number;
}

/** Arguments of one `ngcc-perf-driver clock-probe` run (@ngcc-perf/native/PROTOCOL.md). */
export interface ClockProbeArgs {
  /** Pin the probe to this CPU (`--cpu`). */
  cpu?: number;
  /** `--windows N` (1–1001; the driver's default is 21). */
  windows?: number;
  /** `--window-ms N` (1–10000; the driver's default is 50). */
  windowMs?: number;
  /** Kill the process after this many seconds. */
  timeoutSeconds: number;
}
