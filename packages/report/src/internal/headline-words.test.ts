import { describe, expect, it } from '@jest/globals';
import { pairedRatio } from '@ngcc-perf/stats';
import { headlineIntervalWords, pairedRoundsWords } from './headline-words.js';

describe('the words of the headline interval and of the paired rounds', () => {
  it('follow the plan’s trial count instead of assuming 5 trials', () => {
    expect(headlineIntervalWords(5)).toBe('the lowest to the highest of the 5 trial means, 93.8 % coverage');
    expect(headlineIntervalWords(5, 'round ratios')).toBe(
      'the lowest to the highest of the 5 round ratios, 93.8 % coverage',
    );
    expect(headlineIntervalWords(10)).toBe('the 2nd lowest to the 2nd highest of the 10 trial means, 97.9 % coverage');
    expect(pairedRoundsWords(5)).toBe(
      'for 5 rounds: all 5 ratios more than 1 % on one side of 1, the sign test at 6.3 %; a smaller difference — two builds of the same code differ by a few tenths of a percent — is not ranked',
    );
    expect(pairedRoundsWords(10)).toBe(
      'for 10 rounds: at least 9 of the 10 ratios more than 1 % on one side of 1, the sign test at 2.1 %; a smaller difference — two builds of the same code differ by a few tenths of a percent — is not ranked',
    );
  });

  it('say what pairedRatio does: 9 of 10 rounds on one side establish the difference, 8 do not', () => {
    const rounds = (slower: number) =>
      Array.from({ length: 10 }, (_, round) => ({ iterations: 1, ticks: round < slower ? 110 : 95 }));
    const base = Array.from({ length: 10 }, () => ({ iterations: 1, ticks: 100 }));
    expect(pairedRatio(rounds(9), base).order).toBe(1);
    expect(pairedRatio(rounds(8), base).order).toBe(0);
  });
});
