import { describe, expect, it } from '@jest/globals';
import { Command } from 'commander';
import { describeHostAssessment, type AssessHostOptions, type HostAssessment } from '@ngcc-perf/timing';
import { registerCheckHostCommand } from './check-host-command.js';

// The development VM as assessHost describes it (AMD EPYC, 2 vCPUs, TSC at 2445.40 MHz, no cpufreq).
const VM: HostAssessment = {
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
    loadAverage: [1.9, 1.2, 0.8],
    measuringCpu: 1,
    hypervisor: { detectedBy: 'cpuid-flag', name: null },
    isolatedCpus: '',
    nohzFullCpus: null,
    randomizeVaSpace: 2,
    tscFlags: ['constant_tsc', 'nonstop_tsc', 'tsc_known_freq'],
    tscKhz: null,
    clocksource: 'tsc',
    hybridCoreType: null,
    smtSiblings: '1',
  },
  counter: {
    name: 'tsc',
    kind: 'fixed-rate',
    reason: 'perf_event_open(PERF_COUNT_HW_CPU_CYCLES) failed: No such file or directory',
    hz: 2445401973,
    overheadTicks: 74,
    resolutionTicks: 49,
  },
  counters: null,
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
    {
      code: 'no-core-cycle-counter',
      message:
        'no hardware cycle counter: perf_event_open(PERF_COUNT_HW_CPU_CYCLES) failed: No such file or directory; figures are TSC ticks at a fixed rate, not core cycles',
    },
    {
      code: 'virtual-machine',
      message:
        "running in a virtual machine (hypervisor CPU flag): the hypervisor can steal time and the clock is not the core's own",
    },
  ],
  notes: [
    {
      code: 'aslr-on',
      message:
        'ASLR is on (kernel.randomize_va_space = 2): every trial process gets a fresh memory layout, as SPEC §5 intends',
    },
  ],
};

async function runCheckHost(argv: string[], assessment: HostAssessment, allowed: number[] = [0, 1]) {
  const out: string[] = [];
  const asked: AssessHostOptions[] = [];
  let exitCode = -1;
  const program = new Command('ngcc-perf').exitOverride();
  registerCheckHostCommand(
    program,
    { io: { stdout: (t) => out.push(t), stderr: () => undefined }, setExitCode: (code) => (exitCode = code) },
    {
      assessHost: async (options) => (asked.push(options), assessment),
      driverPath: async () => '/opt/ngcc/ngcc-perf-driver',
      allowedCpus: () => allowed,
    },
  );
  await program.parseAsync(['check-host', ...argv], { from: 'user' });
  return { stdout: out.join(''), asked, exitCode };
}

describe('ngcc-perf check-host', () => {
  it('prints the table with the counter, the probe, and each problem and note by code; exit 1 on problems', async () => {
    const { stdout, asked, exitCode } = await runCheckHost(['--cpu', '1'], VM);
    expect(asked).toEqual([{ cpu: 1, driverPath: '/opt/ngcc/ngcc-perf-driver' }]);
    expect(exitCode).toBe(1);
    expect(stdout.split('\n').slice(0, 5)).toEqual([
      'Host check for CPU 1 (x86_64, AMD EPYC, CPUs online 0-1)',
      '',
      'counter               tsc (fixed-rate), 2445.40 MHz, a read costs 74 ticks, resolution 49 ticks',
      'why not better        perf_event_open(PERF_COUNT_HW_CPU_CYCLES) failed: No such file or directory',
      "clock probe           tsc at 2445.40 MHz, IQR 0.000010 % over 21 windows: steady (the counter's own rate, not the core clock)",
    ]);
    expect(stdout).toContain(
      'TSC                   2445.40 MHz (driver); flags constant_tsc nonstop_tsc tsc_known_freq\n',
    );
    expect(stdout).toContain('isolcpus / nohz_full  none / not exposed\n');
    expect(stdout).toContain('hypervisor            present, name unknown (cpuid-flag)\n');
    expect(stdout).toContain('Problems (2):\n  no-core-cycle-counter  no hardware cycle counter: ');
    expect(stdout).toContain('\n  virtual-machine        running in a virtual machine (hypervisor CPU flag)');
    expect(stdout).toContain('Notes (1):\n  aslr-on  ASLR is on');
  });

  it('exits 0 when only notes remain, and prints JSON with --json', async () => {
    const quiet = { ...VM, problems: [] };
    const { stdout, exitCode } = await runCheckHost(['--json'], quiet);
    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout)).toEqual(JSON.parse(JSON.stringify(quiet)));
    expect(describeHostAssessment(quiet)).toContain('Problems: none\n');
  });

  it('refuses a CPU that is not a number (CliError USAGE)', async () => {
    await expect(runCheckHost(['--cpu', 'x'], VM)).rejects.toMatchObject({
      code: 'USAGE',
      message: '--cpu expects a whole number, got "x".',
    });
  });

  it('refuses up front a CPU this process may not use (2-CPU host: --cpu 7), naming the allowed CPUs', async () => {
    await expect(runCheckHost(['--cpu', '7'], VM)).rejects.toMatchObject({
      code: 'USAGE',
      message: '--cpu 7: CPU 7 is not available to this process (allowed: 0,1). Pick a CPU from that list.',
    });
  });

  it('checks the last CPU this process may use by default (taskset 2-3: CPU 3)', async () => {
    const { asked } = await runCheckHost([], VM, [2, 3]);
    expect(asked).toEqual([{ cpu: 3, driverPath: '/opt/ngcc/ngcc-perf-driver' }]);
  });
});
