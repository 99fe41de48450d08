import type { InstructionSourceChoice } from '@ngcc-perf/timing';
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
