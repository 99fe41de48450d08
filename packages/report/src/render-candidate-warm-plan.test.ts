import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import type { Dataset } from './dataset.js';
import { loadRunDirectory } from './load-run-directory.js';
import { renderCandidateMarkdown } from './render-candidate-markdown.js';

const REAL_RUN = fileURLToPath(new URL('../test/fixtures/run-real', import.meta.url));
const SENTENCE =
  /For (\d+) of (\d+) operations the cold call took more than twice as long as the calls right after it — one-time set-up or cold caches, not the steady hash — so their trials were planned from those warm calls instead/;

describe('the candidate page on plans made from warm calls', () => {
  it('says nothing for runs whose plans predate the warm check (unchanged pages)', async () => {
    const page = renderCandidateMarkdown(await loadRunDirectory(REAL_RUN), 'example-sha512');
    expect(page).not.toMatch(SENTENCE);
  });

  it('counts the operations of this candidate planned from warm calls', async () => {
    const dataset = await loadRunDirectory(REAL_RUN);
    let marked = 0;
    const records = dataset.records.map((entry) => {
      if (
        entry.record.candidate !== 'example-sha512' ||
        entry.record.plan === null ||
        entry.record.plan === undefined ||
        marked === 2
      )
        return entry;
      marked += 1;
      return {
        ...entry,
        record: { ...entry.record, plan: { ...entry.record.plan, calibrationBasis: 'warm-calls' as const } },
      };
    });
    const total = records.filter(
      (entry) => entry.record.candidate === 'example-sha512' && entry.record.plan != null,
    ).length;
    const page = renderCandidateMarkdown({ ...dataset, records } as Dataset, 'example-sha512');
    expect(page.match(SENTENCE)?.slice(1)).toEqual(['2', String(total)]);
  });
});

describe('the candidate page on disturbed trials', () => {
  it('counts the reruns without claiming a slow clock as their only cause (a TSC run reruns for migrations and waits)', async () => {
    const dataset = await loadRunDirectory(REAL_RUN);
    const records = dataset.records.map((entry, index) =>
      entry.record.candidate === 'example-sha512' && index % 2 === 0
        ? { ...entry, record: { ...entry.record, disturbedRetries: 2 } }
        : entry,
    );
    const expected = records
      .filter((entry) => entry.record.candidate === 'example-sha512')
      .reduce((sum, entry) => sum + entry.record.disturbedRetries, 0);
    const page = renderCandidateMarkdown({ ...dataset, records } as Dataset, 'example-sha512');
    expect(expected).toBeGreaterThan(0);
    expect(page).toContain(
      `Trials rerun because they were disturbed (a core clock below 95 % of its fixed rate, a move to another CPU, or a wait for a CPU longer than 0.5 % of the loop): ${expected}.`,
    );
    expect(page).not.toContain('slower than 95 % of the fixed clock');
  });
});
