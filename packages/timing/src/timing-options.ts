import type { ContextSwitchPolicy } from './measurement-types.js';
import type { AddressLayout, MessagePattern, TimingScope } from './trial-types.js';

/**
 * The knobs of a timing plan (guide §3.4). Every figure carries its unit in its name.
 */
export interface TimingOptions {
  /** Wanted duration of one trial's timed loop, seconds. */
  trialTargetSeconds: number;
  /** Most seconds one operation (all trials with their warm-ups) may take, per the calibration estimate. */
  budgetSeconds: number;
  /** Trials, each in its own driver process. */
  trials: number;
  /** Fewest timed calls per trial. */
  minIterations: number;
  /** Most timed calls per trial. */
  maxIterations: number;
  /** Fewest timed calls over all trials (n = trials × iterations). */
  minMeasurements: number;
}

/**
 * The defaults of guide §3.4 (the guide's method as the anchor applies it): 1 s per trial, 900 s per
 * operation, 5 trials, 20 to 20000 iterations per trial, at least 100 measurements.
 *
 * @example
 * ```ts
 * const options = { ...DEFAULT_TIMING_OPTIONS, trialTargetSeconds: 0.2 };
 * ```
 */
export const DEFAULT_TIMING_OPTIONS: Readonly<TimingOptions> = Object.freeze({
  trialTargetSeconds: 1.0,
  budgetSeconds: 900,
  trials: 5,
  minIterations: 20,
  maxIterations: 20000,
  minMeasurements: 100,
});

/** The choices of a measurement beyond the trial plan (see `MeasureOperationOptions`). */
export interface MeasurementChoices {
  /** What each trial times. */
  scope: TimingScope;
  /** The message bytes. */
  message: MessagePattern;
  /** Offset of the message from a 64-byte boundary, bytes. */
  alignmentOffsetBytes: number;
  /** The address-space layout of the driver processes. */
  addressLayout: AddressLayout;
  /** What an involuntary context switch during a trial leads to. */
  onContextSwitch: ContextSwitchPolicy;
}

/**
 * Defaults of the measurement choices: loop scope and guide §3.4's message rule (the anchor's
 * method), an aligned message, and context-switch reruns until they prove futile (the README
 * explains the choice for a shared VM).
 *
 * @example
 * ```ts
 * DEFAULT_MEASUREMENT_CHOICES.onContextSwitch; // 'rerun-until-futile'
 * ```
 */
export const DEFAULT_MEASUREMENT_CHOICES: Readonly<MeasurementChoices> = Object.freeze({
  scope: 'loop',
  message: 'rule',
  alignmentOffsetBytes: 0,
  addressLayout: 'randomized',
  onContextSwitch: 'rerun-until-futile',
});

/**
 * The guide's hash message sizes S1–S8 in bytes (guide §3.3): what a campaign measures by default.
 * Defined once, by the hash category (`@ngcc-perf/category-hash`), and re-exported here until the
 * campaign and the CLI take a hash operation's sizes from the category (https://github.com/ngcc-perf/ngcc-perf/blob/main/docs/ARCHITECTURE.md, "Categories").
 * @example
 * GUIDE_MESSAGE_SIZES_BYTES[0]; // 32 (S1)
 */
export { GUIDE_MESSAGE_SIZES_BYTES } from '@ngcc-perf/category-hash';

/** Longest message a measurement accepts: 16 MiB = 16777216 bytes (the CLI's `--bytes` limit). */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Most timed calls of one per-call trial (@ngcc-perf/native/PROTOCOL.md `--scope per-call`: an 8 MB array of readings). */
export const MAX_PER_CALL_ITERATIONS = 1_000_000;

/** Largest alignment offset accepted, bytes: the message can start anywhere in a 64-byte line. */
export const MAX_ALIGNMENT_OFFSET_BYTES = 63;

/**
 * Share of a trial's loop seconds its process may spend waiting for a CPU (the driver's
 * `runDelayNs`) before its preemptions count for a rerun: 0.5 %, a quarter of the 2 % CV limit
 * for long messages. The counter kept ticking while the process waited, so the trial's mean is
 * inflated by about this share; below it the context switch is only flagged.
 *
 * @example
 * ```ts
 * const rerun = runDelayNs / 1e9 > RUN_DELAY_RERUN_SHARE * trialSeconds;
 * ```
 */
export const RUN_DELAY_RERUN_SHARE = 0.005;
