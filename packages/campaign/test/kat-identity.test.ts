// A package is known by its KAT digests, whatever its folder is called: the synthetic Zucchini
// (toy-11 in the fixture catalog) unpacked as `submission-7/` runs as pkg-submission-7, and its
// generated KAT files are found in toy-11's official manifest, which judges them (PASS, not NOKAT),
// with the candidate and the folder name it would have needed in build.json, every record, the page
// and the run's verdicts. A renamed 512-bit layout, whose digests several fixture manifests hold
// alike, is judged by none (NOKAT stands, the candidates named). A folder holding the one package
// `batch/Zucchini/` is that package.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pacedMilliseconds } from '@ngcc-perf/native';
import { readHashCatalog, resolveRunInputs } from '@ngcc-perf/intake';
import type { RunCampaignResult } from '../src/run-campaign.js';
import { TOY_LAYOUTS, ZUCCHINI, writeToyPackage } from './support/synthetic-packages.js';
import { runTinyCampaign } from './support/tiny-campaign.js';

const catalog = readHashCatalog(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'toy-packages', 'catalog'),
);
const host = { arch: 'x64', cpuFlags: ['sse4_1', 'avx2'] };
const work = mkdtempSync(path.join(tmpdir(), 'kat-identity-'));
const runDirectory = path.join(work, 'run');
let result: RunCampaignResult;
let build: {
  instances: {
    candidate: string;
    instance: string;
    kat: string;
    katDetail: string | null;
    katReference: { entries: string[] } | null;
    katIdentity?: {
      candidates: { id: string; officialName: string; packageName: string; files: number }[];
      judgedBy: string | null;
    } | null;
  }[];
};

/** Writes a layout and renames its folder, as a user who unpacked it under another name. */
function renamed(parent: string, layout: Parameters<typeof writeToyPackage>[1], name: string): string {
  const folder = writeToyPackage(parent, layout);
  renameSync(folder, path.join(parent, name));
  return path.join(parent, name);
}

beforeAll(async () => {
  const zucchini = renamed(path.join(work, 'in'), ZUCCHINI, 'submission-7');
  const sloe = renamed(
    path.join(work, 'in'),
    TOY_LAYOUTS.find((l) => l.name === 'Sloe')!,
    'entry-3',
  );
  const resolved = await resolveRunInputs([zucchini, sloe], {
    extractionDirectory: path.join(runDirectory, 'packages'),
    catalog,
    host,
  });
  ({ result, build } = await runTinyCampaign<typeof build>({
    candidates: resolved.map((r) => r.candidate),
    outDirectory: runDirectory,
    catalog,
    phases: ['check-host', 'build', 'kat', 'calibrate', 'measure', 'report'],
  }));
}, pacedMilliseconds(600_000));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a renamed package judged by its KAT digests', () => {
  test('it runs under its folder name, and the official manifest holding its digests judges it: PASS', () => {
    const zucchini = result.verdicts.filter((v) => v.candidate === 'pkg-submission-7');
    expect(zucchini.map((v) => [v.instance, v.verdict, v.katIdentity?.judgedBy])).toEqual([
      ['zucchini_224', 'PASS', 'toy-11'],
      ['zucchini_384', 'PASS', 'toy-11'],
    ]);
  });

  test('build.json names the candidate, the folder name it would have needed and the entries matched', () => {
    const entry = build.instances.find((e) => e.instance === 'zucchini_384')!;
    expect(entry.katIdentity).toEqual({
      candidates: [{ id: 'toy-11', officialName: 'The Zucchini Hash', packageName: 'Zucchini', files: 2 }],
      judgedBy: 'toy-11',
    });
    expect(entry.katReference!.entries).toEqual([
      'zucchini_384/KAT_2_12_zucchini_384.txt',
      'zucchini_384/KAT_2_23_zucchini_384.txt',
    ]);
  });

  test('every record of it carries the identity, and its page says which candidate judged it and under which folder name', () => {
    const folder = path.join(runDirectory, 'records', 'pkg-submission-7');
    const records = readdirSync(folder).map(
      (file) => JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as { katIdentity?: { judgedBy: string } },
    );
    expect(records.length).toBeGreaterThan(0);
    expect(records.map((r) => r.katIdentity?.judgedBy)).toEqual(records.map(() => 'toy-11'));
    const page = readFileSync(path.join(runDirectory, 'reports', 'pkg-submission-7', 'perf_x86_9.md'), 'utf8');
    expect(page).toMatch(
      /`zucchini_384`: digests in the official manifest of `toy-11` \(The Zucchini Hash, 2 files; its folder name `Zucchini`\) — judged by toy-11/,
    );
  });

  test('digests that several official manifests hold alike judge nothing: NOKAT stands, the candidates named', () => {
    const entry = build.instances.find((e) => e.candidate === 'pkg-entry-3' && e.instance === 'sloe_512')!;
    expect(entry.kat).toBe('NOKAT');
    expect(entry.katIdentity!.judgedBy).toBeNull();
    expect(entry.katIdentity!.candidates.map((c) => c.id)).toEqual(expect.arrayContaining(['toy-01', 'toy-04']));
    expect(entry.katDetail).toContain('toy-04 (Sloe; folder "Sloe" or "Sloe.zip")');
  });
});

describe('a folder holding one package', () => {
  test('batch/Zucchini/ is the package Zucchini, judged by its official manifest from the start', async () => {
    const batch = path.join(work, 'batch');
    mkdirSync(batch);
    writeToyPackage(batch, ZUCCHINI);
    const [resolved, ...others] = await resolveRunInputs([batch], {
      extractionDirectory: path.join(work, 'batch-run', 'packages'),
      catalog,
      host,
    });
    expect(others).toEqual([]);
    expect([resolved!.candidate.id, resolved!.candidate.algorithm]).toEqual(['toy-11', 'The Zucchini Hash']);
    expect(resolved!.candidate.manifestPath).toBe(path.join(catalog.manifestDirectory!, 'toy-11.kat.sha256'));
  });
});
