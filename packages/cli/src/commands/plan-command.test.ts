import { describe, expect, it } from '@jest/globals';
import { Command } from 'commander';
import type { InstructionCountResult, MeasurementPlan, OperationPlan, PlanOperationOptions } from '@ngcc-perf/timing';
import { registerPlanCommand } from './plan-command.js';

/** A planned size as planOperation returns it, from t1 and the plan figures (guide §3.4 rules). */
function planned(
  calibrationSeconds: number,
  iterationsPerTrial: number,
  warmups: number,
  timeoutPerProcessSeconds = 60,
  warmCallSeconds?: number,
): OperationPlan {
  const planCallSeconds = warmCallSeconds ?? calibrationSeconds;
  const plan: MeasurementPlan = {
    trialTargetSeconds: 1,
    budgetSeconds: 900,
    calibrationSeconds,
    iterationsPerTrial,
    warmups,
    trials: 5,
    warmCallSeconds: warmCallSeconds ?? null,
    planCallSeconds,
    calibrationBasis: warmCallSeconds === undefined ? 'first-call' : 'warm-calls',
    estimatedSeconds: 5 * (iterationsPerTrial + warmups) * planCallSeconds,
    timeoutPerProcessSeconds,
    scope: 'loop',
    message: 'rule',
    alignmentOffsetBytes: 0,
    addressLayout: 'randomized',
    onContextSwitch: 'rerun-until-futile',
    coreClockHz: null,
  };
  // 2 ms of process start-up per trial on top of the loops.
  return {
    status: 'planned',
    plan,
    estimatedWallSeconds: plan.estimatedSeconds + 5 * 0.002,
    calibration: {} as never,
    pinning: { cpu: 1, source: 'option' },
  };
}
/** A failed calibration whose process failed with `code` (the driver's exit-code name). */
function failed(code: 'CRASH' | 'LOADFAIL', message: string): OperationPlan {
  const process = {
    command: [],
    cpu: null,
    exitCode: code === 'LOADFAIL' ? 5 : null,
    wallSeconds: 0.01,
    attempts: 1,
    baselineRssBytes: null,
    peakRssBytes: null,
    trial: null,
    failure: { code, message },
  };
  return {
    status: 'failed',
    failure: `calibration: ${code} — ${message}`,
    plan: null,
    calibration: { status: 'failed', failure: `calibration: ${code} — ${message}`, process, meta: null },
    pinning: { cpu: 1, source: 'option' },
  };
}
const FAILED = failed('CRASH', 'the driver died of SIGSEGV inside the library');
// The driver's own LOADFAIL sentence for a file that is ELF but not loadable (native/driver/library.c).
const LOADFAIL = failed(
  'LOADFAIL',
  'exit code 5: no symbol CryptHash in lib/libno_symbol.so (lib/libno_symbol.so: undefined symbol: CryptHash): the library must export `int CryptHash(int, const unsigned char*, unsigned long long, unsigned char*)` with C linkage (check with nm -D)',
);

async function runPlan(
  argv: string[],
  answers: Record<number, OperationPlan>,
  checkLibrary: (library: string) => Promise<void> = async () => undefined,
  counted?: InstructionCountResult,
) {
  const out: string[] = [];
  const err: string[] = [];
  const asked: PlanOperationOptions[] = [];
  let exitCode = -1;
  const program = new Command('ngcc-perf').exitOverride();
  registerPlanCommand(
    program,
    { io: { stdout: (t) => out.push(t), stderr: (t) => err.push(t) }, setExitCode: (code) => (exitCode = code) },
    {
      planOperation: async (options) => {
        asked.push(options);
        const answer = answers[options.messageBytes];
        if (answer === undefined) throw new Error(`no answer for ${options.messageBytes} B`);
        return answer;
      },
      driverPath: async () => '/opt/ngcc/ngcc-perf-driver',
      allowedCpus: () => [0, 1],
      checkLibrary,
      countInstructions: async (options) => (
        asked.push({ ...options, options: {}, cpu: -1 } as PlanOperationOptions),
        counted ?? { status: 'failed', failure: 'valgrind is not on PATH', source: null }
      ),
    },
  );
  await program.parseAsync(['plan', ...argv], { from: 'user' });
  return { stdout: out.join(''), stderr: err.join(''), asked, exitCode };
}

// The seed's litchi_512: 65536 B plans 5 × 1013 from a 987.5 µs cold call; 32 B caps at 20000.
const SEED = { 32: planned(1.5e-6, 20000, 3), 65536: planned(0.0009875, 1013, 3) };

describe('ngcc-perf plan --count-instructions', () => {
  const COUNTED: InstructionCountResult = {
    status: 'complete',
    count: {
      source: 'valgrind',
      tool: 'valgrind-3.19.0',
      warmups: 1,
      harnessInstructions: [19, 19, 19],
      libraryInstructions: [5844, 5844, 5844],
      instructions: 5825,
      instructionsPerByte: 5825 / 32,
      exact: true,
      seconds: 0.7,
    },
  };

  it('--count-instructions counts once at the smallest size and prints the estimate', async () => {
    const { stdout, asked } = await runPlan(
      ['lib/liblitchi.so', '--digest-bits', '512', '--sizes', '32,65536', '--count-instructions'],
      SEED,
      undefined,
      COUNTED,
    );
    expect(asked.map((options) => options.messageBytes)).toEqual([32, 65536, 32]);
    // The estimate and its wording are timing's planSizes (plan-sizes.test.ts); the command prints it.
    expect(stdout).toMatch(
      /^instruction counting \(valgrind\): about \d.* s more, one process per size \(one count at 32 B took 700 ms;/m,
    );
  });

  it('says when counting is not possible here', async () => {
    const { stdout } = await runPlan(
      ['lib/liblitchi.so', '--digest-bits', '512', '--sizes', '32', '--count-instructions', 'valgrind'],
      SEED,
    );
    expect(stdout).toContain('instruction counting: not possible here (valgrind is not on PATH)');
  });
});

describe('ngcc-perf plan', () => {
  it('shows the warm call a plan used when the cold call was one-time set-up', async () => {
    // OpenSSL's EVP SHA-512 at 16384 B: 1.89 ms cold (provider fetch), 32 µs warm → 20000 (capped).
    const { stdout } = await runPlan(['lib/libossl.so', '--digest-bits', '512', '--sizes', '16384'], {
      16384: planned(0.00189, 20000, 3, 60, 0.000032),
    });
    expect(stdout.split('\n')[3]).toBe(
      '16384 B  1.89 ms, then 32 µs warm       20000         3       5     3.2 s             60 s',
    );
  });

  it('calibrates each size (pinned, with the options given) and prints the plan and the totals', async () => {
    const { stdout, stderr, asked, exitCode } = await runPlan(
      ['lib/liblitchi_512.so', '--digest-bits', '512', '--sizes', '65536,32', '--cpu', '0', '--trial-target', '1'],
      SEED,
    );
    expect(exitCode).toBe(0);
    expect(asked).toEqual(
      [32, 65536].map((messageBytes) => ({
        library: 'lib/liblitchi_512.so',
        digestBits: 512,
        messageBytes,
        options: { trialTargetSeconds: 1 },
        cpu: 0,
        driverPath: '/opt/ngcc/ngcc-perf-driver',
      })),
    );
    expect(stderr).toBe(
      '[ngcc-perf] calibrating 32 B (one cold call; a process is killed after 900 s)\n' +
        '[ngcc-perf] calibrating 65536 B (one cold call; a process is killed after 900 s)\n',
    );
    // 32 B: 5 × 20003 × 1.5 µs = 0.150 s; 65536 B: 5 × 1016 × 987.5 µs = 5.0165 s; total 5.17 s, +5 × 2 ms each = 5.19 s.
    expect(stdout).toBe(
      [
        'Plan for liblitchi_512.so (512-bit digest): 2 message size(s), nothing measured yet',
        '',
        '   size  t1 (one call)  iterations  warm-ups  trials  estimate  timeout/process',
        '   32 B         1.5 µs       20000         3       5    150 ms             60 s',
        '65536 B         988 µs        1013         3       5    5.02 s             60 s',
        '',
        'total estimate: 5.17 s of timed loops and warm-ups, about 5.19 s with process start-up (one attempt per trial; disturbed trials can add reruns)',
        '',
      ].join('\n'),
    );
  });

  it('prints JSON with --json, and exits 3 when a size could not be calibrated', async () => {
    const { stdout, exitCode } = await runPlan(
      ['lib/libsegv.so', '--digest-bits', '256', '--sizes', '32,65536', '--json'],
      { 32: FAILED, 65536: SEED[65536] },
    );
    expect(exitCode).toBe(3);
    const json = JSON.parse(stdout);
    expect(json.sizes[0]).toEqual({
      messageBytes: 32,
      status: 'failed',
      failure: 'calibration: CRASH — the driver died of SIGSEGV inside the library',
    });
    expect(json.sizes[1]).toMatchObject({ messageBytes: 65536, status: 'planned', plan: { iterationsPerTrial: 1013 } });
    expect(json.totalEstimatedSeconds).toBeCloseTo(5.0165, 10);
  });

  it('names a failed size in the table', async () => {
    const { stdout } = await runPlan(['lib/libsegv.so', '--digest-bits', '256', '--sizes', '32'], { 32: FAILED });
    expect(stdout).toContain('32 B  calibration failed: calibration: CRASH');
    expect(stdout).toContain('1 size(s) could not be calibrated');
  });

  it('plans the guide sizes S1–S8 by default', async () => {
    const all = Object.fromEntries([32, 128, 512, 1024, 4096, 8192, 16384, 65536].map((bytes) => [bytes, SEED[65536]]));
    const { asked } = await runPlan(['lib/x.so', '--digest-bits', '256'], all);
    expect(asked.map((a) => a.messageBytes)).toEqual([32, 128, 512, 1024, 4096, 8192, 16384, 65536]);
  });

  it('passes --budget to planOperation and names it as the calibration timeout; --quiet prints no progress', async () => {
    const loud = await runPlan(['lib/x.so', '--digest-bits', '256', '--sizes', '32', '--budget', '2'], SEED);
    expect(loud.asked[0]?.options).toEqual({ budgetSeconds: 2 });
    expect(loud.stderr).toBe('[ngcc-perf] calibrating 32 B (one cold call; a process is killed after 2 s)\n');
    const quiet = await runPlan(['lib/x.so', '--digest-bits', '256', '--sizes', '32', '--quiet', '--json'], SEED);
    expect(quiet.stderr).toBe('');
    expect(JSON.parse(quiet.stdout).sizes[0]).toMatchObject({ messageBytes: 32, status: 'planned' });
  });

  it('stops at the first size when the driver cannot load the library (LOADFAIL): one USAGE line naming it and the reason', async () => {
    const all = Object.fromEntries([32, 128, 512].map((bytes) => [bytes, LOADFAIL]));
    const out: string[] = [];
    const asked: number[] = [];
    const program = new Command('ngcc-perf').exitOverride();
    registerPlanCommand(
      program,
      { io: { stdout: (t) => out.push(t), stderr: () => undefined }, setExitCode: () => undefined },
      {
        planOperation: async (options) => (asked.push(options.messageBytes), all[options.messageBytes]!),
        driverPath: async () => '/opt/ngcc/ngcc-perf-driver',
        allowedCpus: () => [0, 1],
        checkLibrary: async () => undefined,
      },
    );
    await expect(
      program.parseAsync(['plan', 'lib/libno_symbol.so', '--digest-bits', '256', '--sizes', '32,128,512'], {
        from: 'user',
      }),
    ).rejects.toMatchObject({
      code: 'USAGE',
      message:
        'lib/libno_symbol.so: the driver cannot load it (LOADFAIL): no symbol CryptHash in lib/libno_symbol.so (lib/libno_symbol.so: undefined symbol: CryptHash): ' +
        'the library must export `int CryptHash(int, const unsigned char*, unsigned long long, unsigned char*)` with C linkage (check with nm -D)',
    });
    expect(asked).toEqual([32]);
    expect(out).toEqual([]);
  });

  it('checks the library file before calibrating anything', async () => {
    // No answers: a calibration would fail with "no answer for 32 B" instead of the refusal.
    const refusal = new Error('/tmp/notelf.so: not an ELF file');
    await expect(
      runPlan(['/tmp/notelf.so', '--digest-bits', '256'], {}, async () => Promise.reject(refusal)),
    ).rejects.toBe(refusal);
  });

  it('refuses --cpu outside the CPUs this process may use, and defaults to the last of them', async () => {
    await expect(runPlan(['lib/x.so', '--digest-bits', '256', '--cpu', '7'], SEED)).rejects.toMatchObject({
      code: 'USAGE',
      message: '--cpu 7: CPU 7 is not available to this process (allowed: 0,1). Pick a CPU from that list.',
    });
    const { asked } = await runPlan(['lib/x.so', '--digest-bits', '256', '--sizes', '32'], SEED);
    expect(asked[0]?.cpu).toBe(1);
  });
});
