// `--category PATH`: a category of our own, as a plain JavaScript module (test/fixtures/toy-category/
// toy-fof.mjs, the toy fixed-output function of native/testlibs/toy_fof.c), taken by `ngcc-perf run`
// through build, KAT, a short measure phase and its pages, then by `validate`, `report`, `merge` and
// `publish` of that run. Without the module the run and the run directory are refused, naming the
// category; a module that does not load or exports no category is refused naming its path.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { canonicalDigest } from '@ngcc-perf/kat';
import { pacedMilliseconds } from '@ngcc-perf/native';
import { main } from '../src/main.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repositoryRoot = path.resolve(here, '..', '..', '..');
const fixtures = path.join(here, 'fixtures', 'toy-category');
const TOY_MODULE = path.join(fixtures, 'toy-fof.mjs');
const work = mkdtempSync(path.join(os.tmpdir(), 'ngcc-category-module-'));
const run = path.join(work, 'run');
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { stdout: (text) => void out.push(text), stderr: (text) => void err.push(text) });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

/** The toy's KAT file by hand: input byte i = 3i mod 256, out[j] = (L + Σ in + 7j) mod 256. */
function expectedKatText(): string {
  const hex = (bytes: number[]) => Buffer.from(bytes).toString('hex').toUpperCase();
  return [0, 1, 16, 100]
    .map((length, count) => {
      const input = Array.from({ length }, (_, i) => (3 * i) & 0xff);
      const sum = input.reduce((total, byte) => (total + byte) & 0xff, length & 0xff);
      const output = Array.from({ length: 16 }, (_, j) => (sum + 7 * j) & 0xff);
      return `Count = ${count}\nIn_Len = ${length}\nIn = ${hex(input)}\nOut = ${hex(output)}\n\n`;
    })
    .join('');
}

/** A candidate folder of the toy category: its source, candidate.json and kat.sha256. */
function toyCandidateFolder(): string {
  const folder = path.join(work, 'toy-01');
  mkdirSync(folder);
  copyFileSync(path.join(repositoryRoot, 'native', 'testlibs', 'toy_fof.c'), path.join(folder, 'toy_fof.c'));
  const candidate = {
    id: 'toy-01',
    algorithm: 'Toy',
    category: 'toy-fof',
    manifest: 'kat.sha256',
    instances: [{ name: 'toy', sources: ['toy_fof.c'] }],
  };
  writeFileSync(path.join(folder, 'candidate.json'), `${JSON.stringify(candidate, null, 2)}\n`);
  const digest = canonicalDigest(expectedKatText(), { mode: 'strict' });
  writeFileSync(path.join(folder, 'kat.sha256'), `${digest} strict toy/KAT_FOF_toy.txt\n`);
  return folder;
}

const runArgs = (folder: string) => [
  'run',
  folder,
  '--out',
  run,
  '--system',
  'toy_1',
  '--no-baseline',
  '--allow-unfixed-host',
  '--phases',
  'build,kat,ct,calibrate,measure,report',
  '--trial-target',
  '0.002',
  '--trials',
  '2',
  '--quiet',
];

let folder: string;
beforeAll(() => {
  folder = toyCandidateFolder();
});

describe('--category MODULE', () => {
  it(
    'run takes the module’s category through build, KAT, measure and pages; validate, report, merge and publish read the run with it',
    async () => {
      const refused = await cli(runArgs(folder));
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/category "toy-fof" is not registered/);

      const made = await cli([...runArgs(folder), '--category', TOY_MODULE]);
      expect(made.stderr).toBe('');
      expect(made.code).toBe(0);
      const build = JSON.parse(readFileSync(path.join(run, 'build.json'), 'utf8')) as {
        instances: { category: string; kat: string }[];
      };
      expect(build.instances).toMatchObject([{ category: 'toy-fof', kat: 'PASS' }]);
      for (const stem of ['eval_16', 'eval_256'])
        expect(existsSync(path.join(run, 'records', 'toy-01', `toy__${stem}.json`))).toBe(true);
      // the category's section is item (4) of the page frame, numbered as the guide's items
      expect(readFileSync(path.join(run, 'reports', 'toy-01', 'perf_toy_1.md'), 'utf8')).toMatch(
        /^## 4\. Performance of eval$/m,
      );

      const valid = await cli(['validate', run, '--category', TOY_MODULE]);
      expect(valid).toMatchObject({ code: 0, stderr: '' });
      expect(valid.stdout).toMatch(/^valid: 2 records recomputed/);
      // without the module the run directory names a category no registry holds
      const unknown = await cli(['validate', run]);
      expect(unknown.code).not.toBe(0);
      expect(unknown.stderr).toMatch(/toy-fof/);

      const site = path.join(work, 'site');
      const report = await cli(['report', run, '--out', site, '--category', TOY_MODULE]);
      expect(report.code).toBe(0);
      expect(report.stdout.trim().split('\n').at(-1)).toBe(path.join(site, 'reports', 'index.html'));
      // The site-wide pages and the exports list the toy candidate under its category's title, never drop it.
      const siteIndex = readFileSync(path.join(site, 'reports', 'index.md'), 'utf8');
      expect(siteIndex).toMatch(/^## Fixed-output functions$/m);
      expect(siteIndex).toMatch(/Each system's ranking pages rank them per claimed security target/);
      expect(siteIndex).toMatch(/\| toy-01 \| Toy \| \[1 instance\]\(toy-01\/perf_toy_1\.md\) · KAT PASS \|/);
      expect(siteIndex).not.toMatch(/^## Candidates$/m); // no empty hash grid in a run without hash instances
      const overview = readFileSync(path.join(site, 'reports', 'constant-time_toy_1.md'), 'utf8');
      expect(overview).toMatch(/^## Fixed-output functions$/m);
      expect(overview).toContain('not audited: category toy-fof has no constant-time harness yet');
      const ranking = readFileSync(path.join(site, 'reports', 'ranking_toy_1_instances.md'), 'utf8');
      expect(ranking).toContain(
        'Fixed-output functions (category toy-fof: toy-01/toy): ranked per claimed security target, one parameter set per candidate, on the target pages',
      );
      // the toy category claims no target for its instance: named apart on the target pages, never guessed
      const target = readFileSync(path.join(site, 'reports', 'ranking_toy_1_128.md'), 'utf8');
      expect(target).toContain('No claimed security target is known for toy-01/toy');
      const json = JSON.parse(readFileSync(path.join(site, 'exports', 'records_toy_1.json'), 'utf8')) as {
        records: unknown[];
        operationRecords: { file: string; record: { operation: { category: string } }; headline: unknown }[];
      };
      expect(json.records).toEqual([]);
      expect(json.operationRecords.map((entry) => entry.file)).toEqual([
        'records/toy-01/toy__eval_16.json',
        'records/toy-01/toy__eval_256.json',
      ]);
      expect(json.operationRecords[0]).toMatchObject({ record: { operation: { category: 'toy-fof' } } });
      const csv = readFileSync(path.join(site, 'exports', 'records_toy_1.csv'), 'utf8')
        .trim()
        .split('\n');
      expect(csv.slice(1).map((line) => line.split(',').at(-1))).toEqual([
        'records/toy-01/toy__eval_16.json',
        'records/toy-01/toy__eval_256.json',
      ]);

      const merged = path.join(work, 'merged');
      expect(await cli(['merge', run, '--out', merged, '--category', TOY_MODULE, '--json'])).toMatchObject({
        code: 0,
        stderr: '',
      });
      expect(existsSync(path.join(merged, 'records', 'toy-01', 'toy__eval_16.json'))).toBe(true);
      const data = path.join(work, 'data');
      const published = await cli(['publish', merged, '--data', data, '--category', TOY_MODULE]);
      expect(published.code).toBe(0);
      expect(existsSync(path.join(data, 'toy_1', 'build.json'))).toBe(true);
    },
    pacedMilliseconds(240_000),
  );

  it('a module that does not load, or loads and exports no category, is refused naming its path and what it lacked', async () => {
    const missing = path.join(work, 'no-such-module.mjs');
    const notLoaded = await cli(['validate', work, '--category', missing]);
    expect(notLoaded.code).toBe(2);
    expect(notLoaded.stderr).toContain(`category module ${missing}: does not load`);

    const empty = path.join(fixtures, 'no-category.mjs');
    const noCategory = await cli(['validate', work, '--category', empty]);
    expect(noCategory.code).toBe(2);
    expect(noCategory.stderr).toContain(
      `category module ${empty}: exports no category (no default export and no export "category"; its exports: notACategory)`,
    );

    const partial = path.join(work, 'partial.mjs');
    writeFileSync(partial, "export const category = { id: 'half', api: { symbols: ['half_eval'] } };\n");
    const half = await cli(['report', work, '--category', partial]);
    expect(half.code).toBe(2);
    expect(half.stderr).toContain(
      `category module ${partial}: its export is no AlgorithmCategory: it lacks driver, operations, kat, manifestEntries, sizes, pages, rankingMetrics, securityTargetBits`,
    );
  });
});
