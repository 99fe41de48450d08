// Done-when: the bundled candidates measured as 2 shards and as one run give, once the shards are
// merged, the same records and the same report tables (numbers aside). Also merge's refusals and
// publish.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { listFiles, maskedTables, readJson, runCli, tinyPlan } from './campaign-support.js';
import { pacedMilliseconds } from '@ngcc-perf/native';

const CANDIDATES = ['example-sha512', 'example-shake256', 'example-sm3'];
const ALL_INSTANCES = [
  'example-sha512/sha512',
  'example-shake256/shake256_512',
  'example-shake256/shake256_768',
  'example-shake256/shake256_1024',
  'example-sm3/sm3',
];

describe('sharded campaign and merge', () => {
  let scratch: string;
  let single: string;
  let shard1: string;
  let shard2: string;
  let merged: string;
  const codes: number[] = [];

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'ngcc-shards-'));
    [single, shard1, shard2, merged] = ['single', 'shard1', 'shard2', 'merged'].map((n) => path.join(scratch, n)) as [
      string,
      string,
      string,
      string,
    ];
    // Sharding is what is tested here: the constant-time audit (phase ct) is left out to keep it fast.
    const common = [
      '--no-baseline',
      '--system',
      'x86_9',
      ...tinyPlan,
      '--phases',
      'check-host,build,kat,calibrate,measure,report',
      '--quiet',
    ];
    codes.push((await runCli(['run', '--out', single, ...common])).code);
    codes.push((await runCli(['run', '--out', shard1, '--shard', '1/2', '--prior', single, ...common])).code);
    codes.push((await runCli(['run', '--out', shard2, '--shard', '2/2', '--prior', single, ...common])).code);
    codes.push((await runCli(['merge', shard1, shard2, '--out', merged])).code);
  }, pacedMilliseconds(180_000));

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('runs, shards and merges without error', () => {
    expect(codes).toEqual([0, 0, 0, 0]);
  });

  it("splits the instances between the shards, each instance once, by the prior run's costs", async () => {
    const a = await readJson<{
      shard: { assignment: Record<string, number>; priorCostSeconds: Record<string, number> };
    }>(path.join(shard1, 'campaign.json'));
    const b = await readJson<{ shard: { assignment: Record<string, number> } }>(path.join(shard2, 'campaign.json'));
    expect(a.shard.assignment).toEqual(b.shard.assignment);
    expect(Object.keys(a.shard.assignment).sort()).toEqual([...ALL_INSTANCES].sort());
    expect(Object.values(a.shard.priorCostSeconds).every((s) => s > 0)).toBe(true);
    const one = (
      await readJson<{ instances: { candidate: string; instance: string }[] }>(path.join(shard1, 'build.json'))
    ).instances.map((i) => `${i.candidate}/${i.instance}`);
    const two = (
      await readJson<{ instances: { candidate: string; instance: string }[] }>(path.join(shard2, 'build.json'))
    ).instances.map((i) => `${i.candidate}/${i.instance}`);
    expect(one.length).toBeGreaterThan(0);
    expect(two.length).toBeGreaterThan(0);
    expect([...one, ...two].sort()).toEqual([...ALL_INSTANCES].sort());
    expect(await listFiles(shard1, 'reports')).toEqual([]);
  });

  it('has the same set of records as the single run', async () => {
    const records = await listFiles(single, 'records');
    expect(records).toHaveLength(10);
    expect(await listFiles(merged, 'records')).toEqual(records);
    expect(await listFiles(merged, 'kat')).toEqual(await listFiles(single, 'kat'));
  });

  it("keeps the single run's instance order, flags and verdicts in build.json", async () => {
    const pick = (b: { instances: Record<string, unknown>[] }) =>
      b.instances.map((i) => [i.candidate, i.instance, i.flags, i.kat, i.librarySha256]);
    expect(pick(await readJson(path.join(merged, 'build.json')))).toEqual(
      pick(await readJson(path.join(single, 'build.json'))),
    );
  });

  it('renders the same report tables, numbers aside', async () => {
    for (const candidate of CANDIDATES) {
      const file = path.join('reports', candidate, 'perf_x86_9.md');
      const tables = await maskedTables(path.join(single, file));
      expect(tables.length).toBeGreaterThan(10);
      expect(await maskedTables(path.join(merged, file))).toEqual(tables);
    }
  });

  it('gives a merged dataset that "ngcc-perf validate" regenerates byte for byte', async () => {
    const result = await runCli(['validate', merged]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('names both parts in the merged campaign.json', async () => {
    const campaign = await readJson<{ shard: unknown; mergedFrom: { directory: string; shard: string }[] }>(
      path.join(merged, 'campaign.json'),
    );
    expect(campaign.shard).toBeNull();
    expect(campaign.mergedFrom.map((p) => [p.directory, p.shard])).toEqual([
      ['shard1', '1/2'],
      ['shard2', '2/2'],
    ]);
  });

  it('refuses mixed systems, mixed plans, a missing shard, a non-empty output, and publishing a shard', async () => {
    const other = path.join(scratch, 'other-system');
    await cp(shard2, other, { recursive: true });
    const campaignFile = path.join(other, 'campaign.json');
    const campaign = await readJson<{ systemId: string; plan: { trials: number } }>(campaignFile);
    await writeFile(campaignFile, JSON.stringify({ ...campaign, systemId: 'arm_9' }));
    const mixedSystems = await runCli(['merge', shard1, other, '--out', path.join(scratch, 'm1')]);
    expect(mixedSystems.code).toBe(2);
    expect(mixedSystems.stderr).toMatch(/mixed systems: .*shard1 is x86_9, .*other-system is arm_9/);

    await writeFile(campaignFile, JSON.stringify({ ...campaign, plan: { ...campaign.plan, trials: 3 } }));
    const mixedPlans = await runCli(['merge', shard1, other, '--out', path.join(scratch, 'm2')]);
    expect(mixedPlans.code).toBe(2);
    expect(mixedPlans.stderr).toContain('mixed plans');
    expect(mixedPlans.stderr).toContain('plan.trials: 5 in shard1, 3 in other-system');

    const shardPublish = await runCli(['publish', shard1, '--data', path.join(scratch, 'data-shard')]);
    expect(shardPublish.stderr).toContain('is shard 1/2 of a campaign. Merge the shards first');

    const missing = await runCli(['merge', shard1, '--out', path.join(scratch, 'm3')]);
    expect(missing.stderr).toContain('shard 2/2 is missing');

    const notEmpty = await runCli(['merge', shard1, shard2, '--out', merged]);
    expect(notEmpty.stderr).toContain('is not empty');
  });

  it('publishes into data/<system>/ with relative paths, and never replaces a dataset without --replace', async () => {
    const data = path.join(scratch, 'data');
    const first = await runCli(['publish', merged, '--data', data]);
    expect(first.code).toBe(0);
    expect(first.stdout.trim()).toBe(path.join(data, 'x86_9'));
    expect(await listFiles(path.join(data, 'x86_9'), 'records')).toEqual(await listFiles(merged, 'records'));
    const build = await readFile(path.join(data, 'x86_9', 'build.json'), 'utf8');
    expect(build).not.toContain(scratch);
    expect((await runCli(['publish', merged, '--data', data])).stderr).toContain('already published, unchanged');

    const before = await readFile(path.join(data, 'x86_9', 'campaign.json'), 'utf8');
    const refused = await runCli(['publish', single, '--data', data]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Pass --replace');
    expect(await readFile(path.join(data, 'x86_9', 'campaign.json'), 'utf8')).toBe(before);

    expect((await runCli(['publish', single, '--data', data, '--replace'])).code).toBe(0);
    expect(await readFile(path.join(data, 'x86_9', 'campaign.json'), 'utf8')).toBe(
      await readFile(path.join(single, 'campaign.json'), 'utf8'),
    );
  });
});
