import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { loadRunDirectory } from './load-run-directory.js';
import { RECORDS_CSV_COLUMNS, renderRecordsCsv } from './render-records-csv.js';
import { renderCandidateMarkdown } from './render-candidate-markdown.js';
import { RECORDS_EXPORT_FORMAT, renderRecordsJson } from './render-records-json.js';

const FIXTURE = fileURLToPath(new URL('../test/fixtures/run-small', import.meta.url));

describe('renderRecordsCsv on test/fixtures/run-small', () => {
  it('has the header and one row per instance × size, ordered by size, with the hand-computed figures', async () => {
    const lines = renderRecordsCsv(await loadRunDirectory(FIXTURE)).split('\n');
    expect(lines[0]).toBe(RECORDS_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(4); // header, 32 B, 128 B, final empty line
    const row = (index: number): Record<string, string> =>
      Object.fromEntries(lines[index]!.split(',').map((value, column) => [RECORDS_CSV_COLUMNS[column]!, value]));
    expect(row(1)).toMatchObject({
      system: 'x86_1',
      instance: 'sm3',
      messageBytes: '32',
      n: '40000',
      meanCycles: '4294.75',
      cyclesPerByte: '134.2109375',
      trials: '2',
      counter: 'tsc',
      record: 'records/example-sm3/sm3__hash_32.json',
    });
    expect(row(2)).toMatchObject({
      messageBytes: '128',
      meanCycles: '10475',
      cyclesPerByte: '81.8359375',
      stackHighWaterBytes: '',
    });
  });

  it('quotes fields with commas or quotes (RFC 4180)', async () => {
    const dataset = await loadRunDirectory(FIXTURE);
    dataset.campaign.systemId = 'x86,"1"';
    expect(renderRecordsCsv(dataset).split('\n')[1]!.startsWith('"x86,""1""",example-sm3,')).toBe(true);
  });

  it('neutralises every text cell a spreadsheet would execute, and keeps numbers as numbers (OWASP CSV injection)', async () => {
    const dataset = await loadRunDirectory(FIXTURE);
    dataset.campaign.systemId = '=2+5';
    const bySize = (bytes: number, small: string, large: string): string => (bytes === 32 ? small : large);
    for (const { record } of dataset.records) {
      Object.assign(record, {
        candidate: '+SUM(A1)',
        instance: bySize(record.messageBytes, '-2+3', '@cmd'),
        variant: bySize(record.messageBytes, '\tx', '\rx'),
      });
    }
    const lines = renderRecordsCsv(dataset).split('\n');
    const cells = lines.slice(1, 3).map((line) => line.split(','));
    const column = (name: (typeof RECORDS_CSV_COLUMNS)[number]): number => RECORDS_CSV_COLUMNS.indexOf(name);
    expect(cells.map((row) => row[column('system')])).toEqual(["'=2+5", "'=2+5"]);
    expect(cells.map((row) => row[column('candidate')])).toEqual(["'+SUM(A1)", "'+SUM(A1)"]);
    expect(cells.map((row) => row[column('instance')])).toEqual(["'-2+3", "'@cmd"]);
    expect(cells.map((row) => row[column('variant')])).toEqual(["'\tx", `"'\rx"`]);
    expect(cells[0]![column('messageBytes')]).toBe('32');
  });

  it('gives the interval of the mean exactly as the pages show it: two trials far apart do not give a negative bound', async () => {
    const dataset = await loadRunDirectory(FIXTURE);
    const record = dataset.records.find((entry) => entry.record.messageBytes === 32)!.record;
    record.derived = { ...record.derived!, ciLowCycles: -1834.8, ciHighCycles: 1878.4 };
    const row = renderRecordsCsv(dataset).split('\n')[1]!.split(',');
    const cell = (name: (typeof RECORDS_CSV_COLUMNS)[number]): string => row[RECORDS_CSV_COLUMNS.indexOf(name)]!;
    expect([cell('ciLowCycles'), cell('ciHighCycles')]).toEqual(['0', '1878.4']);
    expect(renderCandidateMarkdown(dataset, 'example-sm3')).toContain('0.0–58.7');
  });
});

describe('renderRecordsJson', () => {
  it('copies every record exactly as its file holds it', async () => {
    const exported = JSON.parse(renderRecordsJson(await loadRunDirectory(FIXTURE))) as {
      format: string;
      systemId: string;
      records: { file: string; record: unknown }[];
    };
    expect(exported.format).toBe(RECORDS_EXPORT_FORMAT);
    expect(exported.systemId).toBe('x86_1');
    expect(exported.records.map((entry) => entry.file)).toEqual([
      'records/example-sm3/sm3__hash_128.json',
      'records/example-sm3/sm3__hash_32.json',
    ]);
    expect(exported.records[1]!.record).toEqual(
      JSON.parse(readFileSync(`${FIXTURE}/records/example-sm3/sm3__hash_32.json`, 'utf8')),
    );
  });
});
