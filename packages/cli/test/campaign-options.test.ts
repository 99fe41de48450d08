// Bad campaign options end with one line naming the option and the fix, exit code 2, before
// anything is measured.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { examplesDirectory, runCli } from './campaign-support.js';

describe('campaign options', () => {
  let scratch: string;
  const sm3 = path.join(examplesDirectory, 'sm3');
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'ngcc-options-'));
  });

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('refuses a shard outside 1…N', async () => {
    const result = await runCli(['run', sm3, '--out', path.join(scratch, 'a'), '--shard', '3/2']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('ngcc-perf: --shard expects K/N with 1 ≤ K ≤ N (e.g. 2/4), got "3/2".\n');
  });

  it('refuses an unknown phase and a CPU this process may not use', async () => {
    expect((await runCli(['run', sm3, '--out', path.join(scratch, 'b'), '--phases', 'build,bake'])).stderr).toContain(
      '--phases: unknown phase "bake"',
    );
    expect((await runCli(['run', sm3, '--out', path.join(scratch, 'c'), '--cpus', '4095'])).stderr).toContain(
      'CPU 4095 is not available to this process',
    );
    expect(
      (await runCli(['run', sm3, '--out', path.join(scratch, 'c'), '--cpu', '0', '--cpus', '0'])).stderr,
    ).toContain('give --cpu N or --cpus LIST, not both');
  });

  it('refuses an --operation-timeout that is not a positive number of seconds', async () => {
    for (const value of ['0', 'soon']) {
      const result = await runCli([
        'run',
        sm3,
        '--out',
        path.join(scratch, `t-${value}`),
        '--operation-timeout',
        value,
      ]);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`ngcc-perf: --operation-timeout expects a positive number, got "${value}".\n`);
    }
  });

  it('refuses --shard-count outside a job array and publish without --data', async () => {
    expect((await runCli(['run', sm3, '--out', path.join(scratch, 'd'), '--shard-count', '4'])).stderr).toContain(
      '--shard-count is for a job array',
    );
    expect((await runCli(['run', sm3, '--out', path.join(scratch, 'd'), '--phases', 'publish'])).stderr).toContain(
      'the publish phase needs a data folder: pass --data DIR.',
    );
  });

  it('refuses to measure what was never built', async () => {
    const result = await runCli(['run', sm3, '--out', path.join(scratch, 'e'), '--phases', 'measure']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('example-sm3/sm3 has not been built and KAT-checked yet');
  });

  it('--no-baseline leaves the ICCS baseline out, says so in campaign.json, and a resume must say it again', async () => {
    const out = path.join(scratch, 'f');
    // built, so the directory holds evidence (a directory without any is started afresh instead)
    const phases = ['--phases', 'check-host,build', '--allow-unfixed-host', '--quiet'];
    expect((await runCli(['run', sm3, '--out', out, '--no-baseline', ...phases])).code).toBe(0);
    const campaign = JSON.parse(await readFile(path.join(out, 'campaign.json'), 'utf8'));
    expect(campaign.baselineLeftOut).toBe(true);
    expect(campaign.baseline).toBeUndefined();
    expect(campaign.candidates).toEqual([{ id: 'example-sm3', instances: ['sm3'] }]);
    const resumed = await runCli(['run', sm3, '--out', out, ...phases]);
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toContain('it was started without the ICCS baseline: pass --no-baseline');
    expect((await runCli(['run', sm3, '--out', out, '--no-baseline', ...phases])).code).toBe(0);
  });

  it('refuses to merge or publish a folder that is not a run', async () => {
    expect((await runCli(['publish', scratch, '--data', path.join(scratch, 'data')])).stderr).toContain(
      'holds no campaign.json',
    );
    expect((await runCli(['merge', scratch, '--out', path.join(scratch, 'm')])).stderr).toContain(
      'no readable campaign.json',
    );
  });
});
