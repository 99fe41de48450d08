import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { classifyHost } from './classify-host.js';
import { deriveStatistics } from './derive-statistics.js';
import { readCpuQuota } from './read-cpu-quota.js';
import { readHostEnvironment } from './read-host-environment.js';
import { findDisturbances } from './internal/disturbed-trial.js';

const roots = (name: string) => {
  const root = fileURLToPath(new URL(`../test/fixtures/cgroups/${name}/`, import.meta.url));
  return { procRoot: `${root}proc`, sysRoot: `${root}sys` };
};

describe('readCpuQuota', () => {
  it('cgroup v2: the container scope\'s cpu.max "20000 100000" is 0.2 CPU', () => {
    expect(readCpuQuota(roots('v2-docker'))).toEqual({
      cgroupVersion: 2,
      cgroup: '/system.slice/docker-1.scope',
      file: '/sys/fs/cgroup/system.slice/docker-1.scope/cpu.max',
      quotaMicros: 20000,
      periodMicros: 100000,
      cpus: 0.2,
    });
  });

  it('cgroup v1: cpu.cfs_quota_us 50000 over cpu.cfs_period_us 250000 in the cpu,cpuacct mount is 0.2 CPU', () => {
    expect(readCpuQuota(roots('v1-docker'))).toEqual({
      cgroupVersion: 1,
      cgroup: '/docker/abc',
      file: '/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us',
      quotaMicros: 50000,
      periodMicros: 250000,
      cpus: 0.2,
    });
  });

  it('no limit ("max", -1) or no cgroup files: null', () => {
    expect(readCpuQuota(roots('v1-none'))).toBeNull();
    expect(readCpuQuota(roots('v2-none'))).toBeNull();
    expect(readCpuQuota({ procRoot: '/nonexistent', sysRoot: '/nonexistent' })).toBeNull();
  });
});

describe('a CPU quota is a host problem, not noise', () => {
  const TSC = { name: 'tsc', kind: 'fixed-rate' } as const;

  it.each(['v1-docker', 'v2-docker'])('%s: check-host reports cpu-quota with its value and the fix', (name) => {
    const environment = readHostEnvironment({ ...roots(name), etcRoot: '/nonexistent' });
    expect(environment.cpuQuota?.cpus).toBe(0.2);
    const problem = classifyHost(environment, TSC).problems.find((entry) => entry.code === 'cpu-quota');
    expect(problem?.message).toMatch(
      new RegExp(
        `to 0\\.2 CPU \\(\\d+ µs of every \\d+ µs, cgroup v${name === 'v1-docker' ? 1 : 2} /sys/fs/cgroup/[^:]*\\): `,
      ),
    );
    expect(problem?.message).toContain('lift the quota');
  });

  it('without a quota there is no cpu-quota problem', () => {
    const environment = readHostEnvironment({ ...roots('v2-none'), etcRoot: '/nonexistent' });
    expect(environment.cpuQuota).toBeNull();
    expect(classifyHost(environment, TSC).problems.map((entry) => entry.code)).not.toContain('cpu-quota');
  });

  it('trials under the quota are called throttled by it, never "measure on a quieter host"', () => {
    const quota = readCpuQuota(roots('v2-docker'));
    const trial = (ticks: number) => ({
      trial: {
        iterations: 1000,
        seconds: ticks / 1e9,
        ticks,
        involuntarySwitches: 40,
        voluntarySwitches: 0,
        cpuAfter: null,
      },
      baselineRssBytes: null,
      peakRssBytes: null,
    });
    const trials = [trial(1e6), trial(2e6), trial(4e6)];
    const warnings = deriveStatistics(trials, 64, { cpuQuota: quota }).warnings;
    const text = warnings.join('\n');
    expect(text).not.toContain('quieter host');
    expect(text).toContain('CFS CPU quota of 0.2 CPU');
    expect(deriveStatistics(trials, 64).warnings.join('\n')).toContain('quieter host');
    const reasons = findDisturbances(trials[0]!.trial, null, 'fixed-rate', {
      rerunOnContextSwitch: true,
      cpuQuota: quota,
    });
    expect(reasons.map((reason) => reason.message)).toEqual([
      'stopped 40 time(s) during the loop under the CFS CPU quota of 0.2 CPU (20000 µs of every 100000 µs, cgroup v2 /sys/fs/cgroup/system.slice/docker-1.scope/cpu.max)',
    ]);
  });
});
