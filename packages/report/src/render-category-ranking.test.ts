// The ranking pages of a category other than hash, per claimed security target: built from
// test/fixtures/run-kem (the toy KEM through the campaign), its instance and records copied under
// other candidates and names, with chosen cycles, sizes and KAT verdicts.
import { describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { headlineFigure } from '@ngcc-perf/stats';
import { splitByCategory } from './category-datasets.js';
import { buildCategoryTargetRanking } from './internal/category-ranking-model.js';
import { loadRunDirectory } from './load-run-directory.js';
import { renderRankingMarkdown } from './render-ranking-page.js';
import { renderRunReports } from './render-run-reports.js';
import type { Dataset } from './dataset.js';

const RUN = fileURLToPath(new URL('../test/fixtures/run-kem', import.meta.url));

interface SetFacts {
  candidate: string;
  algorithm?: string;
  instance: string;
  /** Ticks per call of enc and dec; the trials spread ±`spread` around them. */
  enc: number;
  dec: number;
  pk: number;
  ct: number;
  spread?: number;
  kat?: 'PASS' | 'MISMATCH';
}

/** The run-kem fixture with one copy of its `ToyKEM` instance and records per set, measured apart (no batch). */
async function kemDataset(facts: readonly SetFacts[]): Promise<Dataset> {
  const base = await loadRunDirectory(RUN);
  const template = base.build.instances.find((entry) => entry.instance === 'ToyKEM')!;
  const records = (base.operationRecords ?? []).filter(({ record }) => record.instance === 'ToyKEM');
  const dataset = structuredClone(base);
  dataset.build.instances = facts.map((item) => ({
    ...structuredClone(template),
    candidate: item.candidate,
    algorithm: item.algorithm ?? item.candidate,
    instance: item.instance,
    kat: item.kat ?? 'PASS',
    sizes: template.sizes!.map((size) => {
      const bytes = size.key === 'pk' ? item.pk : size.key === 'ct' ? item.ct : size.getterBytes;
      return { ...size, getterBytes: bytes, writtenBytes: bytes };
    }),
  }));
  dataset.operationRecords = facts.flatMap((item) =>
    records.map(({ record }) => {
      const copy = structuredClone(record);
      Object.assign(copy, { candidate: item.candidate, instance: item.instance });
      const perCall = copy.operation.name === 'enc' ? item.enc : copy.operation.name === 'dec' ? item.dec : 1000;
      const trials = copy.processes.flatMap((entry) => (entry.trial === null ? [] : [entry.trial]));
      trials.forEach((trial, index) => {
        trial.ticks = Math.round(trial.iterations * perCall * (1 + (index - 1) * (item.spread ?? 0.01)));
      });
      if (copy.status === 'complete') copy.derived.headline = { ...copy.derived.headline!, ...headlineFigure(trials) };
      delete copy.interleaving;
      return { file: `records/${item.candidate}/${item.instance}__${copy.operation.name}.json`, record: copy };
    }),
  );
  return dataset;
}

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
  const facts: SetFacts[] = [
    // the published 128-bit set of kem-40 (its name says 512: the bundled data decide), and a faster set of
    // the same candidate whose name says 128, which the published rule does not pick
    { candidate: 'kem-40', instance: 'yuanyang-512', enc: 100_000, dec: 120_000, pk: 800, ct: 700 },
    { candidate: 'kem-40', instance: 'yuanyang-lite-128', enc: 50_000, dec: 60_000, pk: 800, ct: 700 },
    // two candidates whose enc trials overlap (±5 %), one of them with kem-40's public key size
    { candidate: 'toy-a', instance: 'A128', enc: 200_000, dec: 210_000, pk: 800, ct: 900, spread: 0.05 },
    { candidate: 'toy-b', instance: 'B128', enc: 204_000, dec: 400_000, pk: 1000, ct: 500, spread: 0.05 },
    // a candidate with two sets at 128 and none published: the faster by mean cycle rank represents it
    { candidate: 'toy-c', instance: 'C128', enc: 900_000, dec: 900_000, pk: 2000, ct: 2000 },
    { candidate: 'toy-c', instance: 'C128s', enc: 700_000, dec: 800_000, pk: 2000, ct: 2000 },
    // one at 256 by its name, one whose target nothing states, one that failed its KAT
    { candidate: 'toy-e', instance: 'E256', enc: 1, dec: 1, pk: 1, ct: 1 },
    { candidate: 'toy-d', instance: 'ToyD', enc: 1, dec: 1, pk: 1, ct: 1 },
    { candidate: 'toy-f', instance: 'F128', enc: 1, dec: 1, pk: 1, ct: 1, kat: 'MISMATCH' },
  ];

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
