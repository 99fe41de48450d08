import { describe, expect, it } from '@jest/globals';
import { formatRankRange, rankByIntervals } from './rank-by-intervals.js';
import type { IntervalFigure } from './rank-by-intervals.js';

const around = (estimate: number, halfWidth: number): IntervalFigure => ({
  estimate,
  ciLow: estimate - halfWidth,
  ciHigh: estimate + halfWidth,
});
const exact = (value: number): IntervalFigure => around(value, 0);

describe('rankByIntervals', () => {
  it('orders figures whose intervals are disjoint and shares a range between overlapping ones', () => {
    const ranks = rankByIntervals([around(150, 1), around(101, 2), around(100, 2)]);
    expect(ranks.map(formatRankRange)).toEqual(['3', '1–2', '1–2']);
    expect(ranks.map((rank) => rank.position)).toEqual([3, 1.5, 1.5]);
    expect(ranks.map((rank) => rank.group)).toEqual([1, 0, 0]);
  });

  it('joins a chain of overlaps into one group, even when its ends do not overlap each other', () => {
    // [0,10] overlaps [4,6]? yes; [4,6] and [7,8] do not, but [0,10] and [7,8] do
    const ranks = rankByIntervals([around(5, 5), around(5.5, 0.5), around(7.5, 0.5), around(20, 1)]);
    expect(ranks.map(formatRankRange)).toEqual(['1–3', '1–3', '1–3', '4']);
    expect(ranks[0]!.position).toBe(2);
  });

  it('ties exact figures only when they are equal, at the average position as averageRanks does', () => {
    expect(rankByIntervals([exact(14981), exact(12725), exact(12725), exact(13253)]).map(formatRankRange)).toEqual([
      '4',
      '1.5',
      '1.5',
      '3',
    ]);
  });

  it('counts touching intervals as overlapping and an unknown interval as overlapping everything', () => {
    expect(rankByIntervals([around(10, 1), around(12, 1)]).map(formatRankRange)).toEqual(['1–2', '1–2']);
    const unknown = { estimate: 50, ciLow: -Infinity, ciHigh: Infinity };
    expect(rankByIntervals([exact(1), exact(100), unknown]).map(formatRankRange)).toEqual(['1–3', '1–3', '1–3']);
  });

  it('never shares a range between figures whose intervals are disjoint, nor splits overlapping ones', () => {
    // a deterministic pseudo-random set of intervals checked pairwise
    let seed = 7;
    const next = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let round = 0; round < 50; round += 1) {
      const figures = Array.from({ length: 8 }, () => around(next() * 100, next() * 8));
      const ranks = rankByIntervals(figures);
      for (let a = 0; a < figures.length; a += 1) {
        for (let b = 0; b < figures.length; b += 1) {
          const overlap = figures[a]!.ciLow <= figures[b]!.ciHigh && figures[b]!.ciLow <= figures[a]!.ciHigh;
          if (overlap) expect(formatRankRange(ranks[a]!)).toBe(formatRankRange(ranks[b]!));
          if (ranks[a]!.group < ranks[b]!.group) expect(figures[a]!.ciHigh).toBeLessThan(figures[b]!.ciLow);
        }
      }
      // positions 1…n are used once each: the ranges of the groups tile them
      const covered = [...new Set(ranks.map((rank) => `${rank.group}:${rank.low}-${rank.high}`))];
      const width = covered.reduce((sum, text) => {
        const [low, high] = text.split(':')[1]!.split('-').map(Number);
        return sum + high! - low! + 1;
      }, 0);
      expect(width).toBe(figures.length);
    }
  });

  it('refuses an estimate outside its interval and a non-finite estimate', () => {
    expect(() => rankByIntervals([{ estimate: 5, ciLow: 6, ciHigh: 7 }])).toThrow(
      expect.objectContaining({ code: 'INVALID_NUMBER' }),
    );
    expect(() => rankByIntervals([{ estimate: Number.NaN, ciLow: 0, ciHigh: 1 }])).toThrow(
      expect.objectContaining({ code: 'NOT_FINITE' }),
    );
  });
});

describe('formatRankRange', () => {
  it('prints one position alone and a range with an en dash', () => {
    expect(formatRankRange({ low: 3, high: 3 })).toBe('3');
    expect(formatRankRange({ low: 3, high: 5 })).toBe('3–5');
    expect(formatRankRange({ low: 1.5, high: 2.5 })).toBe('1.5–2.5');
  });

  it('separates overlapping intervals when a finer order establishes the difference, in estimate order', () => {
    // intervals all overlap; a paired comparison establishes 0 < 1 < 2 but not 2 vs 3
    const figures = [around(100, 10), around(110, 10), around(121, 10), around(122, 10)];
    const established = [
      [0, -1, -1, -1],
      [1, 0, -1, -1],
      [1, 1, 0, 0],
      [1, 1, 0, 0],
    ] as const;
    const ranks = rankByIntervals(figures, (a, b) => established[a]![b]!);
    expect(ranks.map(formatRankRange)).toEqual(['1', '2', '3–4', '3–4']);
    expect(rankByIntervals(figures).map(formatRankRange)).toEqual(['1–4', '1–4', '1–4', '1–4']);
  });

  it('does not separate a pair the order establishes against their estimates', () => {
    const figures = [around(100, 10), around(105, 10)];
    // the data say item 0 is the slower one, its estimate says the faster: no order is claimed
    expect(
      rankByIntervals(figures, (a, b) => (a === 0 && b === 1 ? 1 : a === 1 && b === 0 ? -1 : 0)).map(formatRankRange),
    ).toEqual(['1–2', '1–2']);
  });

  it('keeps a group contiguous: an item not told apart from two separated ones joins them all', () => {
    // 0 and 2 are told apart, 1 (between them) is told apart from neither
    const figures = [around(100, 1), around(101, 50), around(103, 1)];
    const ranks = rankByIntervals(figures, (a, b) => (a === 0 && b === 2 ? -1 : a === 2 && b === 0 ? 1 : 0));
    expect(ranks.map(formatRankRange)).toEqual(['1–3', '1–3', '1–3']);
  });
});
