// The README's "Campaigns on a cluster" section, run as written on a real single-node Slurm
// (slurm-cluster.ts): its job script submitted as a 2-shard array over the bundled examples, one
// task killed mid-measure with `scancel --signal=KILL` and requeued, the merge and publish job
// waiting for both, then: every record present once, the resumed task's earlier records kept byte
// for byte, `validate` passing on the merged run, and the merged pages equal to a single run's
// (numbers masked). The plan is shortened through NGCC_PERF_RUN_OPTIONS, which the README's script
// passes on. Skips only when the Slurm programs are absent; .ci/run installs them.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { listFiles, maskedTables, repositoryRoot } from './campaign-support.js';
import { missingSlurmPackages, startSlurmCluster, type SlurmCluster } from './slurm-cluster.js';
import { pacedMilliseconds } from '@ngcc-perf/native';

/** The three code blocks of the README's Slurm section: job script, submission, resumption. */
function readmeSlurmBlocks(): [string, string, string] {
  const readme = readFileSync(path.join(repositoryRoot, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### Slurm job array'), readme.indexOf('## Repository'));
  const blocks = [...section.matchAll(/```bash\n([\s\S]*?)```/g)].map((match) => match[1] as string);
  expect(blocks).toHaveLength(3);
  return blocks as [string, string, string];
}

// A short plan: two sizes, 20 ms trials, 3 trials, no ICCS baseline (the README's script adds these to `run`).
const RUN_OPTIONS = '--sizes 32,4096 --trial-target 0.02 --trials 3 --no-baseline';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const missing = missingSlurmPackages();

(missing.length === 0 ? describe : describe.skip)(
  `the README's Slurm job array on a real Slurm${missing.length === 0 ? '' : ` (skipped: install ${missing.join(' ')})`}`,
  () => {
    let scratch = '';
    let checkout = '';
    let cluster: SlurmCluster | null = null;
    let array = '';
    let merge = '';
    const keptBeforeKill = new Map<string, Buffer>();
    let killedShard = '';

    /**
     * The CPU locks of this test's runs only: another ngcc-perf running on the host at the same
     * time (a parallel test suite) would otherwise hold the last CPU, the shards would measure on
     * another one and the merged page would rightly name two CPUs where the single run named one.
     */
    const privateCpuLocks = () => ({ NGCC_PERF_RUNTIME_DIR: path.join(scratch, 'cpu-locks') });
    /** Runs a README block with bash in the checkout, with the cluster's environment and `vars`. */
    const bash = (script: string, vars: Record<string, string> = {}) =>
      execFileSync('bash', ['-eo', 'pipefail', '-c', script], {
        cwd: checkout,
        env: { ...cluster?.env, ...privateCpuLocks(), NGCC_PERF_RUN_OPTIONS: RUN_OPTIONS, ...vars },
        encoding: 'utf8',
      });
    const node = (...args: string[]) =>
      spawnSync(process.execPath, ['packages/cli/dist/bin.js', ...args], {
        cwd: checkout,
        encoding: 'utf8',
        env: { ...cluster?.env, ...privateCpuLocks() },
      });

    async function waitFor(what: string, test: () => boolean, seconds: number): Promise<void> {
      for (let waited = 0; !test(); waited++) {
        if (waited >= seconds * 2) throw new Error(`${what}: not within ${seconds} s\n${cluster?.logs() ?? ''}`);
        await sleep(500);
      }
    }

    beforeAll(async () => {
      scratch = mkdtempSync(path.join(os.tmpdir(), 'ngcc-slurm-'));
      // The submit folder looks like a checkout after "npm ci && npm run build", with the bundled
      // examples as submissions/hash-*/.
      checkout = path.join(scratch, 'checkout');
      mkdirSync(path.join(checkout, 'submissions'), { recursive: true });
      for (const entry of ['packages', 'node_modules', 'native'])
        symlinkSync(path.join(repositoryRoot, entry), path.join(checkout, entry));
      ['sha512', 'shake256', 'sm3'].forEach((example, i) =>
        cpSync(
          path.join(repositoryRoot, 'native', 'examples', example),
          path.join(checkout, 'submissions', `hash-0${i + 1}`),
          { recursive: true },
        ),
      );
      cluster = await startSlurmCluster(path.join(scratch, 'slurm'));
      const [jobScript, submit, resume] = readmeSlurmBlocks();
      writeFileSync(path.join(checkout, 'campaign.sbatch'), jobScript);

      // The last campaign: one process over every instance, published to data/x86_1 (the job
      // script's --prior), and the reference for the merged pages.
      const single = node(
        'run',
        'submissions/hash-01/',
        'submissions/hash-02/',
        'submissions/hash-03/',
        '--system',
        'x86_1',
        '--out',
        'runs/single',
        ...RUN_OPTIONS.split(' '),
        '--quiet',
        '--data',
        'data',
      );
      expect(single.stderr).toBe('');
      expect(single.status).toBe(0);

      const ids = bash(`${submit}\nprintf '%s %s' "$array" "$merge"`).split(' ');
      [array, merge] = ids as [string, string];
      expect(array).toMatch(/^\d+$/);
      // Task 1 runs first (--exclusive on this node: one task at a time). Kill it once it has
      // written a record, keeping a copy of every record it has written so far.
      const task1 = `${array}_1`;
      killedShard = path.join(checkout, 'runs', 'x86_1', 'shard-1');
      await waitFor(
        'task 1 writing its first record',
        () =>
          cluster?.jobState(task1) === 'RUNNING' &&
          existsSync(path.join(killedShard, 'records')) &&
          spawnSync('sh', ['-c', `ls ${path.join(killedShard, 'records')}/*/*.json`]).status === 0,
        600,
      );
      for (const record of await listFiles(killedShard, 'records'))
        keptBeforeKill.set(record, readFileSync(path.join(killedShard, record)));
      cluster.run('scancel', ['--signal=KILL', task1]);
      await waitFor(
        'task 1 to end after SIGKILL',
        () => !['RUNNING', 'COMPLETING'].includes(cluster?.jobState(task1) ?? ''),
        120,
      );
      expect(cluster.jobState(task1)).toMatch(/^(CANCELLED|FAILED)$/);
      bash(resume, { array, merge });
      await waitFor(
        'the merge job to finish',
        () => ['COMPLETED', 'FAILED', 'CANCELLED'].includes(cluster?.jobState(merge) ?? ''),
        900,
      );
    }, pacedMilliseconds(1_800_000));

    afterAll(async () => {
      await cluster?.stop();
      rmSync(scratch, { recursive: true, force: true });
    }, pacedMilliseconds(60_000));

    it('every task and the merge job end COMPLETED with exit code 0; the logs land where the script says', () => {
      for (const job of [`${array}_1`, `${array}_2`, merge]) {
        const shown = cluster?.run('scontrol', ['show', 'job', job]) ?? '';
        expect([job, /JobState=(\S+)/.exec(shown)?.[1], /ExitCode=(\S+)/.exec(shown)?.[1]]).toEqual([
          job,
          'COMPLETED',
          '0:0',
        ]);
      }
      expect(existsSync(path.join(checkout, 'runs', 'x86_1', `slurm-${array}_1.log`))).toBe(true);
      expect(existsSync(path.join(checkout, 'runs', 'x86_1', `slurm-${array}_2.log`))).toBe(true);
    });

    it('the killed task kept every record written before the kill, byte for byte', () => {
      expect(keptBeforeKill.size).toBeGreaterThan(0);
      for (const [record, bytes] of keptBeforeKill)
        expect([record, readFileSync(path.join(killedShard, record)).equals(bytes)]).toEqual([record, true]);
    });

    it("has every record once: the shards split the instances, the merged run has the single run's records", async () => {
      const single = await listFiles(path.join(checkout, 'runs', 'single'), 'records');
      expect(single).toHaveLength(10); // 5 instances × 2 sizes
      const one = await listFiles(path.join(checkout, 'runs', 'x86_1', 'shard-1'), 'records');
      const two = await listFiles(path.join(checkout, 'runs', 'x86_1', 'shard-2'), 'records');
      expect(one.length).toBeGreaterThan(0);
      expect(two.length).toBeGreaterThan(0);
      expect([...one, ...two].sort()).toEqual(single);
      expect(await listFiles(path.join(checkout, 'runs', 'x86_1', 'merged'), 'records')).toEqual(single);
    });

    it('the merged run passes validate, and publish put it in data/x86_1', async () => {
      const validated = node('validate', 'runs/x86_1/merged');
      expect(validated.stderr).toBe('');
      expect(validated.status).toBe(0);
      expect(await listFiles(path.join(checkout, 'data', 'x86_1'), 'records')).toEqual(
        await listFiles(path.join(checkout, 'runs', 'x86_1', 'merged'), 'records'),
      );
      const published = JSON.parse(readFileSync(path.join(checkout, 'data', 'x86_1', 'campaign.json'), 'utf8')) as {
        mergedFrom?: unknown[];
      };
      expect(published.mergedFrom).toHaveLength(2);
    });

    it('renders the same pages as the single run, numbers masked', async () => {
      for (const candidate of ['example-sha512', 'example-shake256', 'example-sm3']) {
        const file = path.join('reports', candidate, 'perf_x86_1.md');
        const tables = await maskedTables(path.join(checkout, 'runs', 'single', file));
        expect(tables.length).toBeGreaterThan(10);
        expect(await maskedTables(path.join(checkout, 'runs', 'x86_1', 'merged', file))).toEqual(tables);
      }
    });
  },
);
