import { describe, expect, it } from '@jest/globals';
import type { CountInstructionsOptions, InstructionCountResult } from './count-instructions.js';
import { describeSizesPlan, sizesPlanJson } from './describe-sizes-plan.js';
import type { OperationPlan, PlanOperationOptions } from './plan-operation.js';
import { CALLGRIND_SLOWDOWN, estimateCountingSeconds, planSizes } from './plan-sizes.js';

/** A planned size with only the fields planSizes and its description read. */
function planned(callSeconds: number): OperationPlan {
  return {
    status: 'planned',
    plan: {
      calibrationSeconds: callSeconds,
      planCallSeconds: callSeconds,
      calibrationBasis: 'cold-call',
      iterationsPerTrial: 20,
      warmups: 3,
      trials: 5,
      estimatedSeconds: 115 * callSeconds,
      timeoutPerProcessSeconds: 60,
      budgetSeconds: 900,
    },
    estimatedWallSeconds: 115 * callSeconds + 0.05,
  } as unknown as OperationPlan;
}

const LOADFAIL = {
  status: 'failed',
  failure: 'calibration: LOADFAIL — dlopen failed',
  plan: null,
  calibration: { status: 'failed', process: { failure: { code: 'LOADFAIL', message: 'dlopen failed' } } },
} as unknown as OperationPlan;

const COUNTED: InstructionCountResult = {
  status: 'complete',
  count: {
    source: 'valgrind',
    tool: 'valgrind-3.19.0',
    warmups: 1,
    harnessInstructions: [19, 19, 19],
    libraryInstructions: [1019, 1019, 1019],
    instructions: 1000,
    instructionsPerByte: 1000 / 32,
    exact: true,
    seconds: 0.5,
  },
};

async function plan(answers: Record<number, OperationPlan>, sizes: number[], withCount: boolean) {
  const asked: PlanOperationOptions[] = [];
  const counted: CountInstructionsOptions[] = [];
  const calibrating: number[] = [];
  const result = await planSizes({
    library: 'lib/libx.so',
    digestBits: 256,
    messageSizesBytes: sizes,
    cpu: 1,
    driverPath: '/opt/ngcc/ngcc-perf-driver',
    ...(withCount ? { instructionSource: 'auto' as const } : {}),
    onProgress: (event) => calibrating.push(event.messageBytes),
    planOperation: async (options) => (asked.push(options), answers[options.messageBytes]!),
    countInstructions: async (options) => (counted.push(options), COUNTED),
  });
  return { result, asked, counted, calibrating };
}

describe('planSizes', () => {
  it('plans every size in order and counts once, at the smallest size, for the estimate', async () => {
    const run = await plan({ 32: planned(1e-6), 1024: planned(1e-5) }, [32, 1024], true);
    expect(run.calibrating).toEqual([32, 1024]);
    expect(run.asked.map((options) => options.messageBytes)).toEqual([32, 1024]);
    expect(run.asked[0]).toEqual({
      library: 'lib/libx.so',
      digestBits: 256,
      messageBytes: 32,
      cpu: 1,
      driverPath: '/opt/ngcc/ngcc-perf-driver',
    });
    expect(run.counted).toEqual([
      {
        library: 'lib/libx.so',
        digestBits: 256,
        messageBytes: 32,
        source: 'auto',
        driverPath: '/opt/ngcc/ngcc-perf-driver',
      },
    ]);
    // one 0.5 s count process per size, plus its 4 calls 30 times slower under valgrind
    const expected = 2 * 0.5 + 4 * CALLGRIND_SLOWDOWN * (1e-6 + 1e-5);
    expect(run.result.counting?.estimatedSeconds).toBeCloseTo(expected, 12);
    expect(run.result.counting?.text).toContain(`each taken as ${CALLGRIND_SLOWDOWN} times slower under valgrind`);
    expect(sizesPlanJson(run.result)).toMatchObject({ cpu: 1, instructionCounting: run.result.counting });
    expect(describeSizesPlan(run.result).endsWith(`${run.result.counting?.text}\n`)).toBe(true);
  });

  it('stops at a library the driver cannot load, and makes no count', async () => {
    const run = await plan({ 32: LOADFAIL, 1024: planned(1e-5) }, [32, 1024], true);
    expect(run.asked).toHaveLength(1);
    expect(run.counted).toEqual([]);
    expect(run.result.sizes.map((size) => size.planned.status)).toEqual(['failed']);
    expect(run.result.counting).toBeNull();
  });

  it('estimates the PMU count without the valgrind factor', () => {
    expect(estimateCountingSeconds(0.01, [1e-3, 2e-3], 'pmu-instructions', 4)).toBeCloseTo(0.02 + 4 * 3e-3, 12);
    expect(estimateCountingSeconds(0.01, [1e-3], 'valgrind', 4)).toBeCloseTo(0.01 + 4 * 1e-3 * CALLGRIND_SLOWDOWN, 12);
  });
});
