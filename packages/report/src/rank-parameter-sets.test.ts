// rankParameterSets: the public-key ranking of a target as data, and the page that renders from it.
import { describe, expect, it } from '@jest/globals';
import { formatRankRange } from '@ngcc-perf/stats';
import { kemDataset, TOY_KEM_SETS } from '../test/kem-ranking-dataset.js';
import { splitByCategory } from './category-datasets.js';
import type { Dataset } from './dataset.js';
import { rankInstances } from './rank-instances.js';
import { rankParameterSets } from './rank-parameter-sets.js';
import { renderRankingMarkdown } from './render-ranking-page.js';
import { ReportError } from './report-error.js';

function page(dataset: Dataset, target: number): string {
  const { hash, others } = splitByCategory(dataset);
  return renderRankingMarkdown(hash, target, { otherCategories: others });
}

/** The cells of the page's table row of a candidate's representative set. */
function pageRow(markdown: string, candidate: string, instance: string): string[] {
  const line = markdown
    .split('\n')
    .find((text) => text.includes(`[${candidate}](`) && text.includes(`\`${instance}\``));
  return line!
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());
}

describe('rankParameterSets', () => {
  it('gives the ranges, choice and target source the ranking page prints, row by row', async () => {
    const dataset = await kemDataset(TOY_KEM_SETS);
    const ranking = rankParameterSets(dataset, { category: 'kem', target: 128 });
    const markdown = page(dataset, 128);
    expect(ranking.rows.map((row) => `${row.candidate}/${row.instance}`)).toEqual([
      'kem-40/yuanyang-512',
      'toy-a/A128',
      'toy-b/B128',
      'toy-c/C128s',
    ]);
    expect(ranking.metrics.map((metric) => [metric.label, metric.unit, metric.enters])).toEqual([
      ['enc cycles', 'cycles', true],
      ['dec cycles', 'cycles', true],
      ['public key bytes', 'bytes', true],
      ['ciphertext bytes', 'bytes', true],
    ]);
    const chosen = { published: 'published set', fastest: 'fastest of its sets', only: 'its only set' };
    for (const row of ranking.rows) {
      const cells = pageRow(markdown, row.candidate, row.instance);
      expect(cells[0]).toBe(formatRankRange(row.overall!));
      expect(cells[2]).toBe(chosen[row.chosenAs]);
      expect(cells[3]).toBe(row.targetFrom);
      expect(cells[5]).toBe(row.meanRank!.toFixed(2));
      // each metric's cell ends with its rank range
      expect(cells.slice(6, 10).map((cell) => cell.split(' · ')[1])).toEqual(
        row.metrics.map((item) => formatRankRange(item.rank!)),
      );
    }
    expect(ranking.rows[0]).toMatchObject({
      chosenAs: 'published',
      targetFrom: 'bundled data (site-arm_1-ranking-128)',
      others: [{ instance: 'yuanyang-lite-128', targetFrom: 'its name' }],
    });
  });

  it('ties equal public keys at their average position and keeps overlapping trials in one range', async () => {
    const ranking = rankParameterSets(await kemDataset(TOY_KEM_SETS), { category: 'kem', target: 128 });
    const ranks = (label: string) =>
      ranking.rows.map((row) => formatRankRange(row.metrics.find((item) => item.label === label)!.rank!));
    expect(ranks('public key bytes')).toEqual(['1.5', '1.5', '3', '4']);
    expect(ranking.rows[0]!.metrics[2]!.figure).toEqual({ estimate: 800, ciLow: 800, ciHigh: 800 });
    expect(ranks('enc cycles')).toEqual(['1', '2–3', '2–3', '4']);
    expect(ranking.rows.map((row) => formatRankRange(row.overall!))).toEqual(['1', '2–3', '2–3', '4']);
  });

  it('holds the rule’s effect and the group separations, in row indices and metric columns', async () => {
    const ranking = rankParameterSets(await kemDataset(TOY_KEM_SETS), { category: 'kem', target: 128 });
    // without enc (column 0) A (row 1) leads B (row 2)
    const withoutEnc = ranking.dropEffects.find((effect) => effect.column === 0)!;
    expect(withoutEnc.moved.map((move) => [move.item, formatRankRange(move.after!)])).toEqual([
      [1, '2'],
      [2, '3'],
    ]);
    expect(ranking.dropEffects.find((effect) => effect.column === 1)!.moved).toEqual([]);
    // kem-40 is ahead of the A/B group on enc and dec
    expect(ranking.separations[0]).toMatchObject({ group: 0, aheadOn: [0, 1] });
    expect(ranking.separations[0]!.worstMeanRank).toBeLessThan(ranking.separations[0]!.nextBestMeanRank);
  });

  it('lists a set without known target and one that failed its KAT apart, and ranks nothing it does not know', async () => {
    const dataset = await kemDataset(TOY_KEM_SETS);
    const ranking = rankParameterSets(dataset, { category: 'kem', target: 128 });
    expect(ranking.withoutTarget).toEqual([{ candidate: 'toy-d', instance: 'ToyD' }]);
    expect(ranking.notPassedKat).toEqual([{ candidate: 'toy-f', instance: 'F128', kat: 'MISMATCH' }]);
    expect(ranking.rows.some((row) => row.candidate === 'toy-d' || row.candidate === 'toy-f')).toBe(false);
    expect(rankParameterSets(dataset, { category: 'kem', target: 256 }).rows.map((row) => row.instance)).toEqual([
      'E256',
    ]);
    // a registered category without a set in the run: no rows, nothing apart
    expect(rankParameterSets(dataset, { category: 'sig', target: 128 })).toMatchObject({
      rows: [],
      withoutTarget: [],
    });
  });

  it('refuses the hash category, an unknown one and a target that is no number of bits', async () => {
    const dataset = await kemDataset(TOY_KEM_SETS);
    expect(() => rankParameterSets(dataset, { category: 'hash', target: 128 })).toThrow(/rankInstances/);
    expect(() => rankParameterSets(dataset, { category: 'kemx', target: 128 })).toThrow(ReportError);
    expect(() => rankParameterSets(dataset, { category: 'kem', target: 12.5 })).toThrow(/not a security target/);
    // the hash ranking keeps its call
    expect(rankInstances(dataset, 128)).toEqual([]);
  });
});
