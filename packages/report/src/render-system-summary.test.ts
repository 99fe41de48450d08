import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { markdownTableRowsAfter } from '../test/make-dataset.js';
import { anchorDataset, seed000Dataset, seed001RssDataset } from '../test/seed-datasets.js';
import { loadRunDirectory } from './load-run-directory.js';
import { renderCrossSystemSummaryHtml, renderCrossSystemSummaryMarkdown } from './render-cross-system-summary.js';
import { renderSystemSummaryHtml, renderSystemSummaryMarkdown } from './render-system-summary.js';

const REAL_RUN = fileURLToPath(new URL('../test/fixtures/run-real', import.meta.url));

describe('renderSystemSummaryMarkdown', () => {
  it('seed 000: one row per instance with the seed figures at 32 B, 1 KiB, 64 KiB and cycles/byte at 64 KiB', () => {
    const page = renderSystemSummaryMarkdown(seed000Dataset().dataset);
    expect(page.split('\n')[0]).toBe('# Summary — x86-64 (system x86_1)');
    expect(markdownTableRowsAfter(page, '## Instances')).toEqual([
      '| candidate | instance | cycles @ 32 B | cycles @ 1 KiB | cycles @ 64 KiB | cycles/byte @ 64 KiB | rank | KAT |',
      '|---|---|---|---|---|---|---|---|',
      '| [hash-15](hash-15/perf_x86_1.md) | `litchi_512` | 4129 | 36.6 k | 2.06 M | 31.5 (31.5–31.5) | 1 | PASS |',
      '| [hash-15](hash-15/perf_x86_1.md) | `litchi_768` | 4162 | 44.4 k | 2.74 M | 41.8 (41.8–41.8) | 2 | PASS |',
      '| [hash-15](hash-15/perf_x86_1.md) | `litchi_1024` | 4111 | 66.7 k | 4.01 M | 61.2 (61.2–61.2) | 4 | PASS |',
      '| [hash-15](hash-15/perf_x86_1.md) | `litchi_xof` | 4291 | 58.0 k | 3.53 M | 53.8 (53.8–53.8) | 3 | PASS |',
    ]);
    expect(page).toContain('Cycles are core clock cycles counted by `pmu-cycles`.');
    expect(page).toContain('- [hash-15](hash-15/perf_x86_1.md) — Litchi\n- [method](method_x86_1.md): ');
    expect(page).toContain(
      '- exports: [`records_x86_1.csv`](../exports/records_x86_1.csv), [`records_x86_1.json`](../exports/records_x86_1.json)',
    );
  });

  it('seed 001: notes TaiChi-1024’s peak RSS growth (4268 → 12512 KiB, +193 %)', () => {
    const page = renderSystemSummaryMarkdown(seed001RssDataset());
    expect(page).toContain('| `TaiChi-1024` |');
    expect(page).toContain('peak RSS +193 % from 32 B to 65536 B');
  });

  it('a real run: fixed-rate ticks are named, unsteady trials noted', async () => {
    const page = renderSystemSummaryMarkdown(await loadRunDirectory(REAL_RUN));
    expect(page).toContain('Ticks are counts of the `tsc` counter at 2.45 GHz, a fixed rate: not core clock cycles.');
    // the first screen: the verdict line, then the host-fitness warning, before the table
    const lines = page.split('\n');
    expect(lines[4]).toBe('2 candidates, 2 instances · KAT: 2 pass, 0 fail · constant-time: not audited');
    expect(lines[6]).toMatch(
      /^⚠ Measured on a host not fit for measuring — no hardware cycle counter; running in a virtual machine/,
    );
    expect(page.indexOf('⚠ Measured on a host')).toBeLessThan(page.indexOf('## Instances'));
    // ‡ on each figure whose trial CV is above its limit; every size of this noisy VM run is, so the note gives the worst
    expect(page).toContain(
      '| [example-sm3](example-sm3/perf_x86_1.md) | `sm3` | 2650 ‡ | 48.9 k ‡ | 2.79 M ‡ | 42.6 (40.1–45.3) ‡ | 2 | PASS |',
    );
    expect(page).toContain('- `sm3`: trial CV above its limit at all 8 sizes (up to 36.4 % at 32 B)');
    expect(page).toContain(
      'ticks/byte with its interval (the lowest to the highest of the 5 trial means, 93.8 % coverage)',
    );
    expect(page).toContain('‡ marks a figure for which the trial CV');
  });

  it('HTML: a bar per instance, escaped, self-contained', () => {
    const html = renderSystemSummaryHtml(seed000Dataset().dataset);
    expect(html.match(/<rect class="mark"/g)).toHaveLength(4);
    expect(html).toContain(
      '<title id="summary-chart-title">Headline cycles/byte at 64 KiB by instance, fewest first (system x86_1)</title>',
    );
    expect(html).not.toMatch(/<script|<link|\bsrc=/);
  });
});

describe('renderCrossSystemSummaryMarkdown', () => {
  it('seed 000 (x86_1) beside the anchor’s arm_1 trials: two columns per system', () => {
    const page = renderCrossSystemSummaryMarkdown([seed000Dataset().dataset, anchorDataset()]);
    const rows = markdownTableRowsAfter(page, '## Instances');
    expect(rows[0]).toBe(
      '| candidate | instance | cycles @ 32 B (x86_1) | cycles/byte @ 64 KiB (x86_1) | cycles @ 32 B (arm_1) | cycles/byte @ 64 KiB (arm_1) | KAT |',
    );
    // the headline (median trial) on both systems: the anchor's arm_1 trials at 32 B have a mean of 3061
    expect(rows[2]).toBe('| hash-15 | `litchi_512` | 4129 | 31.5 (31.5–31.5) | 3065 | 23.7 (23.7–23.7) | PASS |');
    expect(
      renderCrossSystemSummaryHtml([seed000Dataset().dataset, anchorDataset()]).match(/<rect class="mark"/g),
    ).toHaveLength(8);
  });

  it('refuses two runs of the same system (DUPLICATE_SYSTEM)', () => {
    expect(() => renderCrossSystemSummaryMarkdown([seed000Dataset().dataset, seed000Dataset().dataset])).toThrow(
      expect.objectContaining({ code: 'DUPLICATE_SYSTEM' }),
    );
  });
});
