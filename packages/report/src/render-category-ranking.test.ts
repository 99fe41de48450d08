// The ranking pages of a category other than hash, per claimed security target: built from
// test/fixtures/run-kem with chosen cycles, sizes and KAT verdicts (test/kem-ranking-dataset.ts).
import { describe, expect, it } from '@jest/globals';
import { splitByCategory } from './category-datasets.js';
import { buildCategoryTargetRanking } from './internal/category-ranking-model.js';
import { kemDataset, TOY_KEM_SETS } from '../test/kem-ranking-dataset.js';
import { renderRankingMarkdown } from './render-ranking-page.js';
import { renderRunReports } from './render-run-reports.js';
import type { Dataset } from './dataset.js';

function page(dataset: Dataset, target: number): string {
  const { hash, others } = splitByCategory(dataset);
  return renderRankingMarkdown(hash, target, { otherCategories: others });
}

function kemRanking(dataset: Dataset, target: number) {
  const { others } = splitByCategory(dataset);
  return buildCategoryTargetRanking(others[0]!, target);
}

const rangeOf = (ranking: ReturnType<typeof kemRanking>, instance: string, column: number): string | null => {
  const rank = ranking.rows.find((row) => row.entry.instance === instance)!.ranking.metricRanks[column];
  if (rank == null) return null;
  const text = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
  return rank.low === rank.high ? text(rank.low) : `${text(rank.low)}–${text(rank.high)}`;
};

describe('the KEM ranking per claimed security target', () => {
  const facts = TOY_KEM_SETS;

  it('picks one set per candidate by the published rule and names the others under it', async () => {
    const ranking = kemRanking(await kemDataset(facts), 128);
    expect(
      ranking.rows.map((row) => [row.entry.instance, row.chosenBy, row.others.map((o) => o.entry.instance)]),
    ).toEqual([
      ['yuanyang-512', 'published', ['yuanyang-lite-128']],
      ['A128', 'only', []],
      ['B128', 'only', []],
      ['C128s', 'fastest', ['C128']],
    ]);
    const markdown = page(await kemDataset(facts), 128);
    expect(markdown).toContain(
      '| [kem-40](kem-40/perf_toy_1.md) `yuanyang-512` | published set | bundled data (site-arm_1-ranking-128) |',
    );
    expect(markdown).toContain('| not ranked | ↳ `yuanyang-lite-128` | — | its name |');
    expect(markdown).toContain('| [toy-c](toy-c/perf_toy_1.md) `C128s` | fastest of its sets | its name |');
    expect(markdown).toContain('the set that comparison ranks for the candidate at this target');
  });

  it('ties equal sizes at their average position and gives overlapping trials one range', async () => {
    const ranking = kemRanking(await kemDataset(facts), 128);
    // public key: 800, 800, 1000, 2000 bytes — the two 800s tie exactly
    expect(['yuanyang-512', 'A128', 'B128', 'C128s'].map((name) => rangeOf(ranking, name, 2))).toEqual([
      '1.5',
      '1.5',
      '3',
      '4',
    ]);
    // enc: 200 k ±5 % and 204 k ±5 % cannot be told apart; 100 k and 700 k are
    expect(['yuanyang-512', 'A128', 'B128', 'C128s'].map((name) => rangeOf(ranking, name, 0))).toEqual([
      '1',
      '2–3',
      '2–3',
      '4',
    ]);
    // A is ahead on dec, B on the ciphertext: over the four metrics their mean ranks cannot be told apart
    const overall = ranking.rows.map(({ ranking: { overall: rank } }) =>
      rank!.low === rank!.high ? String(rank!.low) : `${rank!.low}–${rank!.high}`,
    );
    expect(overall).toEqual(['1', '2–3', '2–3', '4']);
  });

  it('states what leaving out each metric does and what separates each group from the next', async () => {
    const markdown = page(await kemDataset(facts), 128);
    // without enc (where A and B overlap) or without the ciphertext (where B leads), A's lead on dec decides
    expect(markdown).toContain(
      'The rule’s effect, metric by metric: Without enc ticks: toy-a/A128 2–3 → 2, toy-b/B128 2–3 → 3. ' +
        'Without dec ticks: no row moves. Without public key bytes: no row moves. ' +
        'Without ciphertext bytes: toy-a/A128 2–3 → 2, toy-b/B128 2–3 → 3.',
    );
    // kem-40 leads both on enc and dec, ties A on the public key and trails B on the ciphertext
    expect(markdown).toContain('| ahead on enc ticks and dec ticks; mean rank at worst 1.38, the next at best 2.13 |');
    expect(markdown).toContain(
      '| ahead on enc ticks, dec ticks, public key bytes and ciphertext bytes; mean rank at worst 2.50, the next at best 4.00 |',
    );
  });

  it('lists a set whose target nothing states apart, by name, and ranks a 256-bit set on its own page', async () => {
    const dataset = await kemDataset(facts);
    const markdown = page(dataset, 128);
    expect(markdown).toContain(
      'No claimed security target is known for toy-d/ToyD: neither the bundled data nor the instance header or name states one, so it is ranked on no target page.',
    );
    expect(markdown).toContain('Claim this target but did not pass their KAT, so not ranked: toy-f/F128 (KAT MISMATCH');
    expect(kemRanking(dataset, 256).rows.map((row) => row.entry.instance)).toEqual(['E256']);
    expect(markdown).not.toContain('ToyD`');
    // the pages validate as rendered: the same dataset renders the same files
    const first = renderRunReports(dataset).filter((file) => file.path.includes('ranking_'));
    expect(first.map((file) => file.path)).toEqual([
      'reports/ranking_toy_1_128.md',
      'reports/ranking_toy_1_128.html',
      'reports/ranking_toy_1_256.md',
      'reports/ranking_toy_1_256.html',
      'reports/ranking_toy_1_512.md',
      'reports/ranking_toy_1_512.html',
      'reports/ranking_toy_1_instances.md',
      'reports/ranking_toy_1_instances.html',
    ]);
    expect(renderRunReports(dataset).filter((file) => file.path.includes('ranking_'))).toEqual(first);
  });
});
