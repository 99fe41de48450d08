import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { makeRunDirectory } from '../test/make-run-directory.js';
import { ReportError } from './report-error.js';
import { validateRunDirectory } from './validate-run-directory.js';
import type { ValidationDifference } from './validation-difference.js';

let original: string;
const scratch: string[] = [];

beforeAll(async () => {
  original = await makeRunDirectory();
});

afterAll(() => {
  for (const directory of [original, ...scratch]) rmSync(directory, { recursive: true, force: true });
});

/** A copy of the run directory with one file changed by `edit` (text in, text out). */
function altered(file: string, edit: (text: string) => string): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'report-altered-'));
  scratch.push(directory);
  cpSync(original, directory, { recursive: true });
  const target = path.join(directory, file);
  const before = readFileSync(target, 'utf8');
  const after = edit(before);
  expect(after).not.toBe(before);
  writeFileSync(target, after);
  return directory;
}

async function difference(directory: string): Promise<ValidationDifference> {
  const result = await validateRunDirectory(directory);
  if (result.valid) throw new Error('expected a difference');
  return result.difference;
}

const RECORD = 'records/example-sm3/sm3__hash_32.json';

describe('validateRunDirectory', () => {
  it('passes on the untouched run: 2 records, KAT log + 2 KAT files, 22 pages and exports', async () => {
    // 8 (candidate, summary, method, exports) + system index 2 + rankings 8 + constant-time 2 + site index 2
    expect(await validateRunDirectory(original)).toEqual({ valid: true, records: 2, katFiles: 3, reports: 22 });
  });

  it('a trial altered by one byte: names derived.meanCycles and the value the trials give', async () => {
    const found = await difference(altered(RECORD, (text) => text.replace('"ticks": 83800000', '"ticks": 83800001')));
    expect(found).toMatchObject({ check: 'derived', file: RECORD, field: 'derived.meanCycles' });
    expect(found.message).toContain('is 4294.75, but the trials give 4294.750025'); // (83 800 001 + 87 990 000) / 40 000
  });

  it('a derived figure that no longer fits the trials: derived.outlierTrials (2 trials have none)', async () => {
    const found = await difference(
      altered(RECORD, (text) => text.replace('"sdTrialCycles"', '"outlierTrials": [1],\n    "sdTrialCycles"')),
    );
    expect(found).toMatchObject({ check: 'derived', field: 'derived.outlierTrials' });
  });

  it('a field no statistic depends on (loadAverageStart) is caught against the JSON export', async () => {
    const found = await difference(
      altered(RECORD, (text) => text.replace('"loadAverageStart": [\n    0.1', '"loadAverageStart": [\n    0.2')),
    );
    expect(found).toMatchObject({ check: 'export', file: RECORD, field: 'loadAverageStart[0]' });
    expect(found.message).toContain(
      'is 0.2, but its copy in exports/records_x86_1.json (written with the reports) has 0.1',
    );
  });

  it('a KAT log altered by one byte: names build.json instances[0].katLogSha256', async () => {
    const found = await difference(
      altered('kat/example-sm3/sm3.log', (text) => text.replace('took      0.001 s', 'took      0.002 s')),
    );
    expect(found).toMatchObject({ check: 'kat-log', file: 'build.json', field: 'instances[0].katLogSha256' });
  });

  it('a KAT file altered by one byte: its canonical digest no longer matches the log', async () => {
    const found = await difference(
      altered('kat/example-sm3/sm3/KAT_2_12_sm3.txt', (text) => text.replace('Dst = 1AB2', 'Dst = 1AB3')),
    );
    expect(found).toMatchObject({ check: 'kat-file', file: 'kat/example-sm3/sm3/KAT_2_12_sm3.txt' });
    expect(found.message).toContain('kat/example-sm3/sm3.log line 15 says');
  });

  it('a record whose verdict differs from build.json', async () => {
    const found = await difference(altered(RECORD, (text) => text.replace('"kat": "PASS"', '"kat": "MISMATCH"')));
    expect(found).toMatchObject({ check: 'record-build', file: RECORD, field: 'kat' });
  });

  it('a report altered by one byte: names the file and line', async () => {
    const page = 'reports/example-sm3/perf_x86_1.md';
    const found = await difference(
      altered(page, (text) => text.replace('| `sm3` | 32 B | 4295 |', '| `sm3` | 32 B | 4296 |')),
    );
    const line =
      readFileSync(path.join(original, page), 'utf8')
        .split('\n')
        .indexOf('| `sm3` | 32 B | 4295 | 134.2 | 2.05 µs | 15.6 | 40000 (2 × 20000) |') + 1;
    expect(found).toMatchObject({ check: 'report', file: page, line });
    expect(found.message).toContain(`${page} line ${line} differs from what the records give: found "`);
  });

  it('an absolute temp path in the evidence', async () => {
    const found = await difference(
      altered('campaign.json', (text) =>
        text.replace('"hostProblems": [', '"hostProblems": [\n    "build tree /tmp/ngcc-perf-build-x1/sm3 kept",'),
      ),
    );
    expect(found).toMatchObject({ check: 'absolute-path', file: 'campaign.json' });
    expect(found.message).toContain('absolute path "/tmp/ngcc-perf-build-x1/sm3"');
  });

  it('a record that breaks the schema: names the field', async () => {
    const found = await difference(altered(RECORD, (text) => text.replace('"n": 40000', '"n": "40000"')));
    expect(found).toMatchObject({ check: 'schema', file: RECORD, field: 'derived.n' });
  });

  it('a missing page is reported; a folder that is no run directory throws MISSING_FILE', async () => {
    const directory = altered('reports/summary_x86_1.md', () => '');
    rmSync(path.join(directory, 'reports/summary_x86_1.md'));
    expect(await difference(directory)).toMatchObject({ check: 'report', file: 'reports/summary_x86_1.md' });
    await expect(validateRunDirectory(tmpdir())).rejects.toBeInstanceOf(ReportError);
  });
});
