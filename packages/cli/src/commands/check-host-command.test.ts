import { describe, expect, it } from '@jest/globals';
import { Command } from 'commander';
import { describeHostAssessment, type AssessHostOptions, type HostAssessment } from '@ngcc-perf/timing';
import { registerCheckHostCommand } from './check-host-command.js';

// A host with one problem and one note; the table's wording is timing's (describe-host-assessment.test.ts).
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
    cpuQuota: null,
  },
  counter: { name: 'clock', kind: 'fixed-rate' },
  counters: null,
  tscHz: null,
  tscHzSource: null,
  clockProbe: null,
  problems: [{ code: 'virtual-machine', message: 'running in a virtual machine (hypervisor CPU flag)' }],
  notes: [{ code: 'aslr-on', message: 'ASLR is on (kernel.randomize_va_space = 2)' }],
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
  it("prints timing's table for the CPU asked for (its wording: describe-host-assessment.test.ts); exit 1 on problems", async () => {
    const { stdout, asked, exitCode } = await runCheckHost(['--cpu', '1'], VM);
    expect(asked).toEqual([{ cpu: 1, driverPath: '/opt/ngcc/ngcc-perf-driver' }]);
    expect(exitCode).toBe(1);
    expect(stdout).toBe(describeHostAssessment(VM));
    expect(stdout).toContain('Problems (1):\n');
  });

  it('exits 0 when only notes remain, and prints JSON with --json', async () => {
    const quiet = { ...VM, problems: [] };
    const { stdout, exitCode } = await runCheckHost(['--json'], quiet);
    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout)).toEqual(JSON.parse(JSON.stringify(quiet)));
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
