// One headline per operation: the same string on the summary, the candidate headline, §4's
// reliability table and the CSV/JSON exports, computed here from the trials with the stats
// package alone; and × baseline, which reads 1.00× for a candidate that is the baseline.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { formatHeadlineCyclesPerByte, headlineFigure } from '@ngcc-perf/stats';
import { loadRunDirectory } from './load-run-directory.js';
import { renderCandidateMarkdown } from './render-candidate-markdown.js';
import { RECORDS_CSV_COLUMNS, renderRecordsCsv } from './render-records-csv.js';
import { renderRecordsJson } from './render-records-json.js';
import { renderMethodMarkdown } from './render-method-markdown.js';
import { renderSystemSummaryMarkdown } from './render-system-summary.js';
import type { Dataset } from './dataset.js';
import { withBaseline } from '../test/with-baseline.js';
import type { TimingRecord } from '@ngcc-perf/record';

const REAL_RUN = fileURLToPath(new URL('../test/fixtures/run-real', import.meta.url));

/** The headline of a record as the stats package makes it from the record's trials. */
function expectedHeadline(record: TimingRecord): string {
  const trials = record.processes.flatMap((process) => (process.trial === null ? [] : [process.trial]));
  return formatHeadlineCyclesPerByte(headlineFigure(trials), record.messageBytes);
}

const withRealBaseline = (): Promise<Dataset> => withBaseline(REAL_RUN);

describe('one headline string per operation on every page and export', () => {
  it('summary, candidate headline, §4 reliability table, CSV and JSON agree for every operation', async () => {
    const dataset = await loadRunDirectory(REAL_RUN);
    const summary = renderSystemSummaryMarkdown(dataset);
    const csv = renderRecordsCsv(dataset).trimEnd().split('\n').slice(1);
    const column = RECORDS_CSV_COLUMNS.indexOf('headlineCyclesPerByte');
    const json = JSON.parse(renderRecordsJson(dataset)) as {
      records: { file: string; headline: { text: string; medianCycles: number } | null }[];
    };
    let checked = 0;
    for (const { file, record } of dataset.records) {
      const expected = expectedHeadline(record);
      const longest = record.messageBytes === 65536;
      const page = renderCandidateMarkdown(dataset, record.candidate);
      // §4: the reliability row of this operation
      expect(page).toMatch(
        new RegExp(`\\| \`${record.instance}\` \\| ${record.messageBytes} B \\|.*\\| ${escape(expected)} \\|`),
      );
      if (longest) {
        // the summary's per-byte column and the candidate headline are at 64 KiB
        expect(summary).toMatch(new RegExp(`\\| \`${record.instance}\` \\|.*\\| ${escape(expected)}( ‡)? \\|`));
        expect(page).toMatch(new RegExp(`^\\| \`${record.instance}\` \\| PASS \\| ${escape(expected)}( ‡)? \\|`, 'm'));
      }
      const csvRow = csv.find((line) => line.endsWith(`,${file}`))!;
      expect(csvRow.split(',')[column]).toBe(expected);
      expect(json.records.find((entry) => entry.file === file)!.headline!.text).toBe(expected);
      checked += 1;
    }
    expect(checked).toBe(16);
  });
});

describe('× baseline', () => {
  it('a candidate that is the baseline reads 1.00× within its interval; twice the baseline’s ticks read 0.50×', async () => {
    const dataset = await withRealBaseline();
    const summary = renderSystemSummaryMarkdown(dataset);
    expect(summary).toContain('× pseudoXOF @ 64 KiB');
    const sha512 = summary.split('\n').find((line) => line.includes('| `sha512` |'))!;
    const multiple = /\| (\d+\.\d+)× \((\d+\.\d+)–(\d+\.\d+)\) \|/.exec(sha512)!;
    expect(multiple[1]).toBe('1.00');
    expect(Number(multiple[2])).toBeLessThanOrEqual(1);
    expect(Number(multiple[3])).toBeGreaterThanOrEqual(1);
    expect(summary.split('\n').find((line) => line.includes('| `sm3` |'))).toMatch(/\| 0\.50× \(/);
    // the baseline is listed apart, not ranked among the candidates
    expect(summary).toContain('## Baseline');
    expect(summary).toMatch(/\| pseudoXOF \| `pseudoxof_512` \| 512 \| PASS \|/);
    expect(summary.split('## Baseline')[0]).not.toContain('`pseudoxof_512`');
    const page = renderCandidateMarkdown(dataset, 'example-sha512');
    expect(page).toMatch(/^\| `sha512` \| PASS \| [^|]+ \| 1\.00× \(/m);
    expect(renderMethodMarkdown(dataset)).toContain('## Baseline');
    const json = JSON.parse(renderRecordsJson(dataset)) as {
      records: { file: string; baselineMultiple: { ratio: number } | null }[];
    };
    const sha512Json = json.records.filter((entry) => entry.file.startsWith('records/example-sha512/'));
    expect(sha512Json.every((entry) => entry.baselineMultiple?.ratio === 1)).toBe(true);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
