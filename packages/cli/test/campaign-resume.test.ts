// Done-when: a campaign killed with SIGKILL in the middle of the measure phase resumes and ends
// with a complete dataset whose earlier records are byte-identical to before the kill. Also: a
// different plan is refused, a failed record is measured again, a live lock is respected.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadRunDirectory } from '@ngcc-perf/report';
import { binPath, listFiles, tinyPlanArguments, readJson, runCli } from './campaign-support.js';
import { pacedMilliseconds } from '@ngcc-perf/native';

// 20 ms trials keep the measure phase (10 operations) long enough to be caught mid-way.
const plan = tinyPlanArguments({ sizes: [32, 1024], trialTargetSeconds: 0.02, trials: null });
const KILL_AT_RECORDS = 3;

async function countRecords(run: string): Promise<number> {
  return (await listFiles(run, 'records')).filter((f) => f.endsWith('.json')).length;
}

/** Spawns the built bin and kills it with SIGKILL once `records` records exist. */
async function runAndKill(
  run: string,
  records: number,
): Promise<{ recordsAtKill: number; signal: NodeJS.Signals | null }> {
  // its TMPDIR is the run's parent folder, so the build folder the kill leaves behind goes with the test's
  const env = { ...process.env, TMPDIR: path.dirname(run) };
  const child = spawn(process.execPath, [binPath, 'run', '--out', run, ...plan], { stdio: 'ignore', env });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  let done = false;
  void exited.then(() => (done = true));
  for (;;) {
    if (done) throw new Error('the campaign ended before it could be killed');
    const count = await countRecords(run);
    if (count >= records) {
      child.kill('SIGKILL');
      return { recordsAtKill: count, signal: await exited };
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a campaign killed with SIGKILL during measure', () => {
  let run: string;
  let killed: { recordsAtKill: number; signal: NodeJS.Signals | null };
  const before = new Map<string, Buffer>();
  let resumed: { code: number; stdout: string; stderr: string };

  beforeAll(async () => {
    run = path.join(await mkdtemp(path.join(os.tmpdir(), 'ngcc-resume-')), 'run');
    killed = await runAndKill(run, KILL_AT_RECORDS);
    for (const file of await listFiles(run, 'records')) before.set(file, await readFile(path.join(run, file)));
    resumed = await runCli(['run', '--out', run, ...plan]);
  }, pacedMilliseconds(180_000));

  afterAll(async () => {
    await rm(path.dirname(run), { recursive: true, force: true });
  });

  it('was killed by SIGKILL in the middle of the measure phase, leaving its lock behind', () => {
    expect(killed.signal).toBe('SIGKILL');
    expect(killed.recordsAtKill).toBeGreaterThanOrEqual(KILL_AT_RECORDS);
    expect(killed.recordsAtKill).toBeLessThan(10);
    expect(before.size).toBe(killed.recordsAtKill);
  });

  it('resumes to a complete, valid dataset: 5 instances × 2 sizes', async () => {
    expect(resumed.code).toBe(0);
    const dataset = await loadRunDirectory(run);
    expect(dataset.records).toHaveLength(10);
    expect(dataset.records.every((r) => r.record.status === 'complete')).toBe(true);
    expect(existsSync(path.join(run, '.ngcc-perf.lock'))).toBe(false);
    const leftovers = (await readdir(run, { recursive: true })).filter((f) => String(f).endsWith('.tmp'));
    expect(leftovers).toEqual([]);
    expect((await runCli(['validate', run])).code).toBe(0);
  });

  it('keeps every record written before the kill byte for byte', async () => {
    for (const [file, bytes] of before) expect((await readFile(path.join(run, file))).equals(bytes)).toBe(true);
  });

  it('refuses to resume with different plan parameters, naming the field', async () => {
    const result = await runCli(['run', '--out', run, ...plan, '--trials', '3']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'was started with different parameters (plan.trials: 5 in the run directory, 3 now)',
    );
    const sizes = await runCli(['run', '--out', run, ...plan.map((a) => (a === '32,1024' ? '32' : a))]);
    expect(sizes.stderr).toContain('plan.messageSizesBytes: [32,1024] in the run directory, [32] now');
  });

  it('measures a failed record again on resume and leaves the others alone', async () => {
    const failedFile = path.join(run, 'records', 'example-sm3', 'sm3__hash_1024.json');
    const record = await readJson(failedFile);
    await writeFile(
      failedFile,
      `${JSON.stringify({ ...record, status: 'failed', failure: 'trial 2 of 5: CRASH — injected by the test' }, null, 2)}\n`,
    );
    const others = new Map<string, Buffer>();
    for (const file of await listFiles(run, 'records'))
      if (!file.endsWith('sm3__hash_1024.json')) others.set(file, await readFile(path.join(run, file)));
    expect((await runCli(['run', '--out', run, ...plan])).code).toBe(0);
    expect((await readJson(failedFile)).status).toBe('complete');
    for (const [file, bytes] of others) expect((await readFile(path.join(run, file))).equals(bytes)).toBe(true);
  });

  it('refuses a run directory whose lock a live process holds', async () => {
    const lock = path.join(run, '.ngcc-perf.lock');
    await writeFile(
      lock,
      JSON.stringify({
        pid: process.pid,
        hostname: os.hostname(),
        startedUtc: '2026-01-01T00:00:00.000Z',
        purpose: 'run',
      }),
    );
    try {
      const result = await runCli(['run', '--out', run, ...plan]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`is in use: run by pid ${process.pid}`);
    } finally {
      await rm(lock, { force: true });
    }
  });
});
