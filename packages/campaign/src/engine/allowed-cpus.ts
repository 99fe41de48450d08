import { readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * Parses a Linux CPU list (`0-3,6,8-9`) into CPU numbers.
 * @returns the CPUs in increasing order, or null when the text is not a CPU list
 * @example
 * parseCpuListText('0-2,5'); // [0, 1, 2, 5]
 */
export function parseCpuListText(text: string): number[] | null {
  const cpus = new Set<number>();
  for (const part of text.trim().split(',')) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (match === null) return null;
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    if (last < first) return null;
    for (let cpu = first; cpu <= last; cpu += 1) cpus.add(cpu);
  }
  return [...cpus].sort((a, b) => a - b);
}

/**
 * The CPUs this process may run on: `Cpus_allowed_list` of `/proc/self/status` (what Slurm,
 * Kubernetes CPU manager or taskset granted), else every CPU Node sees.
 * @example
 * allowedCpus(); // [0, 1]
 */
export function allowedCpus(statusText?: string): number[] {
  let text = statusText;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/self/status', 'utf8');
    } catch {
      text = '';
    }
  }
  const line = /^Cpus_allowed_list:\s*(.+)$/m.exec(text);
  const parsed = line === null ? null : parseCpuListText(line[1]!);
  return parsed ?? Array.from({ length: os.availableParallelism() }, (_, i) => i);
}
