import { describe, expect, it } from '@jest/globals';
import { answerHeader } from './run-answer.js';

describe('answerHeader', () => {
  it('names the longest message measured', () => {
    expect(answerHeader([32, 65536, 1024], 'ticks')[2]).toBe('ticks/byte @ 65536 B (interval)');
  });

  it('says "not measured" for a run without a measure phase (it printed "@ -Infinity B")', () => {
    expect(answerHeader([], 'cycles')[2]).toBe('cycles/byte (not measured in this run)');
  });
});
