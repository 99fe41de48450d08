import type { CountInstructionsOptions, InstructionCountResult, InstructionSourceChoice } from '@ngcc-perf/timing';
import { CliError } from '../cli-error.js';

/** The sources `time --counter instructions --instruction-source NAME` accepts. */
export const INSTRUCTION_SOURCE_CHOICES: readonly InstructionSourceChoice[] = ['auto', 'pmu', 'valgrind'];

/** `--instruction-source NAME` (or `--count-instructions NAME`) checked. */
export function parseInstructionSource(option: string, value: string): InstructionSourceChoice {
  const found = INSTRUCTION_SOURCE_CHOICES.find((name) => name === value);
  if (found === undefined)
    throw new CliError('USAGE', `${option} must be one of ${INSTRUCTION_SOURCE_CHOICES.join(', ')}, got "${value}".`);
  return found;
}

/** How a source is named to a reader: the PMU event, or valgrind's tool and version. */
export function describeInstructionSource(source: 'pmu-instructions' | 'valgrind', tool: string | null): string {
  return source === 'pmu-instructions'
    ? 'PMU, PERF_COUNT_HW_INSTRUCTIONS, user mode'
    : `callgrind (${tool ?? 'valgrind'}), the library's calls only`;
}

/** The human lines of `time --counter instructions`: the count (not time), or why there is none. */
export function renderInstructionCount(result: InstructionCountResult, messageBytes: number): string {
  if (result.status === 'failed') return `failed: instructions not counted: ${result.failure}\n`;
  const c = result.count;
  const perByte = messageBytes > 0 ? `, ${c.instructionsPerByte.toFixed(2)} per byte` : '';
  const calls = c.libraryInstructions.length;
  const exact = c.exact
    ? `every one of ${calls} counted calls the same`
    : `the counted calls differ: ${c.libraryInstructions.join(', ')} (harness ${c.harnessInstructions.join(', ')}): the median is shown`;
  return (
    `${messageBytes} B: ${c.instructions} instructions/call${perByte} — an instruction count, not time\n` +
    `source: ${describeInstructionSource(c.source, c.tool)}; ${exact}; ` +
    `the driver's own instructions around a call (${Math.min(...c.harnessInstructions)}) taken off\n` +
    `counted in ${c.seconds.toFixed(2)} s (${c.warmups} uncounted warm-up call(s) first)\n`
  );
}

/** Runs the count of `time --counter instructions` with the command's inputs. */
export function instructionCountOptions(
  library: string,
  digestBits: number,
  messageBytes: number,
  source: InstructionSourceChoice,
  driverPath: string,
): CountInstructionsOptions {
  return { library, digestBits, messageBytes, source, driverPath };
}

/** The line `run --count-instructions` ends with: the counting's share of the run's wall time. */
export function describeCountingShare(result: {
  wallSeconds: number;
  records: { instructionCountSeconds: number };
}): string {
  const counting = result.records.instructionCountSeconds;
  const share = result.wallSeconds > 0 ? (100 * counting) / result.wallSeconds : 0;
  return (
    `[ngcc-perf] instruction counting: ${counting.toFixed(1)} s of this run's ${result.wallSeconds.toFixed(1)} s ` +
    `wall time (${share.toFixed(1)} %)\n`
  );
}

/**
 * How much slower a counted call runs under callgrind (collection on for the call alone, no cache
 * simulation, its dump included) than the calibrated native call: the factor `plan` multiplies a
 * size's call time by. Measured with `node bench/callgrind-slowdown.mjs` on the 2-core VM of
 * 2026-12-02 (bundled SHA-512, SM3 and SHAKE256 at 1 MiB, count processes of 21 and 1 calls):
 * ×2 … ×26 per round, medians ×16 (9 rounds) and ×8 (15 rounds); 30 is above every round measured,
 * so the estimate stays an upper bound for such code (valgrind's manual gives 2–100× for its tools;
 * 100 overstated it 4–10×). At the guide sizes a count process's start-up, measured by `plan`, is
 * most of its time.
 */
export const CALLGRIND_SLOWDOWN = 30;

/**
 * `plan --count-instructions`: the wall seconds counting would add, one count process per size: the
 * start-up of one (measured: a count at the smallest size) plus its calls (warm-up and counted) at
 * their calibrated time, slowed by {@link CALLGRIND_SLOWDOWN} under valgrind.
 * @param measuredSeconds - wall time of the one count process run at the smallest size
 * @param callSeconds - the calibrated seconds of one call, per size
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
