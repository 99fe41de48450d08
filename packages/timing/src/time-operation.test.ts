import { describe, expect, it } from '@jest/globals';
import { RssError, type CallMemoryResult, type MeasureCallMemoryOptions } from '@ngcc-perf/rss';
import type { MeasureOperationOptions } from './measure-operation.js';
import type { OperationMeasurement } from './measurement-types.js';
import { timeOperation, type TimeOperationProgress } from './time-operation.js';
import type { TrialProcess } from './trial-types.js';

const CALIBRATION: TrialProcess = {
  command: [],
  cpu: 1,
  exitCode: 0,
  wallSeconds: 0.05,
  attempts: 1,
  baselineRssBytes: null,
  peakRssBytes: null,
  trial: null,
};

/** A measurement with only the fields timeOperation reads (its plan, calibration, reruns and warnings). */
function measurement(fields: Partial<OperationMeasurement>): OperationMeasurement {
  return {
    status: 'complete',
    plan: { trials: 5 },
    calibration: CALIBRATION,
    processes: [],
    disturbedRetries: 0,
    derived: { warnings: [] },
    ...fields,
  } as unknown as OperationMeasurement;
}

const MEMORY: CallMemoryResult = {
  status: 'complete',
  memory: { stackHighWaterBytes: 1200, heapPeakBytes: 0, heapAllocations: 0, operationPeakBytes: 0 } as never,
  stackBytesProvided: 1 << 20,
  heapBookkeepingNote: '',
  wallSeconds: 0.01,
};

async function timed(
  measured: OperationMeasurement,
  memory: (options: MeasureCallMemoryOptions) => Promise<CallMemoryResult> = async () => MEMORY,
  budgetSeconds?: number,
) {
  const events: TimeOperationProgress[] = [];
  const asked: MeasureOperationOptions[] = [];
  const memoryAsked: MeasureCallMemoryOptions[] = [];
  const result = await timeOperation({
    library: 'lib/libx.so',
    digestBits: 256,
    messageBytes: 64,
    ...(budgetSeconds === undefined ? {} : { options: { budgetSeconds } }),
    cpu: 1,
    driverPath: '/opt/ngcc/ngcc-perf-driver',
    onProgress: (event) => events.push(event),
    measureOperation: async (options) => (asked.push(options), measured),
    measureCallMemory: async (options) => (memoryAsked.push(options), memory(options)),
  });
  return { result, events, asked, memoryAsked };
}

describe('timeOperation', () => {
  it('measures the trials, then one memory process on the same CPU, killed after min(budget, 60 s)', async () => {
    const run = await timed(measurement({}), undefined, 2);
    expect(run.asked).toHaveLength(1);
    expect(run.asked[0]).toMatchObject({ library: 'lib/libx.so', digestBits: 256, messageBytes: 64, cpu: 1 });
    expect(run.memoryAsked).toEqual([
      {
        library: 'lib/libx.so',
        digestBits: 256,
        messageBytes: 64,
        driverPath: '/opt/ngcc/ngcc-perf-driver',
        timeoutSeconds: 2,
        cpu: 1,
      },
    ]);
    expect(run.events).toEqual([
      { phase: 'calibrating', messageBytes: 64, timeoutSeconds: 2 },
      { phase: 'memory', timeoutSeconds: 2 },
    ]);
    expect(run.result.memory).toEqual({ memory: MEMORY.memory, memoryFailure: null });
    const long = await timed(measurement({}));
    expect(long.events[0]).toEqual({ phase: 'calibrating', messageBytes: 64, timeoutSeconds: 900 });
    expect(long.memoryAsked[0]?.timeoutSeconds).toBe(60);
  });

  it('runs no memory process for a library the driver cannot load (LOADFAIL)', async () => {
    const loadFail = measurement({
      status: 'failed',
      failure: 'calibration: LOADFAIL',
      plan: null,
      calibration: { ...CALIBRATION, failure: { code: 'LOADFAIL', message: 'dlopen failed' } },
    } as Partial<OperationMeasurement>);
    const run = await timed(loadFail);
    expect(run.memoryAsked).toEqual([]);
    expect(run.result.memory.memory).toBeNull();
    expect(run.events.map((event) => event.phase)).toEqual(['calibrating']);
  });

  it('keeps the timing result when the memory process fails; an impossible option is still thrown', async () => {
    const broken = await timed(measurement({}), async () => {
      throw new RssError('DRIVER_FAILED', 'no memory command');
    });
    expect(broken.result.memory).toEqual({ memory: null, memoryFailure: 'DRIVER_FAILED — no memory command' });
    await expect(
      timed(measurement({}), async () => {
        throw new RssError('INVALID_ARGUMENT', 'bad stack size');
      }),
    ).rejects.toThrow('bad stack size');
  });

  it('lists the discarded disturbed attempts before the derivation warnings', async () => {
    const run = await timed(
      measurement({ disturbedRetries: 2, derived: { warnings: ['CV above its limit'] } as never }),
    );
    expect(run.result.warnings).toEqual([
      '2 disturbed trial attempt(s) were discarded and rerun',
      'CV above its limit',
    ]);
  });
});
