import { describe, expect, it } from '@jest/globals';
import { formatRankRange } from './rank-by-intervals.js';
import { rankByMetrics } from './rank-by-metrics.js';
import type { IntervalFigure } from './rank-by-intervals.js';

const exact = (value: number): IntervalFigure => ({ estimate: value, ciLow: value, ciHigh: value });
const around = (estimate: number, halfWidth: number): IntervalFigure => ({
  estimate,
  ciLow: estimate - halfWidth,
  ciHigh: estimate + halfWidth,
});

describe('rankByMetrics', () => {
  it('ranks each metric on its own and orders by the mean rank, ties sharing the average position', () => {
    // seed 000 litchi 512/768/1024/xof: mean cycles at 32 B and 65536 B, static image bytes
    const table = [
      [exact(4129), exact(2.06e6), exact(14981)],
      [exact(4162), exact(2.74e6), exact(12725)],
      [exact(4111), exact(4.01e6), exact(12661)],
      [exact(4291), exact(3.53e6), exact(13253)],
    ];
    const result = rankByMetrics(table);
    expect(result.map((item) => item.metricRanks.map((rank) => rank!.position))).toEqual([
      [2, 1, 4],
      [3, 2, 2],
      [1, 4, 1],
      [4, 3, 3],
    ]);
    expect(result.map((item) => item.meanRank)).toEqual([7 / 3, 7 / 3, 2, 10 / 3]);
    // exact figures: the mean ranks are exact too, the two equal ones tie at the average position
    expect(result.map((item) => formatRankRange(item.overall!))).toEqual(['2.5', '2.5', '1', '4']);
  });

  it('carries a shared metric range into the overall range', () => {
    const result = rankByMetrics([
      [around(100, 3), exact(10)],
      [around(102, 3), exact(20)],
      [around(300, 3), exact(30)],
    ]);
    expect(result.map((item) => item.metricRanks.map((rank) => formatRankRange(rank!)))).toEqual([
      ['1–2', '1'],
      ['1–2', '2'],
      ['3', '3'],
    ]);
    // mean ranks 1.25 over [1, 1.5] and 1.75 over [1.5, 2] touch: not told apart overall
    expect(result.map((item) => [item.meanRank, item.meanRankLow, item.meanRankHigh])).toEqual([
      [1.25, 1, 1.5],
      [1.75, 1.5, 2],
      [3, 3, 3],
    ]);
    expect(result.map((item) => formatRankRange(item.overall!))).toEqual(['1–2', '1–2', '3']);
  });

  it('ranks a metric among the items that have it and leaves an item without any figure unranked', () => {
    const result = rankByMetrics([
      [exact(5), null],
      [exact(7), exact(1)],
      [null, null],
    ]);
    expect(result[0]!.metricRanks[1]).toBeNull();
    expect(result[1]!.metricRanks[1]!.position).toBe(1);
    expect(result[0]!.meanRank).toBe(1);
    expect(result[1]!.meanRank).toBe(1.5);
    expect(result[2]!.meanRank).toBeNull();
    expect(result[2]!.overall).toBeNull();
    expect(result.map((item) => item.overall?.position ?? null)).toEqual([1, 2, null]);
  });

  it('refuses rows of different lengths', () => {
    expect(() => rankByMetrics([[exact(1)], [exact(1), exact(2)]])).toThrow(
      expect.objectContaining({ code: 'INVALID_NUMBER' }),
    );
  });
});
