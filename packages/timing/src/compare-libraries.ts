// Two or more libraries compared honestly in one call: at each message size their trials run in
// turns on one CPU (trial k of every library before trial k + 1 of any, as a campaign's measure
// phase runs them), each library's headline figure with its interval, and per pair the paired
// ratio of trial k with trial k, its interval and what it establishes.
import type { HostProblem } from '@ngcc-perf/record';
import { PAIRED_MINIMUM_DIFFERENCE, pairedRatio, type PairedRatio } from '@ngcc-perf/stats';
import type { RecordedHeadline } from '@ngcc-perf/record';
import type { MeasuredCounter } from './counter-types.js';
import { checkHost, type HostCheck } from './host-check.js';
import { checkComparisonOptions } from './internal/comparison-options.js';
import { InterleavedTurns } from './interleaved-turns.js';
import { measureOperation, type MeasureOperationOptions, type MeasureProgress } from './measure-operation.js';
import type { OperationMeasurement } from './measurement-types.js';
import { resolvePinning } from './cpu-affinity.js';
import type { TimingOptions } from './timing-options.js';

/** One library to compare: the same three fields as `runKat`'s `library`, `digestBits`, `name`. */
export interface ComparedLibrary {
  /** Its name in the table and the verdicts (unique among the libraries compared). */
  name: string;
  /** Path of the shared library exporting `CryptHash`. */
  library: string;
  /** Digest length in bits (a multiple of 8). */
  digestBits: number;
}

/** Options of {@link compareLibraries}. */
export interface CompareLibrariesOptions {
  /** Two or more libraries, with distinct names. */
  libraries: readonly ComparedLibrary[];
  /** Message lengths in bytes, each measured as one batch; default {@link COMPARE_LIBRARIES_DEFAULTS}. */
  messageSizesBytes?: readonly number[];
  /**
   * The trial plan of every operation (`TimingOptions`: `trials`, `trialTargetSeconds`,
   * `maxIterations`, …); defaults `DEFAULT_TIMING_OPTIONS` (5 trials of about 1 s, at most 20,000
   * calls each: a trial of a fast call at 64 B then lasts only ~1 ms, whatever the target).
   */
  options?: Partial<TimingOptions>;
  /** CPU every driver process is pinned to; default the last CPU this process may use. */
  cpu?: number | null;
  /**
   * Smallest difference a verdict reports, a fraction; default `PAIRED_MINIMUM_DIFFERENCE` of
   * @ngcc-perf/stats (1 %, below which two builds of the same code differ by code placement).
   */
  minimumDifference?: number;
  /** The host check, once for the whole comparison ({@link HostCheck}); default `warn`. */
  hostCheck?: HostCheck;
  /** Progress of every driver process, with the library and size it belongs to. */
  onProgress?: (event: MeasureProgress & { name: string; messageBytes: number }) => void;
  /** Driver path; default `driverPath()` of @ngcc-perf/native. */
  driverPath?: string;
  /** Injected runner (tests). */
  runner?: MeasureOperationOptions['runner'];
}

/** Defaults of {@link compareLibraries}: a short message and a long one. */
export const COMPARE_LIBRARIES_DEFAULTS = Object.freeze({ messageSizesBytes: Object.freeze([64, 4096]) });

/** One library at one message length. */
export interface ComparedFigure {
  name: string;
  messageBytes: number;
  status: 'complete' | 'failed';
  /** Why it failed (`measureOperation`'s `failure`); absent when complete. */
  failure?: string;
  /**
   * The headline: the median of the trial means with its order-statistic interval, per call and
   * per byte, in counter ticks (core cycles only when `counter.kind` is `core-cycles`) and its
   * exact `coverage` (0.9375 for 5 trials); null when no trial completed.
   */
  headline: RecordedHeadline | null;
  counter: MeasuredCounter | null;
  /** Everything measured (`measureOperation`'s result): the plan, every trial, the warnings. */
  measurement: OperationMeasurement;
}

/** The verdict of a pair: which needs fewer ticks per call, or that the trials cannot tell. */
export type ComparisonVerdict = 'A faster' | 'B faster' | 'cannot be told apart';

/** Two libraries at one message length, A and B in the order of `libraries`. */
export interface ComparedPair {
  messageBytes: number;
  a: string;
  b: string;
  /**
   * `pairedRatio` of @ngcc-perf/stats: the median over the rounds of (trial mean of A) / (trial
   * mean of B) — below 1, A needs fewer ticks per call — with its interval, `coverage` and `order`;
   * null when either failed.
   */
  ratio: PairedRatio | null;
  /** `A faster` when the ratio's interval lies wholly below 1 / (1 + minimumDifference), `B faster` above 1 + it. */
  verdict: ComparisonVerdict;
}

/** What {@link compareLibraries} returns. */
export interface LibraryComparison {
  /** Every library at every size, sizes in the given order, libraries in theirs. */
  figures: ComparedFigure[];
  /** Every pair (i < j) at every size. */
  pairs: ComparedPair[];
  /** The host's problems ({@link HostCheck}); null when `hostCheck` is `off`. */
  hostProblems: HostProblem[] | null;
  minimumDifference: number;
}

function verdictOf(ratio: PairedRatio | null): ComparisonVerdict {
  if (ratio === null || ratio.order === 0) return 'cannot be told apart';
  return ratio.order < 0 ? 'A faster' : 'B faster';
}

function trialsOf(measurement: OperationMeasurement): { iterations: number; ticks: number }[] {
  return measurement.processes.flatMap((process) => (process.trial === null ? [] : [process.trial]));
}

/**
 * Compares libraries as the ranking pages do, in one call. At each message size the libraries
 * form one batch measured on one CPU with their driver processes in turns (`InterleavedTurns`:
 * the calibrations, then trial 1 of each in a random order, trial 2 of each, …), so a burst of
 * load or a clock change falls on one trial of every library instead of on one library. Each
 * library gets its headline figure (the median of its trial means, with the order-statistic
 * interval for a median: minimum–maximum with 5 trials, 93.75 % coverage); each pair gets the
 * paired ratio of trial k of A over trial k of B (`pairedRatio` of @ngcc-perf/stats), whose
 * interval, narrower than the two headline intervals when the host's state moves both alike,
 * decides the verdict: "A faster", "B faster" or "cannot be told apart" (interval within 1 ± 1 %).
 *
 * A library that fails is data (`status: 'failed'`, its pairs "cannot be told apart").
 *
 * @param options - {@link CompareLibrariesOptions}.
 * @returns {@link LibraryComparison}; `formatComparison` prints it.
 * @throws {@link TimingError} `INVALID_OPTIONS` for fewer than two libraries, a repeated name or a
 *   bad option; the driver errors of `measureOperation`.
 * @remarks Method: NGCC self-assessment guide §3.4 (trials of a calibrated loop); the headline,
 *   the interleaving and the paired ratio are this package's and @ngcc-perf/stats' (README, "Method").
 * @example
 * ```js
 * const comparison = await compareLibraries({
 *   libraries: [{ name: 'a', library: 'lib/liba.so', digestBits: 256 }, { name: 'b', library: 'lib/libb.so', digestBits: 256 }],
 *   messageSizesBytes: [64], options: { trialTargetSeconds: 0.05 },
 * });
 * console.log(comparison.pairs[0].verdict); // 'A faster', 'B faster' or 'cannot be told apart'
 * ```
 */
export async function compareLibraries(options: CompareLibrariesOptions): Promise<LibraryComparison> {
  checkComparisonOptions(options);
  const sizes = options.messageSizesBytes ?? COMPARE_LIBRARIES_DEFAULTS.messageSizesBytes;
  const minimumDifference = options.minimumDifference ?? PAIRED_MINIMUM_DIFFERENCE;
  const { cpu } = resolvePinning(options.cpu);
  const figures: ComparedFigure[] = [];
  const pairs: ComparedPair[] = [];
  let counter: MeasuredCounter | null = null;
  for (const messageBytes of sizes) {
    const turns = new InterleavedTurns(options.libraries.length);
    const measurements = await Promise.all(
      options.libraries.map(async (entry, index) => {
        try {
          return await measureOperation({
            library: entry.library,
            digestBits: entry.digestBits,
            messageBytes,
            ...(options.cpu === undefined ? {} : { cpu: options.cpu }),
            takeTurn: turns.turnsOf(index),
            hostCheck: 'off',
            ...(options.options === undefined ? {} : { options: options.options }),
            ...(options.driverPath === undefined ? {} : { driverPath: options.driverPath }),
            ...(options.runner === undefined ? {} : { runner: options.runner }),
            ...(options.onProgress === undefined
              ? {}
              : { onProgress: (event) => options.onProgress?.({ ...event, name: entry.name, messageBytes }) }),
          });
        } finally {
          turns.leave(index);
        }
      }),
    );
    measurements.forEach((measurement, index) => {
      counter ??= measurement.counter;
      figures.push({
        name: options.libraries[index]!.name,
        messageBytes,
        status: measurement.status,
        ...(measurement.status === 'failed' ? { failure: measurement.failure } : {}),
        headline: measurement.derived?.headline ?? null,
        counter: measurement.counter,
        measurement,
      });
    });
    for (let i = 0; i < measurements.length; i += 1) {
      for (let j = i + 1; j < measurements.length; j += 1) {
        const [a, b] = [measurements[i]!, measurements[j]!];
        const [trialsA, trialsB] = [trialsOf(a), trialsOf(b)];
        const paired =
          a.status === 'complete' && b.status === 'complete' && trialsA.length === trialsB.length && trialsA.length > 0;
        const ratio = paired ? pairedRatio(trialsA, trialsB, minimumDifference) : null;
        const names = { a: options.libraries[i]!.name, b: options.libraries[j]!.name };
        pairs.push({ messageBytes, ...names, ratio, verdict: verdictOf(ratio) });
      }
    }
  }
  const hostProblems = checkHost(options.hostCheck ?? 'warn', counter, cpu);
  return { figures, pairs, hostProblems, minimumDifference };
}
