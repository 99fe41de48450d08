// The summary of a run whose instances are all public-key: its verdict line counts them (not "0
// candidates, 0 instances"), it describes the per-operation figures instead of the hash table's
// per-byte ones, and its page list links each candidate. From test/fixtures/run-kem.
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from '@jest/globals';
import { loadRunDirectory } from './load-run-directory.js';
import { REPORT_PATHS, renderRunReports } from './render-run-reports.js';

const RUN = fileURLToPath(new URL('../test/fixtures/run-kem', import.meta.url));

describe('the summary of a public-key run', () => {
  test('counts the public-key instances and links their candidate', async () => {
    const dataset = await loadRunDirectory(RUN);
    const path = REPORT_PATHS.summaryMarkdown(dataset.campaign.systemId);
    const page = renderRunReports(dataset).find((file) => file.path === path)!.content;
    const lines = page.split('\n');
    expect(lines).toContain(
      '1 candidate, 2 instances · KAT: 0 pass, 0 fail, 2 without a reference · constant-time: 0 of 2',
    );
    expect(page).toContain('by category: the KAT verdict and the headline');
    expect(page).not.toMatch(/per call at {2}—|at 0 B the headline/);
    expect(page).toContain('[kem-99](kem-99/perf_');
  });
});
