import path from 'node:path';
import type { CpuQuota } from '@ngcc-perf/record';
import { readInteger, readTrimmed } from './internal/host-files.js';

/** Options of {@link readCpuQuota}; the roots let tests read fixture trees. */
export interface ReadCpuQuotaOptions {
  /** Default `/proc` (`self/cgroup` names this process's cgroups). */
  procRoot?: string;
  /** Default `/sys` (the cgroup file systems are under `fs/cgroup`). */
  sysRoot?: string;
}

/** The cgroup and each of its ancestors, deepest first, ending with `/`. */
function ancestors(cgroup: string): string[] {
  const parts = cgroup.split('/').filter((part) => part !== '' && part !== '.' && part !== '..');
  return parts.map((_, index) => `/${parts.slice(0, parts.length - index).join('/')}`).concat('/');
}

const quotaOf = (
  cgroupVersion: 1 | 2,
  cgroup: string,
  file: string,
  quotaMicros: number,
  periodMicros: number,
): CpuQuota | null =>
  quotaMicros > 0 && periodMicros > 0
    ? { cgroupVersion, cgroup, file, quotaMicros, periodMicros, cpus: quotaMicros / periodMicros }
    : null;

/** cgroup v2: `cpu.max` holds `max PERIOD` (no limit) or `QUOTA PERIOD`, microseconds. */
function v2Quotas(cgroupRoot: string, cgroup: string): CpuQuota[] {
  const found: CpuQuota[] = [];
  for (const mount of ['', 'unified']) {
    for (const group of ancestors(cgroup)) {
      const file = path.posix.join('/sys/fs/cgroup', mount, group, 'cpu.max');
      const match = /^(\d+)\s+(\d+)$/.exec(readTrimmed(path.join(cgroupRoot, mount, group, 'cpu.max')) ?? '');
      const quota = match === null ? null : quotaOf(2, group, file, Number(match[1]), Number(match[2]));
      if (quota !== null) found.push(quota);
    }
  }
  return found;
}

/** cgroup v1: `cpu.cfs_quota_us` (-1: no limit) over `cpu.cfs_period_us` in the `cpu` controller's mount. */
function v1Quotas(cgroupRoot: string, controllers: string, cgroup: string): CpuQuota[] {
  const found: CpuQuota[] = [];
  for (const mount of new Set([controllers, 'cpu,cpuacct', 'cpu'])) {
    for (const group of ancestors(cgroup)) {
      const directory = path.join(cgroupRoot, mount, group);
      const quotaMicros = readInteger(path.join(directory, 'cpu.cfs_quota_us'));
      const periodMicros = readInteger(path.join(directory, 'cpu.cfs_period_us'));
      const file = path.posix.join('/sys/fs/cgroup', mount, group, 'cpu.cfs_quota_us');
      const quota =
        quotaMicros === null || periodMicros === null ? null : quotaOf(1, group, file, quotaMicros, periodMicros);
      if (quota !== null) found.push(quota);
    }
  }
  return found;
}

/**
 * The CFS bandwidth limit (CPU quota) on this process's cgroup or any of its ancestors, as
 * containers (`docker --cpus`) and systemd (`CPUQuota=`) set it: cgroup v2 `cpu.max`, cgroup v1
 * `cpu.cfs_quota_us` / `cpu.cfs_period_us`. When several levels set one, the tightest (fewest
 * CPUs) is returned. Under a quota below one CPU the kernel stops the measuring process for the
 * rest of every period once it used its quota: every call is slower, and the stops count as
 * involuntary context switches. Reads files only.
 *
 * @param options - {@link ReadCpuQuotaOptions}.
 * @returns the {@link CpuQuota} (`cpus` = quota / period), or null when no level sets one or the
 *   files cannot be read.
 * @throws nothing.
 * @remarks Source: the kernel's Documentation/scheduler/sched-bwc.rst and
 *   Documentation/admin-guide/cgroup-v2.rst ("cpu.max"); `/proc/self/cgroup` (cgroups(7)).
 * @example
 * ```ts
 * const quota = readCpuQuota();
 * if (quota !== null) console.warn(`limited to ${quota.cpus} CPU by ${quota.file}`);
 * ```
 */
export function readCpuQuota(options: ReadCpuQuotaOptions = {}): CpuQuota | null {
  const procRoot = options.procRoot ?? '/proc';
  const cgroupRoot = path.join(options.sysRoot ?? '/sys', 'fs/cgroup');
  const found: CpuQuota[] = [];
  for (const line of (readTrimmed(path.join(procRoot, 'self/cgroup')) ?? '').split('\n')) {
    const match = /^(\d+):([^:]*):(.*)$/.exec(line.trim());
    if (match === null) continue;
    const [, id, controllers = '', cgroup = '/'] = match;
    if (id === '0' && controllers === '') found.push(...v2Quotas(cgroupRoot, cgroup));
    else if (controllers.split(',').includes('cpu')) found.push(...v1Quotas(cgroupRoot, controllers, cgroup));
  }
  return found.reduce<CpuQuota | null>(
    (tightest, quota) => (tightest === null || quota.cpus < tightest.cpus ? quota : tightest),
    null,
  );
}
