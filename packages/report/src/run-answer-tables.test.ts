import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { loadRunDirectory } from './load-run-directory.js';
import { formatCycles, wideInterval } from '@ngcc-perf/stats';
import { answerHeader, answerTable, answerTables, WIDE_INTERVAL_NOTE } from './run-answer-tables.js';

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

describe('answerTable marks a median whose interval is wide', () => {
  /** run-small with a copy of its instance as `noisy-sm3`, whose two trials at 128 B are `low` and `high` ticks per call. */
  async function withNoisyCopy(low: number, high: number) {
    const dataset = await loadRunDirectory(RUN_SMALL);
    const entry = dataset.build.instances[0]!;
    dataset.build.instances.push({ ...structuredClone(entry), candidate: 'noisy-sm3' });
    for (const { record } of [...dataset.records]) {
      const copy = structuredClone(record);
      copy.candidate = 'noisy-sm3';
      if (copy.messageBytes === 128)
        copy.processes.forEach((process, index) => {
          if (process.trial !== null) process.trial.ticks = process.trial.iterations * (index === 0 ? low : high);
        });
      dataset.records.push({ file: `records/noisy-sm3/sm3__hash_${copy.messageBytes}.json`, record: copy });
    }
    return dataset;
  }

  it('marks ~ the median of trials beyond ±10 % of it and says what the mark means under the table', async () => {
    // 9000 and 12000 ticks per call: median 10500, the interval 9000–12000 reaches 14 % either side
    const lines = answerTable(await withNoisyCopy(9000, 12000));
    const steady = lines.find((line) => line.startsWith('example-sm3/sm3'))!.split(/\s{2,}/);
    const noisy = lines.find((line) => line.startsWith('noisy-sm3/sm3'))!.split(/\s{2,}/);
    // the steady row (trials 2.4 % apart at 32 B, equal at 128 B) carries no mark
    expect(steady.slice(2, 4).every((cell) => /^\d/.test(cell))).toBe(true);
    // the noisy row: its 32 B median (copied, steady) unmarked, its 128 B median marked
    expect(noisy[2]).toBe(steady[2]);
    expect(noisy[3]).toMatch(/^~\d+(\.\d+)?$/);
    expect(lines[lines.length - 1]).toBe(WIDE_INTERVAL_NOTE);
    expect(WIDE_INTERVAL_NOTE).toContain('±10 % of the median');
  });

  it('leaves trials within ±10 % unmarked and adds no note', async () => {
    // 10000 and 10800: median 10400, the interval within 4 % of it
    const lines = answerTable(await withNoisyCopy(10_000, 10_800));
    expect(lines.join('\n')).not.toContain('~');
    expect(lines).not.toContain(WIDE_INTERVAL_NOTE);
    expect(lines).toHaveLength(4);
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
    // the fixture's trials (a toy on a shared host) leave some intervals wide: the note closes the table
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe(WIDE_INTERVAL_NOTE);
    for (const [index, instance] of ['ToyKEM', 'ToyKEM512'].entries()) {
      const row = lines[2 + index]!.split(/\s{2,}/);
      expect(row.slice(0, 2)).toEqual([`kem-99/${instance}`, 'NOKAT (not checked)']);
      // Each cell is the record's headline, the median of its trial means, in the pages' format, ~ when its interval is wide.
      const headlines = ['keygen', 'enc', 'dec'].map((name) => {
        const { record } = dataset.operationRecords!.find(({ file }) => file.endsWith(`/${instance}__${name}.json`))!;
        if (record.status !== 'complete') return 'failed';
        const headline = record.derived.headline!;
        return `${wideInterval(headline) ? '~' : ''}${formatCycles(headline.medianCycles)}`;
      });
      expect(row.slice(2, 5)).toEqual(headlines);
      expect(row[5]).toBe('unknown');
    }
  });
});
