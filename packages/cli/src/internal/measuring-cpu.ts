import { formatCpuList } from '@ngcc-perf/timing';
import { CliError } from '../cli-error.js';
import { parseInteger } from '../parse-options.js';

/**
 * Parses `--cpu N` and checks it up front against the CPUs this process may run on, so a
 * command never starts a driver that would only fail to pin itself.
 * @param value - the text after `--cpu`
 * @param allowed - the CPUs this process may use (`allowedCpus()`: Cpus_allowed_list), increasing
 * @returns the CPU number
 * @throws {@link CliError} `USAGE` when the value is not a whole number, or names a CPU outside
 *   `allowed` (the message lists the allowed CPUs).
 * @example
 * parseMeasuringCpu('1', [0, 1]); // 1
 * parseMeasuringCpu('7', [0, 1]); // throws: --cpu 7: CPU 7 is not available to this process (allowed: 0,1). …
 */
export function parseMeasuringCpu(value: string, allowed: readonly number[]): number {
  const cpu = parseInteger('--cpu', value, 0, 4095);
  if (!allowed.includes(cpu)) {
    throw new CliError(
      'USAGE',
      `--cpu ${value}: CPU ${cpu} is not available to this process (allowed: ${formatCpuList(allowed)}). Pick a CPU from that list.`,
    );
  }
  return cpu;
}
