import { CliError } from '../cli-error.js';
import { parseInteger } from '../parse-options.js';

/**
 * A CPU list in the kernel's own form, ranges of three or more folded (`0-3,6,8,9`), as
 * `Cpus_allowed_list` of /proc/self/status prints it.
 * @param cpus - CPU numbers in increasing order
 * @example
 * formatCpuList([0, 1, 2, 3, 6, 8, 9]); // '0-3,6,8,9'
 */
export function formatCpuList(cpus: readonly number[]): string {
  const parts: string[] = [];
  for (let start = 0; start < cpus.length; ) {
    let end = start;
    while (end + 1 < cpus.length && cpus[end + 1] === cpus[end]! + 1) end += 1;
    if (end - start >= 2) parts.push(`${cpus[start]}-${cpus[end]}`);
    else for (let i = start; i <= end; i += 1) parts.push(String(cpus[i]));
    start = end + 1;
  }
  return parts.join(',');
}

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
