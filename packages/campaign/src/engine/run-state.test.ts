import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openRunState, type OpenRunStateOptions } from './run-state.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'ngcc-perf-run-state-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const options = (directory: string): OpenRunStateOptions => ({
  directory,
  identity: {
    systemId: 'x86_1',
    plan: {
      trialTargetSeconds: 1,
      budgetSeconds: 900,
      trials: 5,
      minIterations: 1,
      maxIterations: 1000000,
      messageSizesBytes: [32],
      messageRule: 'guide',
    },
    buildProfile: null,
    candidates: [{ id: 'example-sm3', instances: ['sm3'] }],
    shard: null,
  },
  tools: { compiler: 'gcc 12.2.0', buildTool: 'cmake 3.25.1', node: 'v20.19.0', ngccPerf: '0.1.0' },
});

async function startedRun(): Promise<string> {
  const directory = await mkdtemp(path.join(scratch, 'run-'));
  const state = await openRunState(options(directory));
  await state.release();
  return directory;
}

describe("openRunState on a resume (campaign.json and build.json validated with @ngcc-perf/record's schemas)", () => {
  it('resumes a directory it started', async () => {
    const directory = await startedRun();
    const state = await openRunState(options(directory));
    expect(state.resumed).toBe(true);
    await state.release();
  });

  it('names campaign.json and the field when a field does not fit', async () => {
    const directory = await startedRun();
    const file = path.join(directory, 'campaign.json');
    const campaign = JSON.parse(await readFile(file, 'utf8')) as { plan: Record<string, unknown> };
    campaign.plan.trials = 'five';
    await writeFile(file, JSON.stringify(campaign));
    await expect(openRunState(options(directory))).rejects.toThrow(
      expect.objectContaining({
        name: 'CampaignError',
        code: 'RUN_DIRECTORY',
        message: expect.stringContaining(`${file}: field "plan.trials"`),
      }),
    );
  });

  it("names build.json and the entry's field when a KAT verdict is not one of the ICCS KAT rules", async () => {
    const directory = await startedRun();
    const file = path.join(directory, 'build.json');
    await writeFile(
      file,
      JSON.stringify({ format: 'ngcc-perf/build@1', instances: [{ candidate: 'example-sm3', kat: 'MAYBE' }] }),
    );
    await expect(openRunState(options(directory))).rejects.toThrow(
      expect.objectContaining({ message: expect.stringContaining(`${file}: field "instances.0.`) }),
    );
  });
});

describe('openRunState after a refused run, and on a damaged campaign.json', () => {
  const otherPlan = (directory: string): OpenRunStateOptions => {
    const base = options(directory);
    return { ...base, identity: { ...base.identity, plan: { ...base.identity.plan, trials: 3 } } };
  };

  it('a directory with a campaign.json and no evidence (the host check refused) accepts the corrected command', async () => {
    const directory = await startedRun();
    const state = await openRunState(otherPlan(directory));
    expect(state.resumed).toBe(false);
    expect(state.replacedUnmeasured).toBe('plan.trials: 5 in the run directory, 3 now');
    expect(state.campaign.plan.trials).toBe(3);
    await state.release();
    const saved = JSON.parse(await readFile(path.join(directory, 'campaign.json'), 'utf8')) as {
      plan: { trials: number };
    };
    expect(saved.plan.trials).toBe(3);
  });

  it('a directory holding a record still refuses other parameters', async () => {
    const directory = await startedRun();
    await mkdir(path.join(directory, 'records', 'example-sm3'), { recursive: true });
    await writeFile(path.join(directory, 'records', 'example-sm3', 'sm3__hash_32.json'), '{}');
    await expect(openRunState(otherPlan(directory))).rejects.toThrow(/was started with different parameters/);
  });

  it('a cut campaign.json is called damaged, and the message says how to resume keeping the records', async () => {
    const directory = await startedRun();
    await mkdir(path.join(directory, 'records', 'example-sm3'), { recursive: true });
    await writeFile(path.join(directory, 'records', 'example-sm3', 'sm3__hash_32.json'), '{}');
    const file = path.join(directory, 'campaign.json');
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.slice(0, 100));
    const error = await openRunState(options(directory)).then(
      () => null,
      (caught: unknown) => caught as Error,
    );
    expect(error?.message).toContain(`${file} is damaged: cut short at 100 bytes`);
    expect(error?.message).toContain('the 1 file(s) in records/ are not affected');
    expect(error?.message).toContain(`mv ${file} ${file}.damaged`);
    expect(error?.message).not.toContain('not written by ngcc-perf');
  });
});
