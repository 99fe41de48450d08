// The constant-time overview of a run whose instances are all public-key (no hash instance): its
// opening counts the audited instances and their findings, and each category's table names the
// operations audited with their secret buffers and the number of findings, never "ran without its
// ct phase" for an instance that was audited. From test/fixtures/run-kem with the audit of
// test/fixtures/run-site's ToyKEM128 (a real audit of the toy KEM's dec) given to its instances.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from '@jest/globals';
import type { BuildInstance, CtAudit } from '@ngcc-perf/record';
import { loadRunDirectory } from './load-run-directory.js';
import { REPORT_PATHS, renderRunReports } from './render-run-reports.js';
import type { Dataset } from './dataset.js';

const RUN = fileURLToPath(new URL('../test/fixtures/run-kem', import.meta.url));
const SITE_BUILD = fileURLToPath(new URL('../test/fixtures/run-site/build.json', import.meta.url));

const siteAudit = (): CtAudit =>
  (JSON.parse(readFileSync(SITE_BUILD, 'utf8')) as { instances: BuildInstance[] }).instances.find(
    (entry) => entry.instance === 'ToyKEM128',
  )!.ct!;

function overview(dataset: Dataset): string {
  const path = REPORT_PATHS.constantTimeMarkdown(dataset.campaign.systemId);
  return renderRunReports(dataset).find((file) => file.path === path)!.content;
}

function withAudits(dataset: Dataset, audits: (CtAudit | undefined)[]): Dataset {
  return {
    ...dataset,
    build: {
      ...dataset.build,
      instances: dataset.build.instances.map((entry, index) => ({ ...entry, ct: audits[index] })),
    },
  };
}

describe('the constant-time overview of a public-key run', () => {
  test('counts the audited instances and findings, and names the audited operations with their secrets', async () => {
    const dataset = await loadRunDirectory(RUN);
    const clean = siteAudit();
    const finding = {
      kind: 'branch' as const,
      function: 'toy_dec',
      file: 'toy.c',
      line: 12,
      source: 'memcheck' as const,
      firstMessageBits: null,
      occurrences: 3,
      origin: { function: 'kem_dec', file: 'toy.c', line: 40 },
      libraryFrames: [{ function: 'toy_dec', file: 'toy.c', line: 12 }],
    };
    const dependent: CtAudit = { ...clean, verdict: 'secret-dependent', findings: [finding] };
    const page = overview(withAudits(dataset, [dependent, clean]));
    expect(page).toContain('2 of 2 instances audited; 1 secret-dependent with 1 finding in all.');
    expect(page).not.toContain('ran without its ct phase');
    expect(page).not.toContain('covers hash instances, and this run has none');
    const rows = page.split('\n').filter((line) => line.startsWith('| [kem-99]'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(
      '| secret-dependent | dec (sk) | 1 | findings with their lines on the candidate’s page |',
    );
    expect(rows[1]).toContain('| constant-time | dec (sk) | 0 | no finding; limits on the candidate’s page |');
  });

  test('an instance without an audit says the run had no ct phase for it, and the opening says none was audited', async () => {
    const dataset = await loadRunDirectory(RUN);
    const page = overview(withAudits(dataset, [undefined, undefined]));
    expect(page).toContain('No instance was audited in this run');
    const rows = page.split('\n').filter((line) => line.startsWith('| [kem-99]'));
    expect(
      rows.every((row) => row.includes('| not audited | — | — | not audited: the campaign ran without its ct phase |')),
    ).toBe(true);
  });
});
