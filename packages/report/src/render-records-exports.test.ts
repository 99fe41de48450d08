import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { loadRunDirectory } from './load-run-directory.js';
import { RECORDS_CSV_COLUMNS, renderRecordsCsv } from './render-records-csv.js';
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
