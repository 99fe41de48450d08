// A host whose check finds problems is measured only with --allow-unfixed-host (issue: cycle
// capture you can trust); the problems then travel into every record.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { main } from '../src/main.js';
import { pacedMilliseconds } from '@ngcc-perf/native';
import { tinyPlanArguments } from './campaign-support.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const sm3 = path.join(repositoryRoot, 'native', 'examples', 'sm3');
const tiny = tinyPlanArguments({ system: null });

async function run(argv: string[]) {
  const err: string[] = [];
  const code = await main(argv, { stdout: () => undefined, stderr: (t) => void err.push(t) });
  return { code, stderr: err.join('') };
}

describe('the host gate', () => {
  const saved = process.env.NGCC_PERF_ALLOW_UNFIXED_HOST;
  let scratch: string;
  beforeAll(async () => {
    delete process.env.NGCC_PERF_ALLOW_UNFIXED_HOST;
    scratch = await mkdtemp(path.join(os.tmpdir(), 'ngcc-host-gate-'));
  });
  afterAll(async () => {
    process.env.NGCC_PERF_ALLOW_UNFIXED_HOST = saved;
    await rm(scratch, { recursive: true, force: true });
  });

  it(
    'refuses a host with problems, names them and the flag, and measures nothing',
    async () => {
      const out = path.join(scratch, 'refused');
      const result = await run(['run', sm3, '--out', out, ...tiny]);
      const campaign = JSON.parse(await readFile(path.join(out, 'campaign.json'), 'utf8'));
      if (campaign.hostProblems.length === 0) {
        // A tuned bare-metal host: nothing to refuse.
        expect(result.code).toBe(0);
        return;
      }
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('--allow-unfixed-host');
      expect(result.stderr).toContain(campaign.hostProblems[0].message);
      await expect(readdir(path.join(out, 'records'))).rejects.toThrow();
    },
    pacedMilliseconds(120_000),
  );

  it(
    'measures with --allow-unfixed-host and repeats the problems in every record',
    async () => {
      const out = path.join(scratch, 'allowed');
      const result = await run(['run', sm3, '--out', out, '--allow-unfixed-host', ...tiny]);
      expect(result.code).toBe(0);
      const campaign = JSON.parse(await readFile(path.join(out, 'campaign.json'), 'utf8'));
      const record = JSON.parse(await readFile(path.join(out, 'records', 'example-sm3', 'sm3__hash_32.json'), 'utf8'));
      expect(record.hostProblems).toEqual(campaign.hostProblems);
    },
    pacedMilliseconds(120_000),
  );
});
