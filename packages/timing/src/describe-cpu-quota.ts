import type { CpuQuota } from '@ngcc-perf/record';

/** The quota's figures as a reader checks them: `0.2 CPU (20000 µs of every 100000 µs, cgroup v2 /sys/fs/cgroup/x/cpu.max)`. */
export function cpuQuotaFigures(quota: CpuQuota): string {
  const cpus = Number(quota.cpus.toFixed(3));
  return `${cpus} CPU (${quota.quotaMicros} µs of every ${quota.periodMicros} µs, cgroup v${quota.cgroupVersion} ${quota.file})`;
}

/**
 * The host problem sentence of a CFS CPU quota: its value, what it does to the figures, and the fix.
 *
 * @param quota - from `readCpuQuota`.
 * @returns one sentence.
 * @throws nothing.
 * @remarks Source: the kernel's Documentation/scheduler/sched-bwc.rst.
 * @example
 * ```ts
 * describeCpuQuota({ cgroupVersion: 2, cgroup: '/', file: '/sys/fs/cgroup/cpu.max', quotaMicros: 20000, periodMicros: 100000, cpus: 0.2 });
 * // 'a CFS CPU quota limits this process's cgroup to 0.2 CPU (…): …'
 * ```
 */
export function describeCpuQuota(quota: CpuQuota): string {
  const effect =
    quota.cpus < 1
      ? `once a trial used ${quota.quotaMicros} µs of a ${quota.periodMicros} µs period the kernel stops it for the rest, so every call looks slower and every trial preempted`
      : 'the kernel stops the processes of this cgroup whenever together they exceed it, so a trial can look slower and preempted';
  return (
    `a CFS CPU quota limits this process's cgroup to ${cpuQuotaFigures(quota)}: ${effect}, whatever else runs on the host; ` +
    'lift the quota (docker --cpus, systemd CPUQuota=, cpu.max) or measure outside this cgroup'
  );
}
