import { describe, expect, test } from '@jest/globals';
import type { InstructionCount, TimingRecord } from '@ngcc-perf/record';
import { compareInstructionCounts } from './compare-instruction-counts.js';

const count = (instructions: number, source: InstructionCount['source'] = 'valgrind'): InstructionCount => ({
  source,
  tool: source === 'valgrind' ? 'valgrind-3.19.0' : null,
  warmups: 1,
  harnessInstructions: [19, 19, 19],
  libraryInstructions: [instructions + 19, instructions + 19, instructions + 19],
  instructions,
  instructionsPerByte: instructions / 64,
  exact: true,
  seconds: 0.7,
});

const record = (fields: Partial<TimingRecord>): TimingRecord => ({ messageBytes: 64, ...fields }) as TimingRecord;

describe('compareInstructionCounts', () => {
  test('exact: one extra instruction is a change; beyond the threshold a regression or an improvement', () => {
    const a = record({ instructionCount: count(100000) });
    expect(compareInstructionCounts(a, record({ instructionCount: count(100000) }), 0.02)).toMatchObject({
      verdict: 'unchanged',
      differenceInstructions: 0,
    });
    expect(compareInstructionCounts(a, record({ instructionCount: count(100001) }), 0.02)).toMatchObject({
      verdict: 'changed',
      differenceInstructions: 1,
    });
    expect(compareInstructionCounts(a, record({ instructionCount: count(104003) }), 0.02)).toMatchObject({
      verdict: 'regression',
      differenceInstructions: 4003,
      ratio: 1.04003,
    });
    expect(compareInstructionCounts(a, record({ instructionCount: count(90000) }), 0.02)?.verdict).toBe('improvement');
    expect(compareInstructionCounts(a, record({ instructionCount: count(100001) }), 0)?.verdict).toBe('regression');
  });

  test('null when neither run counted; not comparable across sources or when a side has no count', () => {
    expect(compareInstructionCounts(record({}), record({}), 0.02)).toBeNull();
    expect(
      compareInstructionCounts(
        record({ instructionCount: count(5) }),
        record({ instructionCount: count(5, 'pmu-instructions') }),
        0.02,
      ),
    ).toMatchObject({ verdict: 'not-comparable', reason: expect.stringMatching(/sources differ/) });
    expect(
      compareInstructionCounts(
        record({ instructionCount: count(5) }),
        record({ instructionCount: null, instructionCountFailure: 'valgrind is not on PATH' }),
        0.02,
      ),
    ).toMatchObject({ verdict: 'not-comparable', reason: 'B has no instruction count (valgrind is not on PATH)' });
  });
});
