// The table of `ngcc-perf check-host`: the counter, the clock probe, problems and notes, and the
// sandbox row (native/PROTOCOL.md "Sandbox", as `info` reports it).
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
    cpuQuota: null,
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

// The development VM as assessHost describes it (AMD EPYC, 2 vCPUs, TSC at 2445.40 MHz, no cpufreq).
const VM: HostAssessment = {
  ...HOST,
  environment: {
    ...HOST.environment,
    hypervisor: { detectedBy: 'cpuid-flag', name: null },
    tscFlags: ['constant_tsc', 'nonstop_tsc', 'tsc_known_freq'],
  },
  counter: {
    name: 'tsc',
    kind: 'fixed-rate',
    reason: 'perf_event_open(PERF_COUNT_HW_CPU_CYCLES) failed: No such file or directory',
    hz: 2445401973,
    overheadTicks: 74,
    resolutionTicks: 49,
  },
  tscHz: 2445401973,
  tscHzSource: 'driver',
  clockProbe: {
    counter: 'tsc',
    cpu: 1,
    windowMs: 50,
    windowsHz: Array<number>(21).fill(2445402016),
    medianHz: 2445402016,
    q1Hz: 2445401976,
    q3Hz: 2445402225,
    iqrHz: 249,
    iqrRelative: 1.01823749e-7,
    steady: true,
    measures: 'counter-rate',
    involuntarySwitches: 8,
  },
  problems: [
    { code: 'no-core-cycle-counter', message: 'no hardware cycle counter: perf_event_open failed' },
    { code: 'virtual-machine', message: 'running in a virtual machine (hypervisor CPU flag)' },
  ],
  notes: [{ code: 'aslr-on', message: 'ASLR is on (kernel.randomize_va_space = 2)' }],
};

describe('the check-host table', () => {
  it('shows the counter, the probe, the TSC, the hypervisor, and each problem and note by code', () => {
    const text = describeHostAssessment(VM);
    expect(text.split('\n').slice(0, 5)).toEqual([
      'Host check for CPU 1 (x86_64, AMD EPYC, CPUs online 0-1)',
      '',
      'counter               tsc (fixed-rate), 2445.40 MHz, a read costs 74 ticks, resolution 49 ticks',
      'why not better        perf_event_open(PERF_COUNT_HW_CPU_CYCLES) failed: No such file or directory',
      "clock probe           tsc at 2445.40 MHz, IQR 0.000010 % over 21 windows: steady (the counter's own rate, not the core clock)",
    ]);
    expect(text).toContain(
      'TSC                   2445.40 MHz (driver); flags constant_tsc nonstop_tsc tsc_known_freq\n',
    );
    expect(text).toContain('isolcpus / nohz_full  none / not exposed\n');
    expect(text).toContain('hypervisor            present, name unknown (cpuid-flag)\n');
    expect(text).toContain('Problems (2):\n  no-core-cycle-counter  no hardware cycle counter: ');
    expect(text).toContain('\n  virtual-machine        running in a virtual machine (hypervisor CPU flag)');
    expect(text).toContain('Notes (1):\n  aslr-on  ASLR is on');
  });

  it('says there are no problems when there are none', () => {
    expect(describeHostAssessment({ ...VM, problems: [] })).toContain('Problems: none\n');
  });
});

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
