// `ngcc-perf import` on damaged copies of the anchor dataset: exit 2 and a message naming the file and field.
import { appendFile, cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { main } from '../src/main.js';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'anchor-arm_1', 'arm_1');
const RECORD = path.join('records', 'hash-15', 'litchi_768__hash_4096.json');

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t) });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('ngcc-perf import', () => {
  let scratch: string;
  let counter = 0;
  /** A fresh copy of the fixture named arm_1 (so the default system id is arm_1). */
  async function copyDataset(): Promise<string> {
    counter += 1;
    const target = path.join(scratch, `copy-${counter}`, 'arm_1');
    await cp(fixture, target, { recursive: true });
    return target;
  }

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'ngcc-import-bad-'));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('imports with the folder name as system id, prints a summary, and writes a run directory', async () => {
    const dataset = await copyDataset();
    const out = path.join(scratch, 'ok-run');
    const result = await run(['import', dataset, '--out', out]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('as system arm_1');
    expect(result.stdout).toContain(
      '4 instance(s) of 1 candidate(s) (hash-15), 32 record(s), 4 KAT log(s) copied byte for byte',
    );
    expect(JSON.parse(await readFile(path.join(out, 'campaign.json'), 'utf8')).systemId).toBe('arm_1');
  });

  it('keeps files outside the dataset layout verbatim under unimported/ and lists them', async () => {
    const dataset = await copyDataset();
    await mkdir(path.join(dataset, 'profile', 'hash-15'), { recursive: true });
    await writeFile(path.join(dataset, 'profile', 'hash-15', 'litchi_512__hash_32.json'), '{"schema": 2}\n');
    await writeFile(path.join(dataset, 'records', 'hash-15', 'NOTES.txt'), 'measured twice\n');
    const out = path.join(scratch, 'extra-files-run');
    const result = await run(['import', dataset, '--out', out]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('not imported: profile: not part of the campaign/build/records/kat layout');
    expect(await readFile(path.join(out, 'unimported', 'profile', 'hash-15', 'litchi_512__hash_32.json'), 'utf8')).toBe(
      '{"schema": 2}\n',
    );
    expect(await readFile(path.join(out, 'unimported', 'records', 'hash-15', 'NOTES.txt'), 'utf8')).toBe(
      'measured twice\n',
    );
    const campaign = JSON.parse(await readFile(path.join(out, 'campaign.json'), 'utf8'));
    expect(campaign.origin.unimported.map((item: { file: string }) => item.file)).toEqual([
      'profile',
      'records/hash-15/NOTES.txt',
    ]);
  });

  it('a truncated record: exit 2, names the file and says it is not valid JSON', async () => {
    const dataset = await copyDataset();
    const file = path.join(dataset, RECORD);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.slice(0, Math.floor(text.length / 2)));
    const result = await run(['import', dataset, '--out', path.join(scratch, 'truncated-run')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^ngcc-perf: .*litchi_768__hash_4096\.json: not valid JSON \(.*\); the file is truncated or damaged/m,
    );
    expect(
      result.stderr
        .trim()
        .split('\n')
        .filter((line) => line.startsWith('ngcc-perf:')),
    ).toHaveLength(1);
    await expect(readdir(path.join(scratch, 'truncated-run'))).rejects.toThrow();
  });

  it('trials that disagree with the stored statistics: exit 2, names the file and the field "mean_cycles"', async () => {
    const dataset = await copyDataset();
    const file = path.join(dataset, RECORD);
    const record = JSON.parse(await readFile(file, 'utf8'));
    // One trial gains 1000 cycles, in the process and in the record's copy of the trials list:
    // mean_cycles (Σ cycles / n) no longer follows from the trials.
    record.processes[2].trials[0].cycles += 1000;
    record.trials[2].cycles += 1000;
    await writeFile(file, JSON.stringify(record, null, 1));
    const result = await run(['import', dataset, '--out', path.join(scratch, 'disagree-run')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file} field "mean_cycles": stored ${record.mean_cycles}, but the trials give`);
    expect(result.stderr).toContain('tolerance 1e-9');
  });

  it('a stored statistic edited by 1 part in 10^8 is caught too (tolerance 1e-9): field "mean_seconds"', async () => {
    const dataset = await copyDataset();
    const file = path.join(dataset, RECORD);
    const record = JSON.parse(await readFile(file, 'utf8'));
    record.mean_seconds *= 1 + 1e-8;
    await writeFile(file, JSON.stringify(record, null, 1));
    const result = await run(['import', dataset, '--out', path.join(scratch, 'edited-run')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file} field "mean_seconds"`);
  });

  it('a KAT log whose SHA-256 differs from kat_log_sha256: exit 2, names the log and the field recording the digest', async () => {
    const dataset = await copyDataset();
    const log = path.join(dataset, 'kat', 'hash-15', 'litchi_768.log');
    await appendFile(log, 'edited\n');
    const result = await run(['import', dataset, '--out', path.join(scratch, 'digest-run')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${log}: SHA-256 is `);
    expect(result.stderr).toMatch(
      /field "kat_log_sha256" records 3cc212c30f16bbcd30a28e9fa947bbba856af440a73a805fd03160bf165fcf10/,
    );
  });

  it('a field of the wrong type: exit 2, names the file and the field path', async () => {
    const dataset = await copyDataset();
    const file = path.join(dataset, RECORD);
    const record = JSON.parse(await readFile(file, 'utf8'));
    record.processes[1].trials[0].seconds = 'fast';
    await writeFile(file, JSON.stringify(record, null, 1));
    const result = await run(['import', dataset, '--out', path.join(scratch, 'type-run')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file}: field "processes[1].trials[0].seconds"`);
  });

  it('refuses a non-empty output folder unless --replace, and --replace only replaces a run directory', async () => {
    const dataset = await copyDataset();
    const out = path.join(scratch, 'occupied');
    await mkdir(out);
    await writeFile(path.join(out, 'notes.txt'), 'mine\n');
    const refused = await run(['import', dataset, '--out', out]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${out}: the output folder is not empty (1 entries). Pass --replace`);
    const stillRefused = await run(['import', dataset, '--out', out, '--replace']);
    expect(stillRefused.code).toBe(2);
    expect(stillRefused.stderr).toContain('not a run directory (no campaign.json)');
    expect(await readFile(path.join(out, 'notes.txt'), 'utf8')).toBe('mine\n');

    const runDirectory = path.join(scratch, 'replaced');
    expect((await run(['import', dataset, '--out', runDirectory, '--system', 'arm_9'])).code).toBe(0);
    expect((await run(['import', dataset, '--out', runDirectory, '--system', 'arm_1'])).code).toBe(2);
    expect((await run(['import', dataset, '--out', runDirectory, '--system', 'arm_1', '--replace'])).code).toBe(0);
    expect(JSON.parse(await readFile(path.join(runDirectory, 'campaign.json'), 'utf8')).systemId).toBe('arm_1');
  });
});
