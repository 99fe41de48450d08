import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { loadRunDirectory } from './load-run-directory.js';
import { formatCycles } from '@ngcc-perf/stats';
import { answerHeader, answerTable, answerTables } from './run-answer-tables.js';

const RUN_SMALL = fileURLToPath(new URL('../test/fixtures/run-small', import.meta.url));
const RUN_KEM = fileURLToPath(new URL('../test/fixtures/run-kem', import.meta.url));

describe('answerHeader', () => {
  it('has a column for every measured length, and names the longest for the interval', () => {
    const { caption, columns } = answerHeader([32, 65536, 1024, 32], 'ticks');
    expect(caption).toBe(
      'ticks/byte by message length (median of the trial means); interval and × pseudoXOF at 65536 B',
    );
    expect(columns).toEqual([
      'instance',
      'KAT',
      '32 B',
      '1024 B',
      '65536 B',
      'interval @ 65536 B',
      '× pseudoXOF',
      'constant-time',
    ]);
  });

  it('says "not measured" for a run without a measure phase (it printed "@ -Infinity B")', () => {
    expect(answerHeader([], 'cycles').caption).toBe('cycles/byte: not measured in this run');
  });
});

describe('answerTable on test/fixtures/run-small (32 B and 128 B)', () => {
  it('shows every measured size, not only the longest', async () => {
    const lines = answerTable(await loadRunDirectory(RUN_SMALL));
    expect(lines[0]).toBe(
      'ticks/byte by message length (median of the trial means); interval and × pseudoXOF at 128 B',
    );
    expect(lines[1]!.split(/\s{2,}/)).toEqual([
      'instance',
      'KAT',
      '32 B',
      '128 B',
      'interval @ 128 B',
      '× pseudoXOF',
      'constant-time',
    ]);
    expect(lines).toHaveLength(3);
    const row = lines[2]!.split(/\s{2,}/);
    expect(row.slice(0, 2)).toEqual(['example-sm3/sm3', 'PASS']);
    // Medians per byte of the two records: 32 B and 128 B, each a figure.
    expect(row[2]).toMatch(/^\d+(\.\d+)?$/);
    expect(row[3]).toMatch(/^\d+(\.\d+)?$/);
  });
});

describe('answerTables', () => {
  it('of a hash-only run is the hash table, unchanged', async () => {
    const dataset = await loadRunDirectory(RUN_SMALL);
    expect(answerTables(dataset)).toEqual(answerTable(dataset));
  });

  it('of a KEM-only run gives each instance the ticks per call of keygen, enc and dec, not "cycles/byte: not measured"', async () => {
    const dataset = await loadRunDirectory(RUN_KEM);
    const lines = answerTables(dataset);
    expect(lines.join('\n')).not.toContain('/byte');
    expect(lines[0]).toBe('Key encapsulation mechanisms: ticks per call of each operation (median of the trial means)');
    expect(lines[1]!.split(/\s{2,}/)).toEqual(['instance', 'KAT', 'keygen', 'enc', 'dec', 'constant-time']);
    expect(lines).toHaveLength(4);
    for (const [index, instance] of ['ToyKEM', 'ToyKEM512'].entries()) {
      const row = lines[2 + index]!.split(/\s{2,}/);
      expect(row.slice(0, 2)).toEqual([`kem-99/${instance}`, 'NOKAT (not checked)']);
      // Each cell is the record's headline, the median of its trial means, in the pages' format.
      const headlines = ['keygen', 'enc', 'dec'].map((name) => {
        const { record } = dataset.operationRecords!.find(({ file }) => file.endsWith(`/${instance}__${name}.json`))!;
        return record.status === 'complete' ? formatCycles(record.derived.headline!.medianCycles) : 'failed';
      });
      expect(row.slice(2, 5)).toEqual(headlines);
      expect(row[5]).toBe('unknown');
    }
  });
});
