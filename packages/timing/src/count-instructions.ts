import { findValgrind, parseDriverOutput, spawnDriverProcess, type DriverProcessResult } from '@ngcc-perf/native';
import type { InstructionCount, InstructionSource } from '@ngcc-perf/record';
import { deriveInstructionFigures } from '@ngcc-perf/stats';
import { z } from 'zod';
import { resolveDriverArgument } from './internal/resolve-driver-argument.js';
import { TimingError } from './timing-error.js';

/** Which source `countInstructions` uses: `auto` takes the PMU where there is one, else valgrind. */
export type InstructionSourceChoice = 'auto' | 'pmu' | 'valgrind';

/** Options of {@link countInstructions}. */
export interface CountInstructionsOptions {
  library: string;
  digestBits: number;
  messageBytes: number;
  /** Default `auto`. */
  source?: InstructionSourceChoice;
  /** Counted calls (1–100); default {@link COUNT_INSTRUCTIONS_DEFAULTS}.calls. */
  calls?: number;
  /** Uncounted calls before them (0–100); default 1. */
  warmups?: number;
  /** The driver; default `driverPath()` of @ngcc-perf/native. */
  driverPath?: string;
  /** valgrind; default `valgrind` on PATH. */
  valgrindPath?: string;
  /** Seconds one counting process may take; default 300. */
  timeoutSeconds?: number;
  /** Starts the processes; tests pass a fake. Default: `spawnDriverProcess` of @ngcc-perf/native. */
  spawn?: typeof spawnDriverProcess;
}

/** A count, or why there is none (a library that crashes or fails is a failure here, not an exception). */
export type InstructionCountResult =
  | { status: 'complete'; count: InstructionCount }
  | { status: 'failed'; failure: string; source: InstructionSource | null };

/**
 * Defaults of {@link countInstructions}: 3 counted calls after 1 warm-up (the count does not vary,
 * so a few calls only show that it does not), 300 s per process.
 */
export const COUNT_INSTRUCTIONS_DEFAULTS = { calls: 3, warmups: 1, timeoutSeconds: 300 } as const;

const count = z.number().int().nonnegative();
const SCHEMAS = {
  'count-meta': z.object({ type: z.literal('count-meta'), source: z.enum(['pmu-instructions', 'valgrind']) }),
  count: z.object({
    type: z.literal('count'),
    source: z.enum(['pmu-instructions', 'valgrind']),
    harnessInstructions: z.array(count),
    libraryInstructions: z.array(count),
  }),
  end: z.object({ type: z.literal('end') }),
};

/** Drivers whose PMU instruction counter was found missing in this process, with the reason: `auto` asks once. */
const pmuUnavailable = new Map<string, string>();

function checkOptions(options: CountInstructionsOptions): { calls: number; warmups: number } {
  const calls = options.calls ?? COUNT_INSTRUCTIONS_DEFAULTS.calls;
  const warmups = options.warmups ?? COUNT_INSTRUCTIONS_DEFAULTS.warmups;
  const whole = (value: number, max: number) => Number.isInteger(value) && value >= 0 && value <= max;
  if (!whole(calls, 100) || calls === 0 || !whole(warmups, 100))
    throw new TimingError('INVALID_OPTIONS', `calls must be 1–100 and warmups 0–100, got ${calls} and ${warmups}`);
  if (!Number.isInteger(options.messageBytes) || options.messageBytes < 0)
    throw new TimingError('INVALID_OPTIONS', `messageBytes must be a whole number ≥ 0, got ${options.messageBytes}`);
  return { calls, warmups };
}

/** Why a counting process gave no figures, in one sentence. */
function failureOf(run: DriverProcessResult, message: string | null): string {
  if (message !== null) return message;
  if (run.startError !== null) return `the driver did not start: ${run.startError}`;
  if (run.timedOut) return 'counting did not finish in time';
  const tail = run.stderr.trim().split('\n').slice(-1)[0] ?? '';
  return `the counting process ended with ${run.signal ?? `exit code ${run.exitCode}`}${tail ? `: ${tail}` : ''}`;
}

interface Attempt {
  run: DriverProcessResult;
  /** The USAGE line's reason when the source is not available here. */
  unavailable: string | null;
  failure: string | null;
  harness: number[] | null;
  library: number[] | null;
}

async function attempt(
  options: CountInstructionsOptions,
  driver: string,
  source: 'pmu' | 'valgrind',
  valgrind: string | null,
  plan: { calls: number; warmups: number },
): Promise<Attempt> {
  const spawn = options.spawn ?? spawnDriverProcess;
  const args = ['count', options.library, String(options.digestBits), String(options.messageBytes)];
  args.push('--source', source, '--calls', String(plan.calls), '--warmups', String(plan.warmups));
  const env = valgrind === null ? { ...process.env } : { ...process.env, NGCC_PERF_VALGRIND: valgrind };
  if (valgrind === null) delete env.NGCC_PERF_VALGRIND;
  const run = await spawn(driver, args, {
    timeoutSeconds: options.timeoutSeconds ?? COUNT_INSTRUCTIONS_DEFAULTS.timeoutSeconds,
    env,
  });
  const parsed = parseDriverOutput(run.stdout, {
    source: `ngcc-perf-driver ${args.join(' ')}`,
    schemas: SCHEMAS,
    makeError: (code, message, cause) => new TimingError(code, message, { cause }),
  });
  const error = parsed.error;
  const reason = error?.['reason'];
  const unavailable = error?.code === 'USAGE' && typeof reason === 'string' && 'source' in error ? reason : null;
  const line = parsed.lines.find((entry) => entry.type === 'count');
  const base = { run, unavailable, harness: null, library: null };
  if (line === undefined || line.type !== 'count' || run.exitCode !== 0)
    return { ...base, failure: failureOf(run, error?.message ?? null) };
  const { harnessInstructions: harness, libraryInstructions: library } = line;
  const failure =
    harness.length === plan.calls && library.length === plan.calls
      ? null
      : `the driver counted ${library.length} calls, not the ${plan.calls} asked for`;
  return { ...base, failure, harness, library };
}

/**
 * Counts the instructions one `CryptHash` call executes (`ngcc-perf-driver count`, PROTOCOL.md): from
 * the PMU (`PERF_COUNT_HW_INSTRUCTIONS`, user mode) where the kernel gives one, else under valgrind's
 * callgrind with collection on for the library's calls alone — the driver's own work and the warm-up
 * calls are not counted, and the instructions of the same call sequence to an empty function are
 * taken off. The count is exact and does not depend on the host's load; it says nothing of time
 * (cache misses, latency, instructions per cycle).
 *
 * @throws {TimingError} `INVALID_OPTIONS`, `DRIVER_NOT_FOUND`, `PROTOCOL`, `DRIVER_VERSION`
 * @example
 * ```ts
 * const result = await countInstructions({ library: 'libsha512.so', digestBits: 512, messageBytes: 4096 });
 * if (result.status === 'complete') console.log(result.count.instructions, result.count.source);
 * ```
 */
export async function countInstructions(options: CountInstructionsOptions): Promise<InstructionCountResult> {
  const plan = checkOptions(options);
  const driver = await resolveDriverArgument(options.driverPath);
  const choice = options.source ?? 'auto';
  let pmuReason: string | null = null;
  let outcome: Attempt | null = null;
  let source: InstructionSource = 'pmu-instructions';
  let tool: string | null = null;
  if (choice === 'auto') pmuReason = pmuUnavailable.get(driver) ?? null;
  if (choice === 'pmu' || (choice === 'auto' && pmuReason === null)) {
    outcome = await attempt(options, driver, 'pmu', null, plan);
    pmuReason = outcome.unavailable;
    if (pmuReason !== null) pmuUnavailable.set(driver, pmuReason);
    if (choice === 'pmu' || pmuReason === null)
      return complete(outcome, source, tool, plan, options.messageBytes, 'pmu-instructions');
  }
  const valgrind = await findValgrind(options.valgrindPath);
  if (valgrind === null) {
    const why = pmuReason === null ? '' : `no PMU instruction counter (${pmuReason}) and `;
    return {
      status: 'failed',
      failure: `${why}valgrind is not on PATH: install it (Debian: apt-get install valgrind)`,
      source: null,
    };
  }
  source = 'valgrind';
  tool = valgrind.version;
  outcome = await attempt(options, driver, 'valgrind', valgrind.path, plan);
  return complete(outcome, source, tool, plan, options.messageBytes, 'valgrind');
}

function complete(
  outcome: Attempt,
  source: InstructionSource,
  tool: string | null,
  plan: { warmups: number },
  messageBytes: number,
  label: InstructionSource,
): InstructionCountResult {
  if (outcome.failure !== null || outcome.harness === null || outcome.library === null)
    return { status: 'failed', failure: outcome.failure ?? 'no count', source: label };
  const figures = deriveInstructionFigures(outcome.harness, outcome.library, messageBytes);
  return {
    status: 'complete',
    count: {
      source,
      tool,
      warmups: plan.warmups,
      harnessInstructions: outcome.harness,
      libraryInstructions: outcome.library,
      ...figures,
      seconds: outcome.run.seconds,
    },
  };
}
