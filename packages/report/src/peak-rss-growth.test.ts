import { describe, expect, it } from '@jest/globals';
import { seed000Dataset, seed001RssDataset } from '../test/seed-datasets.js';
import { findPeakRssGrowth, PEAK_RSS_GROWTH_THRESHOLD } from './peak-rss-growth.js';

describe('findPeakRssGrowth', () => {
  it('seed 001: flags TaiChi-1024 (4268 → 12512 KiB, +193 %), not TaiChi-512 (1772 → 1904) or TaiChi-768 (1744 → 1884)', () => {
    const growth = findPeakRssGrowth(seed001RssDataset().records.map(({ record }) => record));
    expect(
      growth.map((entry) => [
        entry.instance,
        entry.smallestPeakRssBytes / 1024,
        entry.largestPeakRssBytes / 1024,
        entry.flagged,
      ]),
    ).toEqual([
      ['TaiChi-1024', 4268, 12512, true],
      ['TaiChi-512', 1772, 1904, false],
      ['TaiChi-768', 1744, 1884, false],
    ]);
    expect(growth[0]!.growthRatio).toBeCloseTo(12512 / 4268 - 1, 12);
  });

  it('seed 000: the flat Litchi rows are not flagged (largest growth litchi_768 1776 → 1844 KiB)', () => {
    const growth = findPeakRssGrowth(seed000Dataset().dataset.records.map(({ record }) => record));
    expect(growth).toHaveLength(4);
    expect(growth.every((entry) => !entry.flagged)).toBe(true);
  });

  it('threshold is 25 % and can be changed', () => {
    expect(PEAK_RSS_GROWTH_THRESHOLD).toBe(0.25);
    const records = seed000Dataset().dataset.records.map(({ record }) => record);
    expect(
      findPeakRssGrowth(records, 0.03)
        .filter((entry) => entry.flagged)
        .map((entry) => entry.instance),
    ).toEqual(['litchi_768']);
  });
});
