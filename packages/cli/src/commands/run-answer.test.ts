import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { loadRunDirectory } from '@ngcc-perf/report';
import { answerHeader, answerTable } from './run-answer.js';

const RUN_SMALL = fileURLToPath(new URL('../../test/fixtures/run-small', import.meta.url));

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
