// A category of our own through the campaign engine (docs/ARCHITECTURE.md "Categories"): the toy
// fixed-output function of test/fixtures/toy-category — its C sources, its C adapter and its
// TypeScript module — registered with registryWith() and handed to runCampaign, which takes it
// through build (the guide's reference profile), KAT (judged against a manifest), the ct phase
// (an honest "not audited"), a short calibrate and measure phase and the report phase, by asking
// the registry. Nothing outside the fixture folder names the toy; `ngcc-perf validate`'s function
// then recomputes the run directory's evidence and pages.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import { registryWith } from '@ngcc-perf/categories';
import { canonicalDigest } from '@ngcc-perf/kat';
import { buildInstance, categoryAbiIncludeDirectory } from '@ngcc-perf/native';
import { buildFileSchema, operationRecordSchema } from '@ngcc-perf/record';
import { validateRunDirectory } from '@ngcc-perf/report';
import { runCampaign, type CampaignCandidate, type CampaignEvent } from '../src/index.js';
import { toyCategory } from './fixtures/toy-category/toy-category.js';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'toy-category');
const work = mkdtempSync(path.join(tmpdir(), 'ngcc-perf-toy-category-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

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

/** The toy candidate as intake would give it: one instance, its sources in the fixture folder. */
function toyCandidate(manifestPath: string): CampaignCandidate {
  return {
    id: 'toy-01',
    algorithm: 'Toy',
    category: 'toy-fof',
    variant: 'reference',
    directory: fixture,
    manifestPath,
    instances: [
      {
        name: 'toy',
        category: 'toy-fof',
        katName: 'toy',
        parameters: {},
        variant: 'reference',
        xofName: null,
        sourcePaths: [path.join(fixture, 'toy_fof.c')],
        includeDirPaths: [],
        prebuiltLibraryPath: null,
        versionLabel: null,
        katFilePaths: [],
        addedSources: [],
        patchPath: null,
        defines: {},
        cFlags: [],
      },
    ],
    unmeasured: [],
    origin: null,
  };
}

describe('a toy category of our own', () => {
  it('runs through the campaign engine — build, KAT, ct, a short measure and its pages — by the registry alone', async () => {
    const adapter = await buildInstance({
      instance: {
        name: 'toy_fof_adapter',
        sourcePaths: ['toy_fof_adapter.c'],
        includeDirPaths: [categoryAbiIncludeDirectory()],
      },
      profile: 'reference',
      libraryDirectory: path.join(work, 'adapter'),
      sourceRoot: fixture,
    });
    const category = toyCategory(adapter.libraryPath);
    const manifestPath = path.join(work, 'kat.sha256');
    const entries = category.manifestEntries({ name: 'toy', parameters: {} });
    writeFileSync(
      manifestPath,
      entries
        .map((entry) => `${canonicalDigest(expectedKatText(), { mode: entry.mode })} ${entry.mode} toy/${entry.file}\n`)
        .join(''),
    );
    const out = path.join(work, 'run');
    const registry = registryWith(category);

    // Without the registration the engine refuses the candidate, naming its category.
    await expect(
      runCampaign({ candidates: [toyCandidate(manifestPath)], outDirectory: out, baseline: false }),
    ).rejects.toThrow(/candidate toy-01: category "toy-fof" is not registered/);

    const events: CampaignEvent[] = [];
    const result = await runCampaign({
      candidates: [toyCandidate(manifestPath)],
      categories: registry,
      onEvent: (event) => events.push(event),
      outDirectory: out,
      systemId: 'toy_1',
      baseline: false,
      allowUnfixedHost: true,
      phases: ['build', 'kat', 'ct', 'calibrate', 'measure', 'report'],
      trialTargetSeconds: 0.002,
      trials: 2,
    });
    expect(result.verdicts).toEqual([{ candidate: 'toy-01', instance: 'toy', verdict: 'PASS', flags: 'guide' }]);
    expect(result.records).toMatchObject({ complete: 2, failed: 0 });
    // Progress names each operation by its category's label (two operations of one instance stay apart).
    const recorded = events.flatMap((event) => (event.event === 'record' ? [event.operation] : []));
    expect(recorded.sort()).toEqual(['eval 16 B', 'eval 256 B']);

    // build.json: the instance's category and parameters, its item (6) sizes, an honest ct verdict.
    const build = buildFileSchema.parse(JSON.parse(readFileSync(path.join(out, 'build.json'), 'utf8')));
    const [entry] = build.instances;
    expect(entry).toMatchObject({
      category: 'toy-fof',
      parameters: {},
      kat: 'PASS',
      sizes: [{ key: 'output', label: 'output', getterBytes: 16, writtenBytes: null, agrees: null }],
      ct: { verdict: 'unknown', detail: 'not audited: category toy-fof has no constant-time harness yet' },
    });
    expect(entry?.digestBits).toBeUndefined();
    expect(readFileSync(path.join(out, 'kat', 'toy-01', 'toy', 'KAT_FOF_toy.txt'), 'utf8')).toBe(expectedKatText());
    expect(readFileSync(path.join(out, 'kat', 'toy-01', 'toy.log'), 'utf8')).toMatch(
      /manifest {2}[0-9a-f]{64} strict toy\/KAT_FOF_toy\.txt \(kat\.sha256 line 1\): match\nRESULT toy-01 toy PASS\n$/,
    );

    // One record of the generic form per operation the category lists, named by its file stem.
    for (const stem of ['eval_16', 'eval_256']) {
      const text = readFileSync(path.join(out, 'records', 'toy-01', `toy__${stem}.json`), 'utf8');
      const record = operationRecordSchema.parse(JSON.parse(text));
      expect(record).toMatchObject({ status: 'complete', operation: { category: 'toy-fof', name: 'eval' } });
      // The memory of one call, by the driver's op-memory through the category's adapter.
      expect(record.memoryFailure ?? null).toBeNull();
      expect(record.memory?.command).toEqual(expect.arrayContaining(['op-memory', 'toy-fof', 'eval', '--adapter']));
    }

    // Pages: the candidate page holds the category's sections, the index and summary its section.
    const page = readFileSync(path.join(out, 'reports', 'toy-01', 'perf_toy_1.md'), 'utf8');
    // … in the §3.5 layout: the page frame's items, the category's section as item (4).
    expect(page).toContain('## 3. Functional testing (KAT)');
    expect(page).toContain('## 4. Performance of eval');
    expect(page).toContain('## 7. Raw evidence index');
    expect(page).toMatch(/\| toy \| 16 \| \d+ \|\n\| toy \| 256 \| \d+ \|\n/);
    for (const file of ['index_toy_1.md', 'summary_toy_1.md']) {
      const system = readFileSync(path.join(out, 'reports', file), 'utf8');
      expect(system).toContain('## Fixed-output functions');
      expect(system).not.toMatch(/^## (Candidates|Instances)$/m); // no empty hash table in a run without hash instances
      expect(system).toMatch(/\| \[toy-01\]\(toy-01\/perf_toy_1\.md\) Toy \| `toy` \| PASS \| \d+/);
    }
    expect(result.reportsMarkdown).toEqual(['reports/toy-01/perf_toy_1.md']);

    // Running it again resumes: the build, the KAT and both records of the same library are kept.
    const again = await runCampaign({
      candidates: [toyCandidate(manifestPath)],
      categories: registry,
      outDirectory: out,
      systemId: 'toy_1',
      baseline: false,
      allowUnfixedHost: true,
      phases: ['build', 'kat', 'ct', 'calibrate', 'measure', 'report'],
      trialTargetSeconds: 0.002,
      trials: 2,
    });
    expect(again).toMatchObject({ resumed: true, records: { complete: 0, failed: 0, reused: 2 } });

    // The run directory stands on its own: every digest, log and page recomputed.
    const validation = await validateRunDirectory(out, { categories: registry });
    expect(validation).toMatchObject({ valid: true });
    // … and a figure of a generic record that its trials do not give is found.
    const recordFile = path.join(out, 'records', 'toy-01', 'toy__eval_16.json');
    const tampered = JSON.parse(readFileSync(recordFile, 'utf8')) as { derived: { meanCycles: number } };
    tampered.derived.meanCycles *= 2;
    writeFileSync(recordFile, `${JSON.stringify(tampered, null, 2)}\n`);
    expect(await validateRunDirectory(out, { categories: registry })).toMatchObject({
      valid: false,
      difference: { check: 'derived', file: 'records/toy-01/toy__eval_16.json', field: 'derived.meanCycles' },
    });
  }, 240_000);
});
