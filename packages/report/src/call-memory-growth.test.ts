import { describe, expect, it } from '@jest/globals';
import { CALL_MEMORY_GROWTH_LIMITS, findCallMemoryGrowth } from './call-memory-growth.js';
import { withMemory } from '../test/memory-dataset.js';

describe('findCallMemoryGrowth', () => {
  it('flags a heap peak that follows the message (0 B → 65 536 B) and not a constant stack or a one-page operation peak', () => {
    const records = withMemory([
      { messageBytes: 32, stack: 712, heap: 0, operation: 4096 },
      { messageBytes: 1024, stack: 712, heap: 1024, operation: 4096 },
      { messageBytes: 65536, stack: 712, heap: 65536, operation: 8192 },
    ]);
    const growth = findCallMemoryGrowth(records);
    expect(
      growth.map((entry) => [entry.figure, entry.smallestBytes, entry.largestBytes, entry.growthRatio, entry.flagged]),
    ).toEqual([
      ['stackHighWaterBytes', 712, 712, 0, false],
      ['heapPeakBytes', 0, 65536, null, true],
      ['operationPeakBytes', 4096, 8192, 1, false], // +4 KiB is below the 16 KiB floor
    ]);
  });

  it('needs both limits: +25 % and more than 16 KiB', () => {
    expect(CALL_MEMORY_GROWTH_LIMITS).toEqual({ ratio: 0.25, minimumBytes: 16384 });
    const big = withMemory([
      { messageBytes: 32, stack: 700, heap: 1048576, operation: 1069056 },
      { messageBytes: 65536, stack: 700, heap: 1048576 + 65536, operation: 1069056 + 65536 },
    ]);
    // +64 KiB on 1 MiB is +6 %: not flagged although above the byte floor
    expect(findCallMemoryGrowth(big).filter((entry) => entry.flagged)).toEqual([]);
  });

  it('skips records without memory, and instances measured at one size', () => {
    const records = withMemory([{ messageBytes: 32, stack: 712, heap: 0, operation: 4096 }]);
    expect(findCallMemoryGrowth(records)).toEqual([]);
  });
});
