// The wording of every KAT verdict on every page and export, checked against the one table of
// meanings (KAT_VERDICT_MEANINGS): a page never says more or other than the verdict means —
// NOKAT is "not checked", never "failed" or "wrong answers"; only a PASS is ranked anywhere.
import { describe, expect, it } from '@jest/globals';
import { katVerdictSchema, type KatVerdict } from '@ngcc-perf/record';
import { KAT_VERDICT_MEANINGS, countKatOutcomes, describeKatOutcomes } from './kat-verdict-meanings.js';
import { RECORDS_CSV_COLUMNS } from './render-records-csv.js';
import { REPORT_PATHS, renderRunReports } from './render-run-reports.js';
import { makeDataset } from '../test/make-dataset.js';
import type { Dataset } from './dataset.js';

const TRIALS = [1, 2, 3].map((index) => ({
  cpu: 1,
  baselineRssBytes: 1 << 20,
  peakRssBytes: 1 << 21,
  trial: { iterations: 1000, seconds: 0.001, ticks: 1_000_000 + index * 1000 },
}));

/** `ref` (PASS) and `toy` with `verdict`, both timed at 64 B and 4 KiB. */
function datasetWith(verdict: KatVerdict): Dataset {
  const dataset = makeDataset({
    candidate: 'toy-candidate',
    algorithm: 'TOY',
    instances: ['ref', 'toy'].map((instance) => ({ instance, katLogSha256: 'c'.repeat(64), imageBytes: 4096 })),
    records: ['ref', 'toy'].flatMap((instance) =>
      [64, 4096].map((messageBytes) => ({ instance, messageBytes, imageBytes: 4096, processes: TRIALS })),
    ),
    campaign: {
      plan: {
        ...makeDataset({ candidate: 'x', algorithm: 'X', instances: [], records: [] }).campaign.plan,
        messageSizesBytes: [64, 4096],
      },
    },
  });
  dataset.build.instances.find((entry) => entry.instance === 'toy')!.kat = verdict;
  for (const { record } of dataset.records) if (record.instance === 'toy') record.kat = verdict;
  return dataset;
}

function files(dataset: Dataset): Map<string, string> {
  return new Map(renderRunReports(dataset).map((file) => [file.path, file.content]));
}

/** The cells of the Markdown table row that holds `` `toy` `` on a page. */
function toyRow(page: string): string[] {
  const line = page.split('\n').find((text) => text.startsWith('|') && text.includes('`toy`'));
  return line === undefined ? [] : line.split('|').map((cell) => cell.trim());
}

const VERDICTS = katVerdictSchema.options;

describe('every KAT verdict is worded by the one table of meanings', () => {
  it('the table has every verdict the ICCS KAT rules define, and nothing else', () => {
    expect(Object.keys(KAT_VERDICT_MEANINGS).sort()).toEqual([...VERDICTS].sort());
    expect(KAT_VERDICT_MEANINGS.PASS.outcome).toBe('correct');
    expect(KAT_VERDICT_MEANINGS.MISMATCH.outcome).toBe('wrong');
    expect(KAT_VERDICT_MEANINGS.NOKAT.outcome).toBe('unchecked');
    for (const verdict of ['CRYPTOFAIL', 'OVERFLOW', 'LOADFAIL', 'TIMEOUT', 'CRASH'] as const)
      expect(KAT_VERDICT_MEANINGS[verdict].outcome).toBe('faulted');
  });

  it.each(VERDICTS)(
    '%s: the index, summary, candidate page, site index, rankings and CSV say what it means',
    (verdict) => {
      const meaning = KAT_VERDICT_MEANINGS[verdict];
      const dataset = datasetWith(verdict);
      const pages = files(dataset);
      const page = (file: string): string => pages.get(file)!;
      const all = [...pages.values()].join('\n');

      // index and summary cells: the table's label
      expect(toyRow(page(REPORT_PATHS.systemIndexMarkdown('x86_1')))).toContain(meaning.label);
      expect(toyRow(page(REPORT_PATHS.summaryMarkdown('x86_1')))).toContain(meaning.label);
      // the site index counts outcomes in the table's words
      const counts = countKatOutcomes(['PASS', verdict]);
      expect(page(REPORT_PATHS.siteIndexMarkdown)).toContain(
        counts.correct === 2 ? ' · KAT PASS' : `KAT: ${describeKatOutcomes(counts)}`,
      );
      // the candidate page: the label in §3 and, for anything but PASS, its meaning
      const candidate = page(REPORT_PATHS.candidateMarkdown('toy-candidate', 'x86_1'));
      expect(candidate).toContain(`| \`toy\` | guide | ${meaning.label} |`);
      if (verdict !== 'PASS') expect(candidate).toContain(`${meaning.label}: the instance ${meaning.meaning}.`);
      // the exports carry the code, whose meaning the table gives
      const csv = page(REPORT_PATHS.recordsCsv('x86_1')).split('\n');
      const katColumn = RECORDS_CSV_COLUMNS.indexOf('kat');
      expect(new Set(csv.slice(1, -1).map((line) => line.split(',')[katColumn]))).toEqual(new Set(['PASS', verdict]));

      // nothing says more than the verdict means
      if (meaning.outcome !== 'wrong') expect(all).not.toContain('wrong answers');
      if (meaning.outcome === 'unchecked' || meaning.outcome === 'correct') {
        expect(all).not.toMatch(/KAT failed|failed (its|their|the) KAT|⚠ NOKAT/);
        expect(toyRow(page(REPORT_PATHS.systemIndexMarkdown('x86_1'))).join(' ')).not.toContain('⚠');
      }
      if (meaning.outcome === 'wrong' || meaning.outcome === 'faulted')
        expect(toyRow(page(REPORT_PATHS.systemIndexMarkdown('x86_1'))).join(' ')).toContain('⚠');

      // only a PASS is ranked: the summary's rank column and the ranking pages agree
      const summaryRank = toyRow(page(REPORT_PATHS.summaryMarkdown('x86_1')))[6];
      const ranking = page(REPORT_PATHS.rankingMarkdown('x86_1', 'instances'));
      if (verdict === 'PASS') {
        expect(summaryRank).not.toBe('—');
        expect(ranking).toContain('`toy`');
      } else {
        expect(summaryRank).toBe('—');
        expect(ranking).toContain(`toy-candidate/toy (KAT ${verdict}: ${meaning.short})`);
      }
    },
  );
});

describe('the site index says what was measured', () => {
  it('names the sizes the index shows (64 B and 4 KiB), and links only ranking pages that rank an instance', () => {
    const site = files(datasetWith('PASS')).get(REPORT_PATHS.siteIndexMarkdown)!;
    expect(site).toContain(': every instance at 64 B and 4 KiB (');
    expect(site).not.toContain('32 B, 1 KiB and 64 KiB');
    // every instance has 512-bit digests (the 256-bit target): the 128- and 512-bit pages rank nothing and are not linked
    expect(site).toContain(
      'ranking by security target: 128-bit (no eligible instance), [256-bit](ranking_x86_1_256.md), 512-bit (no eligible instance); [every instance](ranking_x86_1_instances.md)',
    );
    expect(site).not.toContain('ranking_x86_1_512.md');
    expect(site).not.toContain('ranking_x86_1_128.md');
  });

  it('with no instance eligible, no ranking page is linked and the summary ranks nothing', () => {
    const dataset = datasetWith('NOKAT');
    dataset.build.instances.find((entry) => entry.instance === 'ref')!.kat = 'MISMATCH';
    for (const { record } of dataset.records) if (record.instance === 'ref') record.kat = 'MISMATCH';
    const pages = files(dataset);
    expect(pages.get(REPORT_PATHS.siteIndexMarkdown)!).not.toMatch(/\]\(ranking_x86_1_\w+\.md\)/);
    const summary = pages.get(REPORT_PATHS.summaryMarkdown('x86_1'))!;
    const rows = summary.split('\n').filter((line) => line.startsWith('| [toy-candidate]'));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.split('|').map((cell) => cell.trim())[6]).toBe('—');
  });
});
