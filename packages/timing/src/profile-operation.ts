import {
  parseDriverOutput,
  readLibraryDefinitions,
  spawnDriverProcess,
  type DriverProcessResult,
} from '@ngcc-perf/native';
import {
  PLACEHOLDER_PRIMITIVES,
  placeholderPrimitiveSchema,
  profileRoundSchema,
  type PlaceholderPrimitive,
  type PrimitiveProfile,
} from '@ngcc-perf/record';
import { derivePrimitiveProfile } from '@ngcc-perf/stats';
import { z } from 'zod';
import type { DriverOperation } from './driver-operation.js';
import { resolveDriverArgument } from './internal/resolve-driver-argument.js';
import { TimingError } from './timing-error.js';

/** Options of {@link profileOperation}. */
export interface ProfileOperationOptions {
  /** The public-key instance's library. */
  library: string;
  /** The operation (a `kem`, `sig` or `kex` one: `op-profile` refuses other categories). */
  operation: DriverOperation;
  /** Calls per batch (1 ≤ n); default {@link PROFILE_OPERATION_DEFAULTS}.iterations. */
  iterations?: number;
  /** Rounds (1–1000); default {@link PROFILE_OPERATION_DEFAULTS}.rounds. */
  rounds?: number;
  /** The CPU to pin the process to. */
  cpu?: number;
  /** The driver; default `driverPath()` of @ngcc-perf/native. */
  driverPath?: string;
  /** Seconds the process may take; default {@link PROFILE_OPERATION_DEFAULTS}.timeoutSeconds. */
  timeoutSeconds?: number;
  /** Starts the process; tests pass a fake. Default: `spawnDriverProcess` of @ngcc-perf/native. */
  spawn?: typeof spawnDriverProcess;
}

/** A profile, or why there is none (the library's failure is data, not an exception). */
export type ProfileOperationResult =
  { status: 'complete'; profile: PrimitiveProfile } | { status: 'failed'; failure: string };

/** The defaults of {@link profileOperation}: 7 rounds of 2 × 10 calls (the median of 7 outvotes 3 preempted rounds), 300 s at most. */
export const PROFILE_OPERATION_DEFAULTS = { iterations: 10, rounds: 7, timeoutSeconds: 300 } as const;

const count = z.number().int().nonnegative();
const SCHEMAS = {
  round: profileRoundSchema.extend({ type: z.literal('round'), round: z.number().int().positive() }),
  profile: z.object({
    type: z.literal('profile'),
    counter: z.object({ name: z.string(), overheadTicks: count.nullable() }),
    category: z.string(),
    operation: z.string(),
    iterations: z.number().int().positive(),
    rounds: z.number().int().positive(),
    readFailures: count,
    primitives: z
      .array(z.object({ name: placeholderPrimitiveSchema, origin: z.enum(['driver', 'instance']), calls: count }))
      .length(4),
  }),
  end: z.object({ type: z.literal('end') }),
};

function failureOf(run: DriverProcessResult, message: string | null): string {
  if (message !== null) return message;
  if (run.startError !== null) return `the driver did not start: ${run.startError}`;
  if (run.timedOut) return 'the profile did not finish in time';
  const tail = run.stderr.trim().split('\n').slice(-1)[0] ?? '';
  return `the profiling process ended with ${run.signal ?? `exit code ${run.exitCode}`}${tail ? `: ${tail}` : ''}`;
}

type DriverPrimitive = { name: PlaceholderPrimitive; origin: 'driver' | 'instance'; calls: number };

/**
 * The driver's origins (an exported definition, `dlsym`) completed by the library's own symbol table:
 * a primitive the driver never saw called that the library defines without exporting it (`static`,
 * hidden visibility) is the instance's own code too.
 */
async function ownDefinitions(
  library: string,
  primitives: readonly DriverPrimitive[],
): Promise<{ primitives: DriverPrimitive[]; symbolTable: NonNullable<PrimitiveProfile['symbolTable']> }> {
  const found = await readLibraryDefinitions(library);
  return {
    symbolTable: found.status,
    primitives: primitives.map((entry) =>
      found.status === 'read' && entry.origin === 'driver' && entry.calls === 0 && found.defined.has(entry.name)
        ? { ...entry, origin: 'instance' }
        : entry,
    ),
  };
}

function checked(value: number, least: number, most: number, name: string): number {
  if (!Number.isInteger(value) || value < least || value > most)
    throw new TimingError('INVALID_OPTIONS', `${name} must be a whole number from ${least} to ${most}, got ${value}`);
  return value;
}

/**
 * Where the time of a public-key operation goes: the calls of the ICCS placeholder primitives
 * (`sm3hash`, `pseudohash`, `pseudoXOF`, `get_random_number`) per call of the operation and their
 * share of its time, from one driver process of its own (`ngcc-perf-driver op-profile`, in which the
 * driver's stand-ins count; @ngcc-perf/native/PROTOCOL.md). A primitive the library defines is its
 * own code (`origin` `instance`): exported (the driver's `dlsym`), or not exported but in the
 * library's symbol table (`readLibraryDefinitions`; `symbolTable` says whether it could be read). Timed trials never load the counting
 * stand-ins, so the headline is the same with or without a profile.
 *
 * @param options - {@link ProfileOperationOptions}
 * @returns `{ status: 'complete', profile }` (exactly the record's `primitiveProfile`), or
 *   `{ status: 'failed', failure }` when the library failed, crashed or the process timed out.
 * @throws {@link TimingError} `INVALID_OPTIONS`, `DRIVER_NOT_FOUND`, `DRIVER_VERSION` or `PROTOCOL`
 *   (rebuild the driver).
 * @remarks Formulas: `derivePrimitiveProfile` of @ngcc-perf/stats; @ngcc-perf/record/docs/RUN-DIRECTORY.md.
 * @example
 * ```ts
 * const result = await profileOperation({ library: 'libkem.so', operation: { category: 'kem', name: 'dec', parameters: {} } });
 * if (result.status === 'complete') console.log(result.profile.sharesSum);
 * ```
 */
export async function profileOperation(options: ProfileOperationOptions): Promise<ProfileOperationResult> {
  const iterations = checked(options.iterations ?? PROFILE_OPERATION_DEFAULTS.iterations, 1, 2 ** 40, 'iterations');
  const rounds = checked(options.rounds ?? PROFILE_OPERATION_DEFAULTS.rounds, 1, 1000, 'rounds');
  const driver = await resolveDriverArgument(options.driverPath);
  const { operation } = options;
  const args = ['op-profile', options.library, operation.category, operation.name, String(iterations), String(rounds)];
  for (const [name, value] of Object.entries(operation.parameters)) args.push('--param', `${name}=${value}`);
  if (operation.adapterPath !== undefined) args.push('--adapter', operation.adapterPath);
  if (options.cpu !== undefined) args.push('--cpu', String(options.cpu));
  const spawn = options.spawn ?? spawnDriverProcess;
  const run = await spawn(driver, args, {
    timeoutSeconds: options.timeoutSeconds ?? PROFILE_OPERATION_DEFAULTS.timeoutSeconds,
  });
  const parsed = parseDriverOutput(run.stdout, {
    source: `ngcc-perf-driver ${args.join(' ')}`,
    schemas: SCHEMAS,
    makeError: (code, message, cause) => new TimingError(code, message, { cause }),
  });
  const roundLines = parsed.lines.flatMap((line) => (line.type === 'round' ? [line] : []));
  const profile = parsed.lines.find((line) => line.type === 'profile');
  if (run.exitCode !== 0 || profile === undefined || profile.type !== 'profile')
    return { status: 'failed', failure: failureOf(run, parsed.error?.message ?? null) };
  if (roundLines.length !== rounds)
    return {
      status: 'failed',
      failure: `the driver profiled ${roundLines.length} rounds, not the ${rounds} asked for`,
    };
  const roundFigures = roundLines.map(({ cleanTicks, profiledTicks, insideTicks, timedCalls }) => ({
    cleanTicks,
    profiledTicks,
    insideTicks,
    timedCalls,
  }));
  const own = await ownDefinitions(options.library, profile.primitives);
  const derived = derivePrimitiveProfile({
    names: PLACEHOLDER_PRIMITIVES,
    iterations,
    rounds: roundFigures,
    overheadTicks: profile.counter.overheadTicks,
    primitives: own.primitives,
  });
  return {
    status: 'complete',
    profile: {
      command: [driver, ...args],
      counter: profile.counter,
      iterations,
      rounds: roundFigures,
      readFailures: profile.readFailures,
      ...derived,
      seconds: run.seconds,
      symbolTable: own.symbolTable,
    },
  };
}
