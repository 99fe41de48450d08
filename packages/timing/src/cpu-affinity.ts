// The CPUs a measuring process may be pinned to: the affinity mask (what Slurm, the Kubernetes CPU
// manager or taskset granted), its text forms, and the default measuring CPU of `time`, `plan` and `run`.
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

/**
 * A CPU list in the kernel's own form, ranges of three or more folded (`0-3,6,8,9`), as
 * `Cpus_allowed_list` of /proc/self/status prints it.
 * @param cpus - CPU numbers in increasing order
 * @example
 * formatCpuList([0, 1, 2, 3, 6, 8, 9]); // '0-3,6,8,9'
 */
export function formatCpuList(cpus: readonly number[]): string {
  const parts: string[] = [];
  for (let start = 0; start < cpus.length;) {
    let end = start;
    while (end + 1 < cpus.length && cpus[end + 1] === cpus[end]! + 1) end += 1;
    if (end - start >= 2) parts.push(`${cpus[start]}-${cpus[end]}`);
    else for (let i = start; i <= end; i += 1) parts.push(String(cpus[i]));
    start = end + 1;
  }
  return parts.join(',');
}

/**
 * The default measuring CPUs: the last CPU this process may run on (its affinity mask), so the
 * first CPU is left to the rest of the host. `time`, `plan` and a campaign all use it.
 * @param allowed - CPUs this process may use, increasing (default: {@link allowedCpus})
 * @example
 * defaultMeasuringCpus([0, 1]); // [1]
 */
export function defaultMeasuringCpus(allowed: readonly number[] = allowedCpus()): number[] {
  return [allowed[allowed.length - 1] ?? 0];
}

/**
 * Where the driver processes of an operation ran: the CPU they were pinned to (null: unpinned, as
 * `cpu: null` asks) and whether the caller chose it (`option`) or the default did (`default`: the
 * last CPU this process may run on, the CLI's default too).
 */
export interface CpuPinning {
  cpu: number | null;
  source: 'option' | 'default';
}

/**
 * The pinning of an operation: the caller's `cpu` (a number, or null for none), else the default
 * measuring CPU of `time`, `plan` and `run` (`defaultMeasuringCpus()`).
 * @example
 * resolvePinning(undefined); // { cpu: 1, source: 'default' } on a 2-CPU host
 */
export function resolvePinning(cpu: number | null | undefined): CpuPinning {
  return cpu === undefined ? { cpu: defaultMeasuringCpus()[0]!, source: 'default' } : { cpu, source: 'option' };
}
