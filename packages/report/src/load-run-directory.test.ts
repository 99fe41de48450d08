import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from '@jest/globals';
import { markdownTableRows } from '../test/make-dataset.js';
import { loadRunDirectory } from './load-run-directory.js';
import { ReportError } from './report-error.js';
import { renderCandidateMarkdown } from './render-candidate-markdown.js';

const FIXTURE = fileURLToPath(new URL('../test/fixtures/run-small', import.meta.url));
const copies: string[] = [];

/** A scratch copy of the fixture run directory, edited by `edit`. */
function editedCopy(edit: (directory: string) => void): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'report-run-'));
  copies.push(directory);
  cpSync(FIXTURE, directory, { recursive: true });
  edit(directory);
  return directory;
}

function editJson(file: string, change: (value: Record<string, unknown>) => void): void {
  const value = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(value);
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

async function failure(directory: string): Promise<ReportError> {
  const caught = await loadRunDirectory(directory).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(ReportError);
  return caught as ReportError;
}

afterEach(() => {
  for (const directory of copies.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe('loadRunDirectory on test/fixtures/run-small (1 instance, 2 records)', () => {
  it('reads campaign, build and both records, sorted by path', async () => {
    const dataset = await loadRunDirectory(FIXTURE);
    expect(dataset.campaign.systemId).toBe('x86_1');
    expect(dataset.build.instances.map((entry) => entry.instance)).toEqual(['sm3']);
    expect(dataset.records.map(({ file }) => file)).toEqual([
      'records/example-sm3/sm3__hash_128.json',
      'records/example-sm3/sm3__hash_32.json',
    ]);
    const record = dataset.records[1]!.record;
    expect(record.status === 'complete' && record.derived.meanCycles).toBe(4294.75); // (83 800 000 + 87 990 000) / 40 000
  });

  it('renders the hand-computed §4 and §5 rows and the VM clock line', async () => {
    const page = renderCandidateMarkdown(await loadRunDirectory(FIXTURE), 'example-sm3');
    expect(markdownTableRows(page, 4).slice(2)).toEqual([
      '| `sm3` | 32 B | 4295 | 134.2 | 2.05 µs | 15.6 | 40000 (2 × 20000) |',
      '| `sm3` | 128 B | 10.5 k | 81.8 | 5 µs | 25.6 | 40000 (2 × 20000) |',
      // the reliability of each row (this fixture's records carry no CV, interval or outliers: not recorded)
      '| instance | message | trial CV | limit | 95 % interval of the mean (ticks/byte) | headline (ticks/byte, interval) | outlier trials |',
      '|---|---|---|---|---|---|---|',
      // headline: the median of the 2 trial means, between them (4190 and 4399.5 ticks per call at 32 B)
      '| `sm3` | 32 B | not recorded | 5 % | — | 134.2 (130.9–137.5) | not recorded |',
      '| `sm3` | 128 B | not recorded | 5 % | — | 81.8 (81.8–81.8) | not recorded |',
    ]);
    expect(markdownTableRows(page, 5).slice(2)).toEqual([
      '| `sm3` | hash_32 | 14981 | 1408 KiB | 1472 KiB |',
      '| `sm3` | hash_128 | 14981 | 1408 KiB | 1476 KiB |',
    ]);
    expect(page).toContain('| clock | not fixed-verified (no cpufreq; virtual machine); counter tsc at 2.10 GHz |');
    expect(page).toContain('| campaign start / end (UTC) | 2026-11-30T03:40:00 / 2026-11-30T03:44:10 |');
    expect(markdownTableRows(page, 7).slice(2)).toEqual([
      '| `sm3` | KAT log (sha256 `4cee4d72f05f9c85…`) | `kat/example-sm3/sm3.log` |',
      '| `sm3` | timing hash_128 | `records/example-sm3/sm3__hash_128.json` |',
      '| `sm3` | timing hash_32 | `records/example-sm3/sm3__hash_32.json` |',
    ]);
  });
});

describe('loadRunDirectory errors name the file, the field and the fix', () => {
  it('MISSING_FILE when build.json is absent', async () => {
    const directory = editedCopy((at) => unlinkSync(path.join(at, 'build.json')));
    const error = await failure(directory);
    expect(error.code).toBe('MISSING_FILE');
    expect(error.message).toBe(
      `${path.join(directory, 'build.json')}: file not found. A run directory holds campaign.json, build.json and records/; pass the directory "ngcc-perf run --out" wrote.`,
    );
  });

  it('INVALID_RECORD with the field path when a record lacks derived.meanSeconds', async () => {
    const file = 'records/example-sm3/sm3__hash_32.json';
    const directory = editedCopy((at) =>
      editJson(path.join(at, file), (record) => delete (record.derived as Record<string, unknown>).meanSeconds),
    );
    const error = await failure(directory);
    expect(error.code).toBe('INVALID_RECORD');
    expect(error.message).toBe(
      `${path.join(directory, file)}: field "derived.meanSeconds" is missing (expected number). Regenerate the run directory with "ngcc-perf run", or correct the file by hand.`,
    );
  });

  it('INVALID_RECORD names array indices (processes[1].trial.seconds)', async () => {
    const file = 'records/example-sm3/sm3__hash_128.json';
    const directory = editedCopy((at) =>
      editJson(path.join(at, file), (record) => {
        ((record.processes as Record<string, unknown>[])[1]!.trial as Record<string, unknown>).seconds = 'fast';
      }),
    );
    expect((await failure(directory)).message).toContain(
      'field "processes[1].trial.seconds": Invalid input: expected number, received string',
    );
  });

  it('INVALID_CAMPAIGN for a missing plan field', async () => {
    const directory = editedCopy((at) =>
      editJson(
        path.join(at, 'campaign.json'),
        (campaign) => delete (campaign.plan as Record<string, unknown>).messageRule,
      ),
    );
    const error = await failure(directory);
    expect(error.code).toBe('INVALID_CAMPAIGN');
    expect(error.message).toContain('campaign.json: field "plan.messageRule" is missing (expected string)');
  });

  it('UNFINISHED_RUN for a run of only check-host, build and kat: the phases it ran and the command that finishes it', async () => {
    // what `run SOURCES --phases check-host,build,kat --no-baseline` leaves: no end stamped
    const directory = editedCopy((at) =>
      editJson(path.join(at, 'campaign.json'), (campaign) => {
        campaign.endedUtc = null;
        campaign.environmentAtEnd = null;
        campaign.baselineLeftOut = true;
        campaign.phases = {
          'check-host': { startedUtc: '2026-12-03T08:58:51.981Z', endedUtc: '2026-12-03T08:58:53.276Z' },
          build: { startedUtc: '2026-12-03T08:58:53.327Z', endedUtc: '2026-12-03T08:59:02.867Z' },
          kat: { startedUtc: '2026-12-03T08:59:02.869Z', endedUtc: '2026-12-03T08:59:05.597Z' },
        };
      }),
    );
    const error = await failure(directory);
    expect(error.code).toBe('UNFINISHED_RUN');
    expect(error.file).toBe(path.join(directory, 'campaign.json'));
    expect(error.field).toBe('endedUtc');
    expect(error.message).toContain('this run has not finished (it ran check-host, build, kat;');
    expect(error.message).toContain(`"ngcc-perf run SOURCES --out ${directory} --phases report --no-baseline"`);
    expect(error.message).not.toContain('Regenerate');
  });

  it('UNFINISHED_RUN names the phase a stopped run was in', async () => {
    const directory = editedCopy((at) =>
      editJson(path.join(at, 'campaign.json'), (campaign) => {
        campaign.endedUtc = null;
        campaign.phases = {
          build: { startedUtc: '2026-12-03T08:58:53.327Z', endedUtc: '2026-12-03T08:59:02.867Z' },
          measure: { startedUtc: '2026-12-03T08:59:02.869Z', endedUtc: null },
        };
      }),
    );
    const error = await failure(directory);
    expect(error.code).toBe('UNFINISHED_RUN');
    expect(error.message).toContain('(it ran build and stopped during measure;');
    expect(error.message).toContain('--phases report"');
  });

  it('a closed campaign.json with another missing field stays INVALID_CAMPAIGN', async () => {
    const directory = editedCopy((at) =>
      editJson(path.join(at, 'campaign.json'), (campaign) => delete campaign.environmentAtEnd),
    );
    expect((await failure(directory)).code).toBe('INVALID_CAMPAIGN');
  });

  it('UNSUPPORTED_FORMAT for another format version', async () => {
    const directory = editedCopy((at) =>
      editJson(path.join(at, 'build.json'), (build) => (build.format = 'ngcc-perf/build@2')),
    );
    const error = await failure(directory);
    expect(error.code).toBe('UNSUPPORTED_FORMAT');
    expect(error.message).toContain('build.json: field "format" is "ngcc-perf/build@2", expected "ngcc-perf/build@1"');
  });

  it('INVALID_JSON for a truncated file', async () => {
    const directory = editedCopy((at) => writeFileSync(path.join(at, 'campaign.json'), '{ "format": '));
    expect((await failure(directory)).code).toBe('INVALID_JSON');
  });

  it('INCONSISTENT_RECORD when derived figures do not follow from the trials', async () => {
    const file = 'records/example-sm3/sm3__hash_32.json';
    const directory = editedCopy((at) =>
      editJson(path.join(at, file), (record) => ((record.derived as Record<string, unknown>).meanCycles = 4000)),
    );
    const error = await failure(directory);
    expect(error.code).toBe('INCONSISTENT_RECORD');
    expect(error.message).toContain('derived.meanCycles is 4000, but the trials give 4294.75');
    await expect(loadRunDirectory(directory, { verifyDerived: false })).resolves.toBeDefined();
  });

  it('INCONSISTENT_RECORD when a record sits under the wrong file name', async () => {
    const directory = editedCopy((at) => {
      const from = path.join(at, 'records/example-sm3/sm3__hash_32.json');
      writeFileSync(path.join(at, 'records/example-sm3/sm3__hash_64.json'), readFileSync(from));
      unlinkSync(from);
    });
    expect((await failure(directory)).message).toContain('so its path should be records/example-sm3/sm3__hash_32.json');
  });
});
