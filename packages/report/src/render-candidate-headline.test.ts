import { describe, expect, it } from '@jest/globals';
import { makeDataset, markdownTableRowsAfter } from '../test/make-dataset.js';
import { memoryDataset } from '../test/memory-dataset.js';
import { seed000Dataset } from '../test/seed-datasets.js';
import { renderCandidateHtml } from './render-candidate-html.js';
import { renderCandidateMarkdown } from './render-candidate-markdown.js';
import { renderSystemSummaryMarkdown } from './render-system-summary.js';
import type { Dataset } from './dataset.js';

/** Two instances at 64 and 1024 B (a `--sizes 64,1024` run); `noisy` gets a 20 % trial CV at 1024 B. */
function smallRun(): Dataset {
  const trial = (ticks: number) => ({
    cpu: 1,
    baselineRssBytes: 1720 * 1024,
    peakRssBytes: 1852 * 1024,
    trial: { iterations: 1000, seconds: 0.001, ticks },
  });
  const dataset = makeDataset({
    candidate: 'hash-99',
    algorithm: 'Toy',
    instances: [
      { instance: 'steady', katLogSha256: 'a'.repeat(64), imageBytes: 7029 },
      { instance: 'noisy', katLogSha256: 'b'.repeat(64), imageBytes: 7030 },
    ],
    records: [64, 1024].flatMap((messageBytes) => [
      {
        instance: 'steady',
        messageBytes,
        imageBytes: 7029,
        processes: [1, 2, 3].map(() => trial(messageBytes * 7000)),
      },
      {
        instance: 'noisy',
        messageBytes,
        imageBytes: 7030,
        processes: [7000, 7000, 11000].map((perByte) => trial(messageBytes * perByte)),
      },
    ]),
  });
  for (const { record } of dataset.records) {
    if (record.status === 'complete') {
      record.derived.cv = record.instance === 'noisy' && record.messageBytes === 1024 ? 0.2 : 0.01;
      record.derived.outlierTrials = [];
    }
  }
  dataset.build.instances[1]!.kat = 'MISMATCH';
  return dataset;
}

describe('the headline block of a candidate page', () => {
  it('comes right after the title and breadcrumbs, before the introduction, one row per instance', () => {
    const page = renderCandidateMarkdown(seed000Dataset().dataset, 'hash-15');
    const lines = page.split('\n');
    expect(lines[0]).toBe('# hash-15 Litchi — performance on x86-64 (system x86_1)');
    expect(lines[2]).toBe(
      '[Performance measurements](../index.md) › [x86_1](../index_x86_1.md) › hash-15 · [method](../method_x86_1.md) · system: x86_1',
    );
    expect(markdownTableRowsAfter(page, lines[2]!)).toEqual([
      '| instance | KAT | cycles/byte (interval) | MB/s | trial CV | static image |',
      '|---|---|---|---|---|---|',
      // the seed's §4 figures at 65536 B (its trials agree: the interval is the figure) and its
      // §5 static image (14981 B = 14.6 KiB); the seed's records carry no CV field: not recorded
      '| `litchi_512` | PASS | 31.5 (31.5–31.5) | 66.4 | not recorded | 14.6 KiB |',
      '| `litchi_768` | PASS | 41.8 (41.8–41.8) | 50.1 | not recorded | 12.4 KiB |',
      '| `litchi_1024` | PASS | 61.2 (61.2–61.2) | 34.2 | not recorded | 12.4 KiB |',
      '| `litchi_xof` | PASS | 53.8 (53.8–53.8) | 38.9 | not recorded | 12.9 KiB |',
    ]);
    expect(page).toContain(
      'At a glance: figures at the longest message measured, 65536 B; cycles/byte is the headline — the median of the trial means',
    );
    expect(page.indexOf('At a glance')).toBeLessThan(
      page.indexOf('These figures come from an independent measurement'),
    );
  });

  it('marks a failed KAT with ⚠ in red and an unsteady figure with ‡, names the other systems', () => {
    const html = renderCandidateHtml(smallRun(), 'hash-99', { otherSystems: ['arm_1'] });
    const headline = html.slice(html.indexOf('<section class="headline"'), html.indexOf('</section>'));
    expect(headline).toContain('<td><span class="tone-good">PASS</span></td>');
    expect(headline).toContain('<td><span class="tone-bad">⚠ MISMATCH</span></td>');
    expect(headline).toContain('<caption>At a glance, per instance (figures at 1024 B)</caption>');
    expect(headline).toContain(
      '<td><span class="tone-bad">⚠ MISMATCH</span></td><td class="num">7.0 (7.0–11.0) ‡</td>',
    );
    expect(headline).toContain('<td class="num">20.0 % ‡</td>');
    expect(html).toContain('system: <a href="perf_arm_1.html">arm_1</a> · x86_1</nav>');
  });

  it('shows the stack and heap peak of one call when the records measured them', () => {
    const page = renderCandidateMarkdown(
      memoryDataset([
        { messageBytes: 32, stack: 712, heap: 32, operation: null },
        { messageBytes: 65536, stack: 66248, heap: 65536, operation: null },
      ]),
      'example-sm3',
    );
    expect(page).toContain(
      '| instance | KAT | cycles/byte (interval) | MB/s | trial CV | static image | stack | heap peak |',
    );
    expect(page).toContain('| `sm3` | PASS | 0.0 (0.0–0.0) | 65536.0 | not recorded | 5225 B | 64.7 KiB | 64.0 KiB |');
  });
});

describe('reliability where the number is', () => {
  it('§4: ‡ on the unsteady row, and a reliability row per record with CV, limit and interval', () => {
    const page = renderCandidateMarkdown(smallRun(), 'hash-99');
    expect(page).toContain('| `noisy` | 1024 B | 8533 | 8.3 ‡ |');
    expect(page).toContain('‡ marks 1 of 4 rows for which the trial CV');
    expect(page).toMatch(/\| `noisy` \| 1024 B \| 20\.0 % ‡ \| 5 % \| — \| 7\.0 \(7\.0–11\.0\) \| 0 of 3 \|/);
    expect(page).toMatch(/\| `steady` \| 1024 B \| 1\.0 % \| 5 % \| — \| 7\.0 \(7\.0–7\.0\) \| 0 of 3 \|/);
  });

  it('summary: columns follow the sizes measured, ranks by the median with a shared range where intervals overlap, names the unsteady size', () => {
    const run = smallRun();
    for (const entry of run.build.instances) entry.kat = 'PASS';
    const page = renderSystemSummaryMarkdown(run);
    expect(markdownTableRowsAfter(page, '## Instances')).toEqual([
      '| candidate | instance | cycles @ 64 B | cycles @ 1 KiB | cycles/byte @ 1 KiB | rank | KAT |',
      '|---|---|---|---|---|---|---|',
      // noisy: trials at 7, 7 and 11 cycles/byte — a mean of 8.3, but the headline (median trial)
      // equals steady's 7.0, with the interval 7.0–11.0: the intervals overlap, so the two share
      // the rank range 1–2 (the summary no longer orders what the trials cannot separate)
      '| [hash-99](hash-99/perf_x86_1.md) | `steady` | 448 | 7168 | 7.0 (7.0–7.0) | 1–2 | PASS |',
      '| [hash-99](hash-99/perf_x86_1.md) | `noisy` | 448 | 7168 ‡ | 7.0 (7.0–11.0) ‡ | 1–2 | PASS |',
    ]);
    // notes sit below the table, not in a column of it
    expect(page).toContain('- `noisy`: trial CV above its limit at 1024 B (20.0 %)');
  });

  it('summary: ranks only what the ranking pages rank — an instance without a KAT pass gets no rank', () => {
    const page = renderSystemSummaryMarkdown(smallRun());
    expect(markdownTableRowsAfter(page, '## Instances').slice(2)).toEqual([
      '| [hash-99](hash-99/perf_x86_1.md) | `steady` | 448 | 7168 | 7.0 (7.0–7.0) | 1 | PASS |',
      '| [hash-99](hash-99/perf_x86_1.md) | `noisy` | 448 | 7168 ‡ | 7.0 (7.0–11.0) ‡ | — | ⚠ MISMATCH |',
    ]);
  });
});

describe('evidence index on the HTML page', () => {
  it('links each file and sorts sizes naturally (hash_128 before hash_1024); Markdown keeps the seeds’ order', () => {
    const { dataset } = seed000Dataset();
    const html = renderCandidateHtml(dataset, 'hash-15');
    const evidence = html.slice(html.indexOf('id="evidence"'));
    const files = [...evidence.matchAll(/<a href="\.\.\/\.\.\/records\/hash-15\/litchi_512__hash_(\d+)\.json">/g)].map(
      (match) => Number(match[1]),
    );
    expect(files).toEqual([32, 128, 512, 1024, 4096, 8192, 16384, 65536]);
    const markdown = renderCandidateMarkdown(dataset, 'hash-15');
    expect(markdown.indexOf('litchi_512__hash_1024.json')).toBeLessThan(markdown.indexOf('litchi_512__hash_128.json'));
  });
});
