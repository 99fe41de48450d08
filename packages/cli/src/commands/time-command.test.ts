import { describe, expect, it } from '@jest/globals';
import { Command } from 'commander';
import type { CallMemoryResult, MeasureCallMemoryOptions } from '@ngcc-perf/rss';
import {
  deriveStatistics,
  type CountInstructionsOptions,
  type InstructionCountResult,
  type MeasurementPlan,
  type MeasureOperationOptions,
  type OperationMeasurement,
  type TrialProcess,
} from '@ngcc-perf/timing';
import { registerTimeCommand, type TimeDependencies } from './time-command.js';

// OpenSSL's EVP SHA-512 at 16384 B on the development VM: a 1.89 ms cold call (provider fetch),
// then 100 warm calls of 32.0 µs. Planned from the warm calls: ⌈1 s / 32 µs⌉ = 31250 calls,
// capped at 20000; 3 warm-ups (t1 < 50 ms); each trial's loop then lasts 20000 × 32 µs = 0.640 s.
const PLAN: MeasurementPlan = {
  trialTargetSeconds: 1,
  budgetSeconds: 900,
  calibrationSeconds: 0.00189,
  warmCallSeconds: 0.000032,
  planCallSeconds: 0.000032,
  calibrationBasis: 'warm-calls',
  iterationsPerTrial: 20000,
  warmups: 3,
  trials: 5,
  estimatedSeconds: 5 * 20003 * 0.000032 + 5 * (0.00189 - 0.000032),
  timeoutPerProcessSeconds: 60,
  scope: 'loop',
  message: 'rule',
  alignmentOffsetBytes: 0,
  addressLayout: 'randomized',
  onContextSwitch: 'rerun-until-futile',
  coreClockHz: null,
};
const TSC_HZ = 2445.4e6;

function process(trial: TrialProcess['trial'], failure?: TrialProcess['failure']): TrialProcess {
  return {
    command: [],
    cpu: 1,
    exitCode: failure === undefined ? 0 : 5,
    wallSeconds: 0.7,
    attempts: 1,
    baselineRssBytes: null,
    peakRssBytes: null,
    trial,
    ...(failure === undefined ? {} : { failure }),
  };
}
const figures = (iterations: number, seconds: number) => ({
  iterations,
  seconds,
  ticks: Math.round(seconds * TSC_HZ),
  involuntarySwitches: 0,
  voluntarySwitches: 0,
  cpuAfter: 1,
});
const CALIBRATION = process({
  ...figures(1, 0.00189),
  warmCheck: { iterations: 100, seconds: 0.0032, ticks: Math.round(0.0032 * TSC_HZ) },
});
const TRIAL_SECONDS = [0.64, 0.641, 0.6398, 0.64, 0.6406];
const TRIALS = TRIAL_SECONDS.map((seconds) => process(figures(20000, seconds)));

// 32 µs per call: 32e-6 × 2445.4 MHz = 78252.8 ticks, 78252.8 / 16384 = 4.776 per byte, 16384 B / 32 µs = 512.0 MB/s.
const COMPLETE = {
  status: 'complete',
  plan: PLAN,
  counter: { name: 'tsc', kind: 'fixed-rate', hz: TSC_HZ },
  calibration: CALIBRATION,
  processes: TRIALS,
  disturbedRetries: 0,
  startedUtc: '2025-01-01T00:00:00.000Z',
  endedUtc: '2025-01-01T00:00:04.000Z',
  loadAverageStart: [0, 0, 0],
  loadAverageEnd: [0, 0, 0],
  derived: {
    meanCycles: 78252.8,
    cyclesPerByte: 78252.8 / 16384,
    meanSeconds: 0.000032,
    megabytesPerSecond: 512,
    n: 100000,
    cv: 0.001,
  },
} as unknown as OperationMeasurement;

const MEMORY: CallMemoryResult = {
  status: 'complete',
  memory: { stackHighWaterBytes: 1200, heapPeakBytes: 0, heapAllocations: 0, operationPeakBytes: 0 } as never,
  stackBytesProvided: 1 << 20,
  heapBookkeepingNote: '',
  wallSeconds: 0.01,
};

interface Fakes {
  measured?: OperationMeasurement;
  counted?: InstructionCountResult;
  allowed?: number[];
  checkLibrary?: (library: string) => Promise<void>;
}

async function runTime(argv: string[], fakes: Fakes = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const asked: MeasureOperationOptions[] = [];
  const memoryAsked: MeasureCallMemoryOptions[] = [];
  const countAsked: CountInstructionsOptions[] = [];
  let exitCode = 0;
  const measured = fakes.measured ?? COMPLETE;
  const dependencies: TimeDependencies = {
    measureOperation: async (options) => {
      asked.push(options);
      options.onProgress?.({
        phase: 'calibration',
        trial: 0,
        trials: measured.plan?.trials ?? 0,
        attempt: 1,
        process: measured.calibration,
        disturbedReasons: [],
        rerun: false,
      });
      measured.processes.forEach((p, index) =>
        options.onProgress?.({
          phase: 'trial',
          trial: index + 1,
          trials: measured.plan?.trials ?? 0,
          attempt: 1,
          process: p,
          disturbedReasons: [],
          rerun: false,
        }),
      );
      return measured;
    },
    measureCallMemory: async (options) => (memoryAsked.push(options), MEMORY),
    countInstructions: async (options) => (
      countAsked.push(options),
      fakes.counted ?? { status: 'failed', failure: 'not faked', source: null }
    ),
    driverPath: async () => '/opt/ngcc/ngcc-perf-driver',
    allowedCpus: () => fakes.allowed ?? [0, 1],
    checkLibrary: fakes.checkLibrary ?? (async () => undefined),
  };
  const program = new Command('ngcc-perf').exitOverride();
  registerTimeCommand(
    program,
    { io: { stdout: (t) => out.push(t), stderr: (t) => err.push(t) }, setExitCode: (code) => (exitCode = code) },
    dependencies,
  );
  await program.parseAsync(['time', ...argv], { from: 'user' });
  return { stdout: out.join(''), stderr: err.join(''), asked, memoryAsked, countAsked, exitCode };
}

const OSSL = ['lib/libossl.so', '--digest-bits', '512', '--bytes', '16384'];

describe('ngcc-perf time --counter instructions (injected count)', () => {
  const COUNTED: InstructionCountResult = {
    status: 'complete',
    count: {
      source: 'valgrind',
      tool: 'valgrind-3.19.0',
      warmups: 1,
      harnessInstructions: [19, 19, 19],
      libraryInstructions: [170415, 170415, 170415],
      instructions: 170396,
      instructionsPerByte: 170396 / 16384,
      exact: true,
      seconds: 0.68,
    },
  };

  it('counts instead of timing: no trial, no memory process; the figure is labelled as a count with its source', async () => {
    const run = await runTime([...OSSL, '--counter', 'instructions'], { counted: COUNTED });
    expect(run.asked).toEqual([]);
    expect(run.memoryAsked).toEqual([]);
    expect(run.countAsked).toEqual([
      {
        library: 'lib/libossl.so',
        digestBits: 512,
        messageBytes: 16384,
        source: 'auto',
        driverPath: '/opt/ngcc/ngcc-perf-driver',
      },
    ]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout.split('\n')).toEqual([
      '16384 B: 170396 instructions/call, 10.40 per byte — an instruction count, not time',
      "source: callgrind (valgrind-3.19.0), the library's calls only; every one of 3 counted calls the same; " +
        "the driver's own instructions around a call (19) taken off",
      'counted in 0.68 s (1 uncounted warm-up call(s) first)',
      '',
    ]);
  });

  it('--instruction-source is passed on; a failed count exits 3; the option alone is bad input', async () => {
    const failed = await runTime([...OSSL, '--counter', 'instructions', '--instruction-source', 'pmu', '--json']);
    expect(failed.countAsked[0]?.source).toBe('pmu');
    expect(failed.exitCode).toBe(3);
    expect(JSON.parse(failed.stdout)).toMatchObject({ messageBytes: 16384, status: 'failed', failure: 'not faked' });
    await expect(runTime([...OSSL, '--instruction-source', 'pmu'])).rejects.toThrow(/goes with --counter instructions/);
    await expect(runTime([...OSSL, '--counter', 'instructions', '--instruction-source', 'x'])).rejects.toThrow(
      /auto, pmu, valgrind/,
    );
  });
});

describe('ngcc-perf time (injected measurement)', () => {
  it('says on stderr what runs, one line per process, and on stdout how the trials were planned and how long they ran', async () => {
    const { stdout, stderr, exitCode } = await runTime([...OSSL, '--cpu', '1']);
    expect(exitCode).toBe(0);
    expect(stderr.split('\n')).toEqual([
      '[ngcc-perf] calibrating 16384 B (one cold call; a process is killed after 900 s)',
      '[ngcc-perf] calibration: cold call 1.89 ms, then 100 warm calls of 32 µs each; 5 trial(s) to run',
      '[ngcc-perf] trial 1/5: 640 ms timed loop of 20000 calls on CPU 1',
      '[ngcc-perf] trial 2/5: 641 ms timed loop of 20000 calls on CPU 1',
      '[ngcc-perf] trial 3/5: 640 ms timed loop of 20000 calls on CPU 1',
      '[ngcc-perf] trial 4/5: 640 ms timed loop of 20000 calls on CPU 1',
      '[ngcc-perf] trial 5/5: 641 ms timed loop of 20000 calls on CPU 1',
      '[ngcc-perf] memory of one call (one more process; killed after 60 s)',
      '',
    ]);
    expect(stdout.split('\n')).toEqual([
      '16384 B: 78252.8 tsc ticks (not core cycles)/call, 4.78 per byte, 32.000 µs, 512.0 MB/s, n = 100000',
      'plan: 5 trials × 20000 calls (+3 warm-ups), from the warm calls (32 µs each) after a 1.89 ms cold call (one-time set-up or cold caches)',
      'trials: 640 ms, 641 ms, 640 ms, 640 ms, 641 ms of timed loop, target 1 s',
      'pinned: every process on CPU 1 (--cpu)',
      'memory of one call: stack high-water 1200 B, heap peak 0 B in 0 allocations, operation peak 0 B',
      '',
    ]);
  });

  it('without --cpu pins every process to the last allowed CPU, as run does, and says which (it left them unpinned)', async () => {
    const { stdout, asked, memoryAsked } = await runTime(OSSL, { allowed: [2, 3, 5] });
    expect(asked[0]?.cpu).toBe(5);
    expect(memoryAsked[0]?.cpu).toBe(5);
    expect(stdout).toContain(
      'pinned: every process on CPU 5 (default: the last of the CPUs this process may use, 2,3,5; --cpu N to choose)\n',
    );
    const json = JSON.parse((await runTime([...OSSL, '--json'], { allowed: [0, 1] })).stdout);
    expect([json.cpu, json.cpuSource]).toEqual([1, 'default']);
  });

  it('disturbed trials are warned about in the text, under --quiet, and in --json "warnings" (they were silent)', async () => {
    // A busy loop on the measuring CPU: trial 2 kept after 3 disturbed attempts (63.4 % of its loop
    // waiting for a CPU), 2 attempts discarded; trial 4 preempted within the limit (flagged only).
    const waited = {
      code: 'context-switch' as const,
      message:
        'preempted 812 time(s) during the loop, waiting 406 ms for a CPU (63.4 % of the loop): above the 0.5 % limit',
      rerun: true,
    };
    const flagged = {
      code: 'context-switch' as const,
      message:
        'preempted 1 time(s) during the loop, waiting 0.100 ms for a CPU (0.02 % of the loop): within the 0.5 % limit, kept',
      rerun: false,
    };
    const processes = TRIALS.map((p, index) =>
      index === 1
        ? {
            ...p,
            attempts: 3,
            disturbed: true as const,
            disturbedReasons: [waited],
            rerunStopped: 'max-attempts' as const,
          }
        : index === 3
          ? { ...p, disturbedReasons: [flagged] }
          : p,
    );
    const derived = deriveStatistics(
      processes.map((p) => ({ ...p, trial: p.trial! })),
      16384,
    );
    const measured = { ...COMPLETE, processes, derived, disturbedRetries: 2 } as OperationMeasurement;
    const expected = [
      '2 disturbed trial attempt(s) were discarded and rerun',
      'trial 2 was kept although disturbed (context-switch): all 3 attempts were disturbed',
      '1 of 5 trials had involuntary context switches during the timed loop (flagged, not rerun)',
    ];
    expect(derived.warnings).toEqual(expected.slice(1));
    const quiet = await runTime([...OSSL, '--quiet'], { measured });
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout.split('\n').slice(1, 4)).toEqual(expected.map((warning) => `warning: ${warning}`));
    expect(JSON.parse((await runTime([...OSSL, '--json', '--quiet'], { measured })).stdout).warnings).toEqual(expected);
    expect(JSON.parse((await runTime([...OSSL, '--json'])).stdout).warnings).toEqual([]);
  });

  it('--json keeps stdout to the JSON, which adds calibrationBasis and warmCallSeconds; --quiet silences stderr', async () => {
    const { stdout, stderr } = await runTime([...OSSL, '--json', '--quiet']);
    expect(stderr).toBe('');
    const json = JSON.parse(stdout);
    expect(json).toMatchObject({
      status: 'complete',
      calibrationBasis: 'warm-calls',
      calibrationSeconds: 0.00189,
      warmCallSeconds: 0.000032,
      planCallSeconds: 0.000032,
      n: 100000,
    });
    expect(json.plan).toEqual(PLAN);
    expect(json.trials.map((t: { seconds: number }) => t.seconds)).toEqual(TRIAL_SECONDS);
  });

  it('--budget goes to the plan and caps the calibration and memory processes', async () => {
    const { stderr, asked, memoryAsked } = await runTime([...OSSL, '--budget', '2']);
    expect(asked[0]?.options).toEqual({ budgetSeconds: 2 });
    expect(memoryAsked[0]?.timeoutSeconds).toBe(2);
    expect(stderr).toContain('[ngcc-perf] calibrating 16384 B (one cold call; a process is killed after 2 s)\n');
    await expect(runTime([...OSSL, '--budget', '0'])).rejects.toMatchObject({
      code: 'USAGE',
      message: '--budget expects a positive number, got "0".',
    });
  });

  it("--counter forces the driver's counter (e.g. cntvct where the driver would pass it over), --fixed-layout asks for one layout; an unknown counter is bad input", async () => {
    const { asked } = await runTime([...OSSL, '--counter', 'cntvct']);
    expect(asked[0]?.counter).toBe('cntvct');
    const { asked: unforced } = await runTime(OSSL);
    expect(unforced[0]?.counter).toBeUndefined();
    expect(unforced[0]?.addressLayout).toBeUndefined();
    const { asked: fixed } = await runTime([...OSSL, '--fixed-layout']);
    expect(fixed[0]?.addressLayout).toBe('fixed');
    await expect(runTime([...OSSL, '--counter', 'cycles'])).rejects.toMatchObject({
      code: 'USAGE',
      message: '--counter must be one of pmu-cycles, tsc, tscp, cntvct, clock, instructions, got "cycles".',
    });
  });

  it('says a batch calibration and a fixed --iterations for what they are', async () => {
    // 0.4 µs calls: a batch of 1000 took 400 µs; --iterations 50 fixes the calls per trial.
    const plan = {
      ...PLAN,
      calibrationSeconds: 4e-7,
      warmCallSeconds: null,
      planCallSeconds: 4e-7,
      calibrationBasis: 'batch',
      iterationsPerTrial: 50,
      trials: 2,
    };
    const measured = {
      ...COMPLETE,
      plan,
      calibration: process(figures(1000, 0.0004)),
      processes: [process(figures(50, 2.1e-5)), process(figures(50, 2e-5))],
    } as OperationMeasurement;
    const { stdout } = await runTime(
      ['lib/x.so', '--digest-bits', '256', '--bytes', '32', '--iterations', '50', '--trials', '2'],
      { measured },
    );
    expect(stdout).toContain(
      'plan: 2 trials × 50 calls (+3 warm-ups), calls per trial fixed by --iterations, warm-ups planned from a batch of 1000 calls, 400 ns each (one call is too short to time alone)\n',
    );
    expect(stdout).toContain('trials: 21 µs, 20 µs of timed loop\n');
  });

  it('a library that loads and then crashes stays a measured failure: exit 3, memory still measured', async () => {
    const failure = { code: 'CRASH' as const, message: 'killed by SIGSEGV' };
    const measured = {
      ...COMPLETE,
      status: 'failed',
      failure: 'calibration: CRASH — killed by SIGSEGV',
      plan: null,
      counter: null,
      derived: null,
      processes: [],
      calibration: process(null, failure),
    } as unknown as OperationMeasurement;
    const { stdout, stderr, exitCode, memoryAsked } = await runTime(OSSL, { measured });
    expect(exitCode).toBe(3);
    expect(stderr).toContain('[ngcc-perf] calibration failed: CRASH — killed by SIGSEGV\n');
    expect(stdout.split('\n')[0]).toBe('failed: calibration: CRASH — killed by SIGSEGV');
    expect(memoryAsked).toHaveLength(1);
  });

  it('a library the driver cannot load (LOADFAIL) is bad input: one USAGE line with the reason (timeOperation runs no memory process for it: time-operation.test.ts)', async () => {
    const failure = {
      code: 'LOADFAIL' as const,
      message:
        'exit code 5: cannot load lib/x.so (lib/x.so: file too short): pass the path of a shared library built for this machine with -fPIC -shared whose dependencies resolve (check with ldd)',
    };
    const measured = {
      ...COMPLETE,
      status: 'failed',
      failure: `calibration: LOADFAIL — ${failure.message}`,
      plan: null,
      counter: null,
      derived: null,
      processes: [],
      calibration: process(null, failure),
    } as unknown as OperationMeasurement;
    await expect(runTime(['lib/x.so', '--digest-bits', '256', '--bytes', '3'], { measured })).rejects.toMatchObject({
      code: 'USAGE',
      message:
        'lib/x.so: the driver cannot load it (LOADFAIL): cannot load lib/x.so (lib/x.so: file too short): pass the path of a shared library built for this machine with -fPIC -shared whose dependencies resolve (check with ldd)',
    });
  });

  it('refuses a --cpu this process may not use and a path that is not a library before anything runs', async () => {
    await expect(runTime([...OSSL, '--cpu', '7'])).rejects.toMatchObject({
      code: 'USAGE',
      message: '--cpu 7: CPU 7 is not available to this process (allowed: 0,1). Pick a CPU from that list.',
    });
    const refusal = new Error('/nonexistent.so: no such file.');
    await expect(
      runTime(['/nonexistent.so', '--digest-bits', '256', '--bytes', '3'], {
        checkLibrary: async () => Promise.reject(refusal),
      }),
    ).rejects.toBe(refusal);
  });
});
