import { formatSeconds } from '@ngcc-perf/stats';
import {
  COUNT_INSTRUCTIONS_DEFAULTS,
  countInstructions,
  type CountInstructionsOptions,
  type InstructionCountResult,
  type InstructionSourceChoice,
} from './count-instructions.js';
import { planOperation, type OperationPlan, type PlanOperationOptions } from './plan-operation.js';
import { DEFAULT_TIMING_OPTIONS } from './timing-options.js';

/** One message size of a {@link SizesPlan}. */
export interface PlannedSize {
  messageBytes: number;
  planned: OperationPlan;
}

/** What counting instructions would add to a plan: one count made at the smallest size, and the estimate for every size. */
export interface InstructionCountingEstimate {
  /** The source the count used; null when counting is not possible here. */
  source: 'pmu-instructions' | 'valgrind' | null;
  /** Wall seconds of the one count process run. */
  measuredSeconds: number | null;
  /** Wall seconds counting would add to the run, one process per size. */
  estimatedSeconds: number | null;
  /** The estimate in one sentence (without a newline). */
  text: string;
}

/** The plan of every message size of one library (`ngcc-perf plan`), nothing measured yet. */
export interface SizesPlan {
  library: string;
  digestBits: number;
  cpu: number | null;
  /** In the order asked; stops after a size whose calibration could not load the library (`LOADFAIL`). */
  sizes: PlannedSize[];
  /** With `instructionSource`: what counting would add; else null. */
  counting: InstructionCountingEstimate | null;
}

/** Options of {@link planSizes}: those of `planOperation` but the size, the sizes, and the fakes tests pass. */
export interface PlanSizesOptions extends Omit<PlanOperationOptions, 'messageBytes' | 'digestBits' | 'operation'> {
  /** The hash operation's digest length, bits (the sizes are message lengths of a hash operation). */
  digestBits: number;
  messageSizesBytes: readonly number[];
  /** Also estimate what counting instructions adds (`run --count-instructions`), from one count with this source. */
  instructionSource?: InstructionSourceChoice;
  /** Called before each size's calibration, with its process's timeout (the budget), seconds. */
  onProgress?: (event: { phase: 'calibrating'; messageBytes: number; timeoutSeconds: number }) => void;
  planOperation?: (options: PlanOperationOptions) => Promise<OperationPlan>;
  countInstructions?: (options: CountInstructionsOptions) => Promise<InstructionCountResult>;
}

/**
 * How much slower a counted call runs under callgrind (collection on for the call alone, no cache
 * simulation, its dump included) than the calibrated native call: the factor {@link planSizes}
 * multiplies a size's call time by. Measured with the repository's callgrind-slowdown benchmark (https://github.com/ngcc-perf/ngcc-perf/blob/main/bench/callgrind-slowdown.mjs) on the 2-core VM of
 * 2026-12-02 (bundled SHA-512, SM3 and SHAKE256 at 1 MiB, count processes of 21 and 1 calls):
 * ×2 … ×26 per round, medians ×16 (9 rounds) and ×8 (15 rounds); 30 is above every round measured,
 * so the estimate stays an upper bound for such code (valgrind's manual gives 2–100× for its tools;
 * 100 overstated it 4–10×). At the guide sizes a count process's start-up, measured by `plan`, is
 * most of its time.
 */
export const CALLGRIND_SLOWDOWN = 30;

/**
 * The wall seconds counting would add, one count process per size: the start-up of one (measured:
 * a count at the smallest size) plus its calls (warm-up and counted) at their calibrated time,
 * slowed by {@link CALLGRIND_SLOWDOWN} under valgrind.
 * @param measuredSeconds - wall time of the one count process run at the smallest size
 * @param callSeconds - the calibrated seconds of one call, per size
 * @param callsPerProcess - warm-up and counted calls of one count process
 */
export function estimateCountingSeconds(
  measuredSeconds: number,
  callSeconds: readonly number[],
  source: 'pmu-instructions' | 'valgrind',
  callsPerProcess: number,
): number {
  const slowdown = source === 'valgrind' ? CALLGRIND_SLOWDOWN : 1;
  return callSeconds.reduce((sum, seconds) => sum + measuredSeconds + callsPerProcess * seconds * slowdown, 0);
}

async function estimateCounting(
  options: PlanSizesOptions,
  sizes: readonly PlannedSize[],
  source: InstructionSourceChoice,
  count: (options: CountInstructionsOptions) => Promise<InstructionCountResult>,
): Promise<InstructionCountingEstimate> {
  const planned = sizes.flatMap(({ planned: p }) => (p.status === 'planned' ? [p] : []));
  const smallest = Math.min(...sizes.map((size) => size.messageBytes));
  const result = await count({
    library: options.library,
    digestBits: options.digestBits,
    messageBytes: smallest,
    source,
    ...(options.driverPath === undefined ? {} : { driverPath: options.driverPath }),
  });
  if (result.status === 'failed')
    return {
      source: null,
      measuredSeconds: null,
      estimatedSeconds: null,
      text: `instruction counting: not possible here (${result.failure})`,
    };
  const calls = COUNT_INSTRUCTIONS_DEFAULTS.calls + COUNT_INSTRUCTIONS_DEFAULTS.warmups;
  const { seconds, source: used } = result.count;
  const estimatedSeconds = estimateCountingSeconds(
    seconds,
    planned.map((p) => p.plan.planCallSeconds ?? p.plan.calibrationSeconds),
    used,
    calls,
  );
  return {
    source: used,
    measuredSeconds: seconds,
    estimatedSeconds,
    text:
      `instruction counting (${used}): about ${formatSeconds(estimatedSeconds)} more, one process per size ` +
      `(one count at ${smallest} B took ${formatSeconds(seconds)}; ${calls} calls per process` +
      `${used === 'valgrind' ? `, each taken as ${CALLGRIND_SLOWDOWN} times slower under valgrind` : ''})`,
  };
}

/**
 * Calibrates every message size of one library with one cold call each and plans its trials
 * (`planOperation`, guide §3.4), so a campaign's cost is known before anything is measured; with
 * `instructionSource`, also counts the instructions once at the smallest size and estimates what
 * counting adds. A library the driver cannot load fails every size the same way: the plan stops
 * after the first size whose calibration failed with `LOADFAIL` (and makes no count).
 * @returns the {@link SizesPlan}; a failed calibration is a `failed` size, never an exception
 * @throws {@link TimingError} for impossible options or harness problems, as `planOperation` does
 * @example
 * const plan = await planSizes({ library: 'libsha512.so', digestBits: 512, messageSizesBytes: [64, 4096], cpu: 1 });
 */
export async function planSizes(options: PlanSizesOptions): Promise<SizesPlan> {
  const {
    messageSizesBytes,
    instructionSource,
    onProgress,
    planOperation: plan = planOperation,
    countInstructions: count = countInstructions,
    ...operation
  } = options;
  const timeoutSeconds = operation.options?.budgetSeconds ?? DEFAULT_TIMING_OPTIONS.budgetSeconds;
  const sizes: PlannedSize[] = [];
  for (const messageBytes of messageSizesBytes) {
    onProgress?.({ phase: 'calibrating', messageBytes, timeoutSeconds });
    const planned = await plan({ ...operation, messageBytes });
    sizes.push({ messageBytes, planned });
    if (planned.status === 'failed' && planned.calibration.process.failure?.code === 'LOADFAIL')
      return {
        library: options.library,
        digestBits: options.digestBits,
        cpu: options.cpu ?? null,
        sizes,
        counting: null,
      };
  }
  const counting =
    instructionSource === undefined ? null : await estimateCounting(options, sizes, instructionSource, count);
  return { library: options.library, digestBits: options.digestBits, cpu: options.cpu ?? null, sizes, counting };
}
