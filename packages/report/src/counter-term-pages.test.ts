// One term per counter on every page: a run whose counter runs at a fixed rate (TSC) says "ticks"
// wherever a figure is meant; a run that counted core clock cycles (PMU) says "cycles".
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { seed000Dataset } from '../test/seed-datasets.js';
import { loadRunDirectory } from './load-run-directory.js';
import { renderRunReports } from './render-run-reports.js';

const REAL_RUN = fileURLToPath(new URL('../test/fixtures/run-real', import.meta.url));

/** The text a reader sees: HTML without its style sheet and tags, Markdown as it is. */
function visibleText(path: string, content: string): string {
  if (!path.endsWith('.html')) return content;
  return content
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, '\n')
    .replace(/&#39;/g, "'");
}

// Where "cycle" names the thing a fixed-rate counter is not, not one of its figures.
const NOT_A_FIGURE = /core (clock )?cycles|(hardware|the) cycle counter|PERF_COUNT_HW_CPU_CYCLES/gi;

describe('the counter term on every page', () => {
  it('a TSC run: no page calls a figure "cycles"', async () => {
    const files = renderRunReports(await loadRunDirectory(REAL_RUN)).filter((file) => /\.(md|html)$/.test(file.path));
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) =>
      visibleText(file.path, file.content)
        .replace(NOT_A_FIGURE, '')
        .split('\n')
        .filter((line) => /\bcycles?\b/i.test(line))
        .map((line) => `${file.path}: ${line.trim().slice(0, 120)}`),
    );
    expect(found).toEqual([]);
    const candidatePage = files.find((file) => file.path === 'reports/example-sm3/perf_x86_1.md')!.content;
    expect(candidatePage).toContain('| instance | message | mean ticks | ticks/byte | mean time | MB/s | n |');
    const method = files.find((file) => file.path === 'reports/method_x86_1.md')!.content;
    expect(method).toContain('mean ticks = Σ ticks / n');
    expect(method).toMatch(/trial \d+ \(mean [0-9.]+ ticks\) lies outside Tukey's fences/);
    const ranking = files.find((file) => file.path === 'reports/ranking_x86_1_256.html')!.content;
    expect(ranking).toContain('each figure (ticks with their interval)');
  });

  it('a PMU (core-cycle) run: the same places say "cycles"', () => {
    const { dataset } = seed000Dataset();
    const files = renderRunReports(dataset);
    const text = (path: string): string => files.find((file) => file.path === path)!.content;
    expect(text('reports/hash-15/perf_x86_1.md')).toContain(
      '| instance | message | mean cycles | cycles/byte | mean time | MB/s | n |',
    );
    expect(text('reports/method_x86_1.md')).toContain('mean cycles = Σ ticks / n');
    expect(text('reports/index_x86_1.md')).toContain('Cycles per call at each message length');
    expect(text('reports/ranking_x86_1_instances.html')).toContain('each figure (cycles with their interval)');
    expect(
      files.filter((file) => /\.(md|html)$/.test(file.path)).some((file) => /\bticks\/byte\b/.test(file.content)),
    ).toBe(false);
  });
});
