// The sandbox row of `ngcc-perf check-host` (native/PROTOCOL.md "Sandbox", as `info` reports it).
import { describe, expect, it } from '@jest/globals';
import type { HostAssessment } from './assess-host.js';
import { describeHostAssessment } from './describe-host-assessment.js';

const HOST: HostAssessment = {
  cpu: 1,
  environment: {
    architecture: 'x86_64',
    cpuModel: 'AMD EPYC',
    logicalCpusOnline: '0-1',
    virtualized: true,
    memoryTotalKib: 24683656,
    os: 'Debian GNU/Linux 12 (bookworm)',
    kernel: '6.18.44-fc-v782',
    perfEventParanoid: 2,
    cpufreqGovernor: null,
    cpufreqMinKhz: null,
    cpufreqMaxKhz: null,
    noTurbo: null,
    boost: null,
    smtActive: false,
    loadAverage: [0.5, 0.5, 0.5],
    measuringCpu: 1,
    hypervisor: null,
    isolatedCpus: '',
    nohzFullCpus: null,
    randomizeVaSpace: 2,
    tscFlags: null,
    tscKhz: null,
    clocksource: 'tsc',
    hybridCoreType: null,
    smtSiblings: '1',
  },
  counter: { name: 'clock', kind: 'fixed-rate' },
  counters: null,
  tscHz: null,
  tscHzSource: null,
  clockProbe: null,
  problems: [],
  notes: [],
};

const row = (assessment: HostAssessment) =>
  describeHostAssessment(assessment)
    .split('\n')
    .find((line) => line.startsWith('sandbox'));

describe('the sandbox row of check-host', () => {
  it("states the mode in force and its limits (the driver's defaults: 64 MiB scratch, 4 GiB, 3600 s, 256 files)", () => {
    const sandbox = {
      mode: 'bwrap',
      requested: 'auto',
      network: 'none',
      filesystem: 'read-only except scratch',
      scratch: '/tmp/ngcc-perf-scratch',
      scratchBytes: 67108864,
      noNewPrivs: true,
      seccomp: 'x86_64',
      maxMemoryBytes: 4294967296,
      cpuSeconds: 3600,
      openFiles: 256,
      coreBytes: 0,
      bwrap: '/usr/bin/bwrap',
    } as const;
    expect(row({ ...HOST, sandbox })).toBe(
      'sandbox               bwrap: no network, read-only filesystem but /tmp/ngcc-perf-scratch (64 MiB), no new privileges, seccomp; ' +
        'address space 4096 MiB, 3600 s CPU, 256 files, no core dumps',
    );
  });

  it('says loudly when it is off or cannot be entered, and when the driver is too old to say', () => {
    expect(row({ ...HOST, sandbox: { mode: 'off', reason: '--no-sandbox' } })).toBe(
      "sandbox               OFF (--no-sandbox): candidate code runs with this user's full rights",
    );
    expect(
      row({ ...HOST, sandbox: { mode: 'unavailable', reason: 'unshare failed: Operation not permitted' } }),
    ).toMatch(
      /^sandbox {15}UNAVAILABLE: unshare failed: Operation not permitted; every library-running driver process will fail/,
    );
    expect(row(HOST)).toBe(
      'sandbox               not reported: the driver predates the sandbox; rebuild native/ with "npm run build"',
    );
  });
});
