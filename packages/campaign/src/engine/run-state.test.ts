import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
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
