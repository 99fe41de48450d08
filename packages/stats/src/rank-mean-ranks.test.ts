import { describe, expect, it } from '@jest/globals';
import { formatRankRange, rankByIntervals } from './rank-by-intervals.js';
import { rankByMetrics } from './rank-by-metrics.js';
import { rankMeanRanks } from './rank-mean-ranks.js';
import type { IntervalFigure } from './rank-by-intervals.js';

const around = (estimate: number, halfWidth: number): IntervalFigure => ({
  estimate,
  ciLow: estimate - halfWidth,
  ciHigh: estimate + halfWidth,
});

describe('rankMeanRanks', () => {
  it('gives each item the range its own span forces, where a chain of neighbours would join all of them', () => {
    const spans = [
      { mean: 1.25, low: 1, high: 1.5 },
      { mean: 2, low: 1.5, high: 2.5 },
      { mean: 2.75, low: 2.5, high: 3 },
    ];
    expect(rankMeanRanks(spans).map((rank) => formatRankRange(rank!))).toEqual(['1–2', '1–3', '2–3']);
    // the chained grouping of rankByIntervals puts all three in 1–3
    const chained = rankByIntervals(spans.map(({ mean, low, high }) => ({ estimate: mean, ciLow: low, ciHigh: high })));
    expect(chained.map((rank) => formatRankRange(rank))).toEqual(['1–3', '1–3', '1–3']);
  });

  it('keeps equal exact mean ranks a tie at the average position and leaves an item without a span out', () => {
    const ranks = rankMeanRanks([
      { mean: 2, low: 2, high: 2 },
      null,
      { mean: 2, low: 2, high: 2 },
      { mean: 1, low: 1, high: 1 },
    ]);
    expect(ranks.map((rank) => (rank === null ? null : formatRankRange(rank)))).toEqual(['2.5', null, '2.5', '1']);
    expect(ranks.map((rank) => rank?.group ?? null)).toEqual([1, null, 1, 0]);
  });

  it('never ranks an item outside its group, and groups split only where everything before is surely ahead', () => {
    const ranks = rankMeanRanks([
      { mean: 1.5, low: 1, high: 2 },
      { mean: 1.5, low: 1, high: 2 },
      { mean: 4, low: 3.5, high: 4.5 },
      { mean: 4.2, low: 4, high: 4.5 },
      { mean: 7, low: 7, high: 7 },
    ]);
    expect(ranks.map((rank) => [formatRankRange(rank!), rank!.group])).toEqual([
      ['1–2', 0],
      ['1–2', 0],
      ['3–4', 1],
      ['3–4', 1],
      ['5', 2],
    ]);
  });
});

describe('the overall range of rankByMetrics', () => {
  it('is a single position (or a true tie) when every metric tells every item apart', () => {
    // four items, three metrics each separating all of them (disjoint intervals), mean ranks distinct but close
    const table = [
      [around(100, 1), around(4000, 10), around(90000, 100)],
      [around(110, 1), around(3000, 10), around(80000, 100)],
      [around(120, 1), around(5000, 10), around(70000, 100)],
      [around(130, 1), around(2000, 10), around(60000, 100)],
    ];
    const result = rankByMetrics(table);
    for (const item of result) {
      for (const rank of item.metricRanks) expect(rank!.high - rank!.low).toBe(0);
      expect(item.overall!.high - item.overall!.low).toBe(0);
    }
    // mean ranks 8/3, 7/3, 3 and 2: four distinct positions, however close
    expect(result.map((item) => formatRankRange(item.overall!))).toEqual(['3', '2', '4', '1']);
  });

  it('is narrower than the chained grouping where neighbours overlap through each other', () => {
    // each metric pairs neighbours (1–2 and 3–4 on one, 2–3 on the other): the chained grouping put
    // all four in one range 1–4; what the data force is narrower, and the outer two are apart
    const table = [
      [around(100, 6), around(100, 1)],
      [around(110, 6), around(120, 12)],
      [around(150, 6), around(135, 12)],
      [around(160, 6), around(200, 1)],
    ];
    const result = rankByMetrics(table);
    expect(result.map((item) => item.metricRanks.map((rank) => formatRankRange(rank!)))).toEqual([
      ['1–2', '1'],
      ['1–2', '2–3'],
      ['3–4', '2–3'],
      ['3–4', '4'],
    ]);
    expect(result.map((item) => formatRankRange(item.overall!))).toEqual(['1–2', '1–3', '2–4', '3–4']);
  });

  it('takes only the entering metrics into the mean rank, ranking the others on their own', () => {
    const table = [
      [around(100, 1), around(9000, 1)],
      [around(200, 1), around(1000, 1)],
    ];
    const both = rankByMetrics(table);
    expect(both.map((item) => formatRankRange(item.overall!))).toEqual(['1.5', '1.5']);
    const cyclesOnly = rankByMetrics(table, [], { entering: [true, false] });
    expect(cyclesOnly.map((item) => formatRankRange(item.overall!))).toEqual(['1', '2']);
    expect(cyclesOnly.map((item) => item.metricRanks[1]!.position)).toEqual([2, 1]);
  });
});
