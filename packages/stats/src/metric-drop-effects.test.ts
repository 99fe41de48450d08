import { describe, expect, it } from '@jest/globals';
import { formatRankRange } from './rank-by-intervals.js';
import { groupSeparations } from './group-separations.js';
import { metricDropEffects } from './metric-drop-effects.js';
import { rankByMetrics } from './rank-by-metrics.js';
import type { IntervalFigure } from './rank-by-intervals.js';

const exact = (value: number): IntervalFigure => ({ estimate: value, ciLow: value, ciHigh: value });

describe('metricDropEffects', () => {
  // three KEMs: enc cycles, dec cycles, public key bytes, ciphertext bytes
  // the fastest has the largest keys, the slowest the smallest: all three tie on the mean rank
  const table = [
    [exact(50_000), exact(60_000), exact(900), exact(1000)],
    [exact(70_000), exact(80_000), exact(700), exact(800)],
    [exact(90_000), exact(95_000), exact(500), exact(600)],
  ];
  const rankings = rankByMetrics(table);

  it('names, per metric, the items whose overall range changes when it is left out, with both ranges', () => {
    expect(rankings.map((item) => formatRankRange(item.overall!))).toEqual(['2', '2', '2']);
    const effects = metricDropEffects(rankings);
    expect(effects.map((effect) => effect.column)).toEqual([0, 1, 2, 3]);
    const moves = effects.map((effect) =>
      effect.moved.map((move) => `${move.item}: ${formatRankRange(move.before)} → ${formatRankRange(move.after!)}`),
    );
    // without a cycles metric the smaller keys lead; without a size metric the faster one does
    expect(moves).toEqual([
      ['0: 2 → 3', '2: 2 → 1'],
      ['0: 2 → 3', '2: 2 → 1'],
      ['0: 2 → 1', '2: 2 → 3'],
      ['0: 2 → 1', '2: 2 → 3'],
    ]);
  });

  it('leaves out only entering metrics, and says nothing when a single metric enters', () => {
    const entering = [true, true, false, false];
    const cyclesOnly = rankByMetrics(table, [], { entering });
    expect(metricDropEffects(cyclesOnly, entering).map((effect) => effect.column)).toEqual([0, 1]);
    expect(metricDropEffects(cyclesOnly, entering).every((effect) => effect.moved.length === 0)).toBe(true);
    const one = [true, false, false, false];
    expect(metricDropEffects(rankByMetrics(table, [], { entering: one }), one)).toEqual([]);
  });
});

describe('groupSeparations', () => {
  it('gives the gap in mean rank between consecutive groups and the metrics the whole group leads or trails on', () => {
    const rankings = rankByMetrics([
      [exact(1), exact(1), exact(9)],
      [exact(2), exact(2), exact(8)],
      [exact(3), exact(3), exact(7)],
    ]);
    expect(rankings.map((item) => formatRankRange(item.overall!))).toEqual(['1', '2', '3']);
    // each leads the next on two metrics and trails it on the third
    expect(groupSeparations(rankings)).toEqual([
      { group: 0, worstMeanRank: 5 / 3, nextBestMeanRank: 2, aheadOn: [0, 1], behindOn: [2] },
      { group: 1, worstMeanRank: 2, nextBestMeanRank: 7 / 3, aheadOn: [0, 1], behindOn: [2] },
    ]);
  });
});
