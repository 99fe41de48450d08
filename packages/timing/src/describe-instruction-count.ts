import type { InstructionSource } from '@ngcc-perf/record';
import type { InstructionCountResult } from './count-instructions.js';

/**
 * How an instruction-count source is named to a reader: the PMU event, or valgrind's tool and version.
 * @example
 * describeInstructionSource('valgrind', 'valgrind-3.22.0'); // "callgrind (valgrind-3.22.0), the library's calls only"
 */
export function describeInstructionSource(source: InstructionSource, tool: string | null): string {
  return source === 'pmu-instructions'
    ? 'PMU, PERF_COUNT_HW_INSTRUCTIONS, user mode'
    : `callgrind (${tool ?? 'valgrind'}), the library's calls only`;
}

/**
 * The human lines of `ngcc-perf time --counter instructions`: the instructions per call and per byte
 * (an exact count, not time), its source, whether every counted call agreed, the driver's own
 * instructions taken off and the counting's duration; or why there is no count.
 * @param result - what `countInstructions` returned
 * @param messageBytes - L, bytes (no per-byte figure for 0)
 * @returns lines, each with its newline
 */
export function describeInstructionCount(result: InstructionCountResult, messageBytes: number): string {
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
